import { formatDiagnostic, load } from '@agentspec/core';
import { EXIT } from '../exit-codes.js';
import { componentGraph } from '../graph/flow-graph.js';
import { toDot, toMermaid } from '../graph/render.js';
import { readInput, UsageError, type Io } from '../io.js';

export interface GraphOptions {
  readonly format?: string;
  readonly out?: string;
}

/** `agentspec graph <spec> [--format mermaid|dot] [--out F]`: draw a flow (or an agent and its tools). */
export function graphCommand(io: Io, file: string, options: GraphOptions): number {
  const format = options.format ?? 'mermaid';
  if (format !== 'mermaid' && format !== 'dot') throw new UsageError(`--format must be mermaid or dot, not '${format}'`);
  const result = load(readInput(io, file));
  const errors = result.diagnostics.filter((d) => d.severity === 'error');
  if (errors.length > 0 || !result.component) {
    for (const d of errors) io.stderr(`${formatDiagnostic(d, file)}\n`);
    return EXIT.INVALID;
  }
  const graph = componentGraph(result.component);
  if (!graph) {
    io.stderr(`${file}: a ${result.component.component_type} has no graph to draw (give a Flow or an Agent)\n`);
    return EXIT.INVALID;
  }
  const text = format === 'dot' ? toDot(graph) : toMermaid(graph);
  if (options.out) io.writeFile(options.out, text);
  else io.stdout(text);
  return EXIT.OK;
}
