import { formatDiagnostic, load } from '@agentspec/core';
import { EXIT } from '../exit-codes.js';
import { componentGraph } from '../graph/flow-graph.js';
import { toDot, toMermaid } from '../graph/render.js';
import { toSvg } from '../graph/svg.js';
import { componentFileOptions, type ComponentFiles } from '../load-options.js';
import { readInput, UsageError, type Io } from '../io.js';

export interface GraphOptions extends ComponentFiles {
  readonly format?: string;
  readonly out?: string;
}

/** `agentspec graph <spec> [--format mermaid|dot|svg] [--out F]`: draw a component that has structure. */
export function graphCommand(io: Io, file: string, options: GraphOptions): number {
  const format = options.format ?? 'mermaid';
  if (format !== 'mermaid' && format !== 'dot' && format !== 'svg') throw new UsageError(`--format must be mermaid, dot or svg, not '${format}'`);
  const result = load(readInput(io, file), componentFileOptions(io, options));
  const errors = result.diagnostics.filter((d) => d.severity === 'error');
  if (errors.length > 0 || !result.component) {
    for (const d of errors) io.stderr(`${formatDiagnostic(d, file)}\n`);
    return EXIT.INVALID;
  }
  const graph = componentGraph(result.component);
  if (!graph) {
    io.stderr(`${file}: a ${result.component.component_type} has no graph to draw (give a Flow, an Agent, a Swarm, a ManagerWorkers or a SpecializedAgent)\n`);
    return EXIT.INVALID;
  }
  const text = format === 'dot' ? toDot(graph) : format === 'svg' ? toSvg(graph) : toMermaid(graph);
  if (options.out) io.writeFile(options.out, text);
  else io.stdout(text);
  return EXIT.OK;
}
