import { existsSync, mkdirSync, statSync } from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';
import type { Command } from 'commander';
import { EXIT } from '../exit-codes.js';
import type { Io } from '../io.js';
import { UsageError } from '../errors.js';
import { initFiles } from './init-templates.js';

export interface InitOptions {
  /** Overwrite files that exist. */
  readonly force?: boolean;
}

/** An npm package name from a folder name. */
function packageName(dir: string): string {
  const name = basename(dir).toLowerCase().replace(/[^a-z0-9._-]+/g, '-').replace(/^[._-]+|-+$/g, '');
  return name === '' ? 'my-agent' : name;
}

/** `agentspec init [dir]`: writes a new project; refuses to overwrite a file unless `--force`. */
export function initCommand(io: Io, dir: string | undefined, options: InitOptions = {}): number {
  const root = resolve(dir ?? '.');
  if (existsSync(root) && !statSync(root).isDirectory()) throw new UsageError(`${dir ?? root} is not a folder`, { code: 'AS_INIT_NOT_DIR' });
  const files = initFiles(packageName(root));
  const existing = Object.keys(files).filter((path) => existsSync(join(root, path)));
  if (existing.length > 0 && !options.force) {
    throw new UsageError(`${dir ?? '.'} already has ${existing.join(', ')}: nothing written`, { code: 'AS_INIT_EXISTS', hint: '--force overwrites them' });
  }
  for (const [path, text] of Object.entries(files)) {
    const file = join(root, path);
    try {
      mkdirSync(dirname(file), { recursive: true });
      io.writeFile(file, text);
    } catch (e) {
      throw new UsageError(`cannot write ${file}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`, { code: 'AS_CANNOT_WRITE' });
    }
    io.stdout(`${existing.includes(path) ? 'overwrote' : 'created'} ${join(relative(process.cwd(), root) || '.', path)}\n`);
  }
  const cd = relative(process.cwd(), root);
  io.stdout(`
Next (see README.md):${cd ? `\n  cd ${cd}` : ''}
  npm install -D ./packs/*.tgz      # @agentspec/cli from the agentspec-ts tarballs, until it is published
  npx --no-install agentspec validate agent.yaml
  echo "What is the weather in Zurich?" | npx --no-install agentspec run agent.yaml --offline llm/offline.yaml --tools tools.ts
  npx --no-install agentspec conformance --cases conformance/cases --tools tools.ts
`);
  return EXIT.OK;
}

/** Adds `agentspec init` to the program. */
export function registerInit(program: Command, io: Io, setCode: (code: number) => void, exitHelp: string): void {
  program
    .command('init')
    .description('scaffold a project: a spec with a server tool, its tools module, offline LLM rules, a conformance case, a CI workflow')
    .argument('[dir]', 'folder of the new project (made if missing)', '.')
    .option('--force', 'overwrite files that exist (otherwise nothing is written)')
    .addHelpText('after', `
Writes agent.yaml, tools.ts, llm/offline.yaml, conformance/cases/forecast/case.yaml,
.github/workflows/agentspec.yml, README.md, package.json and .gitignore; the
README says the commands, which pass as written.

Example:
  $ agentspec init my-agent && cd my-agent
  $ agentspec conformance --cases conformance/cases --tools tools.ts
${exitHelp}`)
    .action((dir: string, opts: InitOptions) => setCode(initCommand(io, dir, opts)));
}
