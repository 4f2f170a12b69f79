import type { PlainGraph } from './flow-graph.js';

const SHAPES: Record<string, [string, string]> = {
  StartNode: ['([', '])'], EndNode: ['([', '])'], BranchingNode: ['{', '}'], FlowNode: ['[[', ']]'], MapNode: ['[[', ']]'],
  ParallelMapNode: ['[[', ']]'], ParallelFlowNode: ['[[', ']]'], CatchExceptionNode: ['[[', ']]'], User: ['((', '))'],
};

const quote = (s: string) => `"${s.replace(/"/g, '#quot;')}"`;

/** Mermaid `flowchart TD` text. */
export function toMermaid(g: PlainGraph): string {
  const lines = ['flowchart TD'];
  const draw = (graph: PlainGraph, indent: string) => {
    for (const n of graph.nodes) {
      const [open, close] = SHAPES[n.kind] ?? ['[', ']'];
      lines.push(`${indent}${n.id}${open}${quote(`${n.label}<br/><small>${n.kind}</small>`)}${close}`);
    }
    for (const e of graph.edges) {
      const arrow = e.data ? '-.->' : '-->';
      lines.push(`${indent}${e.from} ${arrow}${e.label ? `|${quote(e.label)}|` : ''} ${e.to}`);
    }
    for (const s of graph.subgraphs) {
      lines.push(`${indent}subgraph ${s.id}_sub[${quote(s.graph.title)}]`);
      draw(s.graph, `${indent}  `);
      lines.push(`${indent}end`);
      lines.push(`${indent}${s.anchor ?? s.id} -.- ${s.id}_sub`);
    }
  };
  draw(g, '  ');
  return `${lines.join('\n')}\n`;
}

const dotQuote = (s: string) => `"${s.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
const DOT_SHAPES: Record<string, string> = {
  StartNode: 'oval', EndNode: 'oval', BranchingNode: 'diamond', FlowNode: 'box3d', MapNode: 'box3d',
  ParallelMapNode: 'box3d', ParallelFlowNode: 'box3d', CatchExceptionNode: 'box3d', User: 'circle',
};

/** Graphviz DOT text. */
export function toDot(g: PlainGraph): string {
  const lines = [`digraph ${dotQuote(g.title)} {`, '  rankdir=TB;', '  node [shape=box, fontname="Helvetica"];'];
  const draw = (graph: PlainGraph, indent: string) => {
    for (const n of graph.nodes) lines.push(`${indent}${n.id} [label=${dotQuote(`${n.label}\n${n.kind}`)}, shape=${DOT_SHAPES[n.kind] ?? 'box'}];`);
    for (const e of graph.edges) {
      const attrs = [e.label ? `label=${dotQuote(e.label)}` : '', e.data ? 'style=dashed' : ''].filter(Boolean).join(', ');
      lines.push(`${indent}${e.from} -> ${e.to}${attrs ? ` [${attrs}]` : ''};`);
    }
    for (const s of graph.subgraphs) {
      lines.push(`${indent}subgraph cluster_${s.id} {`, `${indent}  label=${dotQuote(s.graph.title)};`);
      draw(s.graph, `${indent}  `);
      lines.push(`${indent}}`);
    }
  };
  draw(g, '  ');
  lines.push('}');
  return `${lines.join('\n')}\n`;
}
