/**
 * `agentspec import … --tools-out tools.ts`: a module that gives the imported
 * spec its ServerTool implementations — the program's own functions (tool
 * bodies, graph nodes and routers, workflow steps), as the importer returns
 * them (`ImportedComponent.tools`), by the spec's tool names. The module
 * imports the program and names it with the importer and the tool names;
 * `agentspec run --tools tools.ts` (and `conformance --tools`) imports the
 * program again with that importer when it loads the module, and takes those
 * tools. Functions are code: they are not copied into the module, so it
 * stays right as the program changes (a tool the program no longer has is
 * AS_EXPORT_MISSING when it loads).
 */
import { dirname, relative, resolve, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import { FRAMEWORK_NAMES } from '@agentspec/adapters';
import { CliError } from '../errors.js';
import { importProgram } from './import-program.js';

/** The export of a tools module written by --tools-out. */
export interface ImportedToolsExport {
  /** The framework (`--from`) whose importer reads the program. */
  readonly from: string;
  /** The program (the export that was imported). */
  readonly program: unknown;
  /** The spec's tool names the program gives. */
  readonly tools: readonly string[];
}

export const IMPORTED_TOOLS_EXPORT = 'agentspecImport';

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** The text of a tools module for the program at `programPath#exportName`, written to `outPath`. */
export function toolsModuleText(o: { programPath: string; exportName: string; from: string; outPath: string; toolNames: readonly string[]; target: string }): string {
  // relative to the module (the two move together), unless they share no folder but the root
  const program = resolve(o.programPath);
  const from = dirname(resolve(o.outPath));
  const shared = program.split(sep)[1] === from.split(sep)[1];
  let specifier = shared ? relative(from, program).split(sep).join('/') : pathToFileURL(program).href;
  if (shared && !specifier.startsWith('.')) specifier = `./${specifier}`;
  const access = IDENTIFIER.test(o.exportName) ? `program.${o.exportName}` : `program[${JSON.stringify(o.exportName)}]`;
  const names = o.toolNames.map((n) => `    ${JSON.stringify(n)},`).join('\n');
  return `// The ServerTool implementations of the spec imported from ${o.target} (agentspec import --from ${o.from}):
// the program's own functions, by the spec's tool names. \`agentspec run <spec> --tools <this file>\`
// imports the program again with the ${o.from} importer when it loads this module and takes these
// tools from it. Written by agentspec import --tools-out; import again when the program's tools change.
import * as program from ${JSON.stringify(specifier)};

export const ${IMPORTED_TOOLS_EXPORT} = {
  from: ${JSON.stringify(o.from)},
  program: ${access},
  tools: [
${names}
  ],
};
`;
}

/** Whether a module's export is what --tools-out writes. */
export function isImportedToolsExport(v: unknown): v is ImportedToolsExport {
  const o = v as ImportedToolsExport | null;
  return typeof o === 'object' && o !== null && typeof o.from === 'string' && Array.isArray(o.tools) && o.tools.every((t) => typeof t === 'string');
}

/** The tools a --tools-out module names, read from its program by the importer. */
export async function importedTools(e: ImportedToolsExport, path: string): Promise<Record<string, (args: Record<string, unknown>) => unknown>> {
  if (!FRAMEWORK_NAMES.includes(e.from)) throw new CliError('AS_NOT_A_PROGRAM', `${path} names the framework '${e.from}', which has no importer (${FRAMEWORK_NAMES.join(', ')})`);
  const { tools } = await importProgram(e.from, e.program, `the program of ${path}`);
  const missing = e.tools.filter((n) => !Object.hasOwn(tools, n));
  if (missing.length > 0) {
    throw new CliError('AS_EXPORT_MISSING', `${path} names tools its program no longer gives: ${missing.join(', ')}`, { hint: 'import the program again (agentspec import … --tools-out)' });
  }
  return Object.fromEntries(e.tools.map((n) => [n, tools[n] as (args: Record<string, unknown>) => unknown]));
}
