import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { cli } from './helpers.js';

// `agentspec init`, then the scaffolded project's own commands (README, CI workflow, npm scripts), all through
// the built bin (needs `pnpm build`) in a folder outside the workspace.
const bin = fileURLToPath(new URL('../dist/bin.js', import.meta.url));
const INSTALLED = 'npx --no-install agentspec';

const roots: string[] = [];
afterAll(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

function tempRoot(): string {
  const root = mkdtempSync(join(tmpdir(), 'agentspec-init-'));
  roots.push(root);
  return root;
}

/** A shell command line as the project's docs write it, with the installed agentspec being the built bin. */
function sh(cwd: string, line: string) {
  const r = spawnSync('bash', ['-c', line.replaceAll(INSTALLED, `"${process.execPath}" "${bin}"`).replace(/^agentspec /, `"${process.execPath}" "${bin}" `)], { cwd, encoding: 'utf8', timeout: 120_000 });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** The commands of the README's sh blocks (comments left out). */
function readmeCommands(root: string): string[] {
  const readme = readFileSync(join(root, 'README.md'), 'utf8');
  return [...readme.matchAll(/```sh\n([^]*?)```/g)].flatMap((m) => m[1]!.split('\n')).filter((l) => l.trim() !== '' && !l.startsWith('#'));
}

describe('agentspec init', () => {
  const root = tempRoot();
  const project = join(root, 'my-agent');

  it('scaffolds a project that validates, runs offline and passes its conformance case, as its README says', () => {
    const init = sh(root, `${INSTALLED} init my-agent`);
    expect(init.code, init.stderr).toBe(0);
    for (const file of ['agent.yaml', 'tools.ts', 'llm/offline.yaml', 'conformance/cases/forecast/case.yaml', '.github/workflows/agentspec.yml', 'README.md', 'package.json']) {
      expect(existsSync(join(project, file)), file).toBe(true);
    }
    expect(init.stdout).toContain('created my-agent/agent.yaml');
    const commands = readmeCommands(project);
    expect(commands.filter((c) => !c.startsWith('npm install'))).toEqual([
      `${INSTALLED} validate agent.yaml`,
      `echo "What is the weather in Zurich?" | ${INSTALLED} run agent.yaml --offline llm/offline.yaml --tools tools.ts`,
      `${INSTALLED} conformance --cases conformance/cases --tools tools.ts`,
    ]);
    const [validate, run, conformance] = commands.filter((c) => c.includes(INSTALLED)).map((c) => sh(project, c));
    expect(validate!.code, validate!.stderr).toBe(0);
    expect(validate!.stderr).toContain('valid: agent.yaml');
    expect(run!.code, run!.stderr).toBe(0);
    expect(run!.stdout).toContain('tool: sunny, 21°C in Zurich');
    expect(run!.stdout).toContain('It is sunny and 21°C in Zurich.');
    expect(conformance!.code, conformance!.stdout + conformance!.stderr).toBe(0);
    for (const runtime of ['reference', 'langgraph', 'ai-sdk', 'openai-agents', 'mastra']) expect(conformance!.stdout).toContain(`${runtime}: 1 passed, 0 failed`);
  });

  it('has a CI workflow whose agentspec steps pass, using the installed bin', () => {
    const workflow = readFileSync(join(project, '.github/workflows/agentspec.yml'), 'utf8');
    const steps = [...workflow.matchAll(/^\s+- run: (.*)$/gm)].map((m) => m[1]!);
    expect(steps[0]).toBe('npm install');
    const agentspec = steps.filter((s) => s.includes('agentspec'));
    expect(agentspec.map((s) => s.split(' ').slice(0, 4).join(' '))).toEqual([`${INSTALLED} validate`, `${INSTALLED} conformance`]);
    for (const step of agentspec) {
      const r = sh(project, step);
      expect(r.code, `${step}\n${r.stdout}${r.stderr}`).toBe(0);
    }
    expect(readFileSync(join(project, 'reports/conformance.xml'), 'utf8')).toContain('<testsuite name="mastra" tests="1" failures="0"');
  });

  it('has npm scripts that run the same commands', () => {
    const { scripts } = JSON.parse(readFileSync(join(project, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
    expect(Object.keys(scripts)).toEqual(['validate', 'start', 'conformance']);
    const r = sh(project, scripts.validate!);
    expect(r.code, r.stderr).toBe(0);
  });

  it('refuses to overwrite a file (AS_INIT_EXISTS, exit 2, nothing written) unless --force', () => {
    writeFileSync(join(project, 'tools.ts'), '// mine\n');
    rmSync(join(project, 'README.md'));
    const again = sh(root, `${INSTALLED} init my-agent`);
    expect(again.code).toBe(2);
    expect(again.stderr).toMatch(/^agentspec: error AS_INIT_EXISTS: my-agent already has agent\.yaml, tools\.ts, .*: nothing written\n {2}hint: --force overwrites them/);
    expect(again.stderr).not.toContain('README.md');
    expect(readFileSync(join(project, 'tools.ts'), 'utf8')).toBe('// mine\n');
    expect(existsSync(join(project, 'README.md'))).toBe(false);
    const forced = sh(root, `${INSTALLED} init my-agent --force`);
    expect(forced.code, forced.stderr).toBe(0);
    expect(forced.stdout).toContain('overwrote my-agent/tools.ts');
    expect(forced.stdout).toContain('created my-agent/README.md');
    expect(readFileSync(join(project, 'tools.ts'), 'utf8')).toContain('export const tools');
  });

  it('is a usage error when the folder is a file; has help with an example', async () => {
    const file = join(tempRoot(), 'file.txt');
    writeFileSync(file, 'x');
    const r = await cli('init', file);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('AS_INIT_NOT_DIR');
    const help = await cli('init', '--help');
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('Example:');
    expect(help.stdout).toContain('--force');
  });
});
