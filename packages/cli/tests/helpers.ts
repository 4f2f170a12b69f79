import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';
import { run, type Io } from '../src/index.js';

export interface Ran {
  code: number;
  stdout: string;
  stderr: string;
}

/** Run the CLI in-process against real files. */
export async function cli(...argv: string[]): Promise<Ran> {
  return cliWithInput([], ...argv);
}

/** Run the CLI in-process with scripted stdin lines. */
export async function cliWithInput(lines: readonly string[], ...argv: string[]): Promise<Ran> {
  let stdout = '';
  let stderr = '';
  let next = 0;
  const io: Io = {
    stdout: (t) => (stdout += t),
    stderr: (t) => (stderr += t),
    readFile: (p) => readFileSync(p, 'utf8'),
    writeFile: (p, t) => writeFileSync(p, t),
    isTTY: false,
    interactive: false,
    readLine: async () => lines[next++],
  };
  const code = await run(argv, io);
  return { code, stdout, stderr };
}

const tempDirs: string[] = [];
afterAll(() => {
  for (const dir of tempDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** Files in a fresh temporary folder (removed after the test file), by name. */
export function tempFiles(files: Record<string, string>): (name: string) => string {
  const dir = mkdtempSync(join(tmpdir(), 'agentspec-cli-'));
  tempDirs.push(dir);
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  return (name) => join(dir, name);
}

/** The smallest runnable Flow: a StartNode, then an EndNode (no LLM, no tools). */
export const EMPTY_FLOW = `component_type: Flow
id: f
name: f
start_node: {$component_ref: s}
nodes: [{$component_ref: s}, {$component_ref: e}]
control_flow_connections:
  - {component_type: ControlFlowEdge, id: c, name: c, from_node: {$component_ref: s}, to_node: {$component_ref: e}}
$referenced_components:
  s: {component_type: StartNode, id: s, name: s}
  e: {component_type: EndNode, id: e, name: e}
agentspec_version: 25.4.2
`;
