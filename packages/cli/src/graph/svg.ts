import type { PlainGraph } from './flow-graph.js';

const W = 180;
const H = 46;
const GAP_X = 50;
const GAP_Y = 70;
const PAD = 24;
const TITLE = 28;

const FILL: Record<string, string> = {
  StartNode: '#e8f5e9', EndNode: '#ffebee', BranchingNode: '#fff8e1', CatchExceptionNode: '#fce4ec', ParallelFlowNode: '#e3f2fd',
  ParallelMapNode: '#e3f2fd', MapNode: '#e3f2fd', FlowNode: '#ede7f6', User: '#f5f5f5',
};

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const clip = (s: string, n: number) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);

interface Panel {
  readonly svg: string[];
  readonly width: number;
  readonly height: number;
}

/** Layers by longest control path from the nodes nothing enters (data edges and back edges do not layer). */
function layers(g: PlainGraph): Map<string, number> {
  const ids = g.nodes.map((n) => n.id);
  const out = new Map<string, string[]>(ids.map((id) => [id, []]));
  const indegree = new Map<string, number>(ids.map((id) => [id, 0]));
  for (const e of g.edges) {
    if (e.data || !out.has(e.from) || !out.has(e.to) || e.from === e.to) continue;
    out.get(e.from)?.push(e.to);
    indegree.set(e.to, (indegree.get(e.to) ?? 0) + 1);
  }
  const layer = new Map<string, number>();
  const queue = ids.filter((id) => indegree.get(id) === 0);
  for (const id of queue) layer.set(id, 0);
  // Kahn's order; nodes on cycles get placed after everything that reaches them
  const remaining = new Map(indegree);
  for (let i = 0; i < queue.length; i++) {
    const id = queue[i] as string;
    for (const to of out.get(id) ?? []) {
      layer.set(to, Math.max(layer.get(to) ?? 0, (layer.get(id) ?? 0) + 1));
      remaining.set(to, (remaining.get(to) ?? 0) - 1);
      if (remaining.get(to) === 0) queue.push(to);
    }
  }
  let next = Math.max(0, ...layer.values()) + 1;
  for (const id of ids) if (!layer.has(id)) layer.set(id, next++);
  return layer;
}

function panel(g: PlainGraph, x0: number, y0: number): Panel {
  const layer = layers(g);
  const rows = new Map<number, string[]>();
  for (const n of g.nodes) {
    const l = layer.get(n.id) ?? 0;
    rows.set(l, [...(rows.get(l) ?? []), n.id]);
  }
  const widest = Math.max(1, ...[...rows.values()].map((r) => r.length));
  const width = Math.max(2 * PAD + widest * W + (widest - 1) * GAP_X, 2 * PAD + g.title.length * 8);
  const pos = new Map<string, { x: number; y: number }>();
  for (const [l, row] of rows) {
    const rowWidth = row.length * W + (row.length - 1) * GAP_X;
    row.forEach((id, i) => pos.set(id, { x: x0 + (width - rowWidth) / 2 + i * (W + GAP_X), y: y0 + TITLE + PAD + l * (H + GAP_Y) }));
  }
  const depth = Math.max(0, ...layer.values()) + 1;
  const height = TITLE + 2 * PAD + depth * H + (depth - 1) * GAP_Y;
  const svg: string[] = [
    `<g class="graph"><rect x="${x0}" y="${y0}" width="${width}" height="${height}" rx="8" fill="#fafafa" stroke="#bbb"/>`,
    `<text x="${x0 + PAD}" y="${y0 + 20}" font-weight="bold">${esc(g.title)}</text>`,
  ];
  for (const e of g.edges) {
    const a = pos.get(e.from);
    const b = pos.get(e.to);
    if (!a || !b) continue;
    const [x1, y1] = [a.x + W / 2, a.y + H];
    const [x2, y2] = [b.x + W / 2, b.y];
    const style = e.data ? ' stroke-dasharray="6 4" stroke="#888"' : ' stroke="#333"';
    let d: string;
    let lx: number;
    let ly: number;
    if (y2 > y1) {
      d = `M${x1},${y1} L${x2},${y2}`;
      [lx, ly] = [(x1 + x2) / 2, (y1 + y2) / 2];
    } else {
      // a back (or sideways) edge: around the right side
      const side = Math.max(a.x, b.x) + W + GAP_X / 2;
      d = `M${a.x + W},${a.y + H / 2} C${side},${a.y + H / 2} ${side},${b.y + H / 2} ${b.x + W},${b.y + H / 2}`;
      [lx, ly] = [side, (a.y + b.y) / 2 + H / 2];
    }
    svg.push(`<path d="${d}" fill="none"${style} marker-end="url(#arrow)"/>`);
    if (e.label) svg.push(`<text x="${lx + 4}" y="${ly}" font-size="11" fill="#555">${esc(clip(e.label, 40))}</text>`);
  }
  for (const n of g.nodes) {
    const p = pos.get(n.id);
    if (!p) continue;
    const rx = n.kind === 'StartNode' || n.kind === 'EndNode' || n.kind === 'User' ? H / 2 : 6;
    svg.push(
      `<g class="node" id="${esc(n.id)}"><rect x="${p.x}" y="${p.y}" width="${W}" height="${H}" rx="${rx}" fill="${FILL[n.kind] ?? '#ffffff'}" stroke="#333"/>`,
      `<text x="${p.x + W / 2}" y="${p.y + 19}" text-anchor="middle">${esc(clip(n.label, 24))}</text>`,
      `<text x="${p.x + W / 2}" y="${p.y + 36}" text-anchor="middle" font-size="11" fill="#666">${esc(n.kind)}</text></g>`,
    );
  }
  svg.push('</g>');
  return { svg, width, height };
}

/** Every panel of a graph, the graph first, then each subgraph (depth first), stacked. */
function panels(g: PlainGraph, out: PlainGraph[] = []): PlainGraph[] {
  out.push(g);
  for (const s of g.subgraphs) panels({ ...s.graph, title: `${s.graph.title} (inside ${nodeLabel(g, s.anchor ?? s.id)})` }, out);
  return out;
}

function nodeLabel(g: PlainGraph, id: string): string {
  return g.nodes.find((n) => n.id === id)?.label ?? id;
}

/** A standalone SVG picture: the graph, then one panel per nested subflow or agent, top to bottom. */
export function toSvg(g: PlainGraph): string {
  let y = PAD;
  let width = 0;
  const body: string[] = [];
  for (const p of panels(g)) {
    const drawn = panel(p, PAD, y);
    body.push(...drawn.svg);
    y += drawn.height + PAD;
    width = Math.max(width, drawn.width + 2 * PAD);
  }
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${y}" viewBox="0 0 ${width} ${y}" font-family="Helvetica, Arial, sans-serif" font-size="13">`,
    `<title>${esc(g.title)}</title>`,
    '<defs><marker id="arrow" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="8" markerHeight="8" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="#333"/></marker></defs>',
    ...body,
    '</svg>',
    '',
  ].join('\n');
}
