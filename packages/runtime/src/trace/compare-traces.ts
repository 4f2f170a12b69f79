import type { SpanType } from '../events.js';
import type { Trace } from './trace.js';

/** A span as compared across runtimes: kind, name, component id and children (times, ids, attributes and statuses left out). */
export interface NormalSpan {
  readonly kind: SpanType;
  readonly name: string;
  readonly componentId: string | null;
  /** The span it stands for, in its trace. */
  readonly spanId: string;
  readonly children: readonly NormalSpan[];
}

/** A trace's span tree, normalized for comparison: roots and children in start order. */
export function normalizeTrace(trace: Trace): NormalSpan[] {
  const roots: NormalSpan[] = [];
  const nodes = new Map<string, { children: NormalSpan[] }>();
  for (const s of trace.spans) {
    const node = { kind: s.kind, name: s.name, componentId: s.componentId, spanId: s.id, children: [] as NormalSpan[] };
    nodes.set(s.id, node);
    const parent = s.parentId !== null ? nodes.get(s.parentId) : undefined;
    (parent ? parent.children : roots).push(node);
  }
  return roots;
}

/** What comparing traces found. */
export interface TraceComparison {
  /** True when every trace has the same normalized tree as the first. */
  readonly same: boolean;
  /** Per trace, in the order given: the ids of its spans that have no counterpart in another trace (whole subtrees). */
  readonly differing: readonly (readonly string[])[];
  /** One line per difference, e.g. `langgraph lacks LLM generation 'local model' under agent 'Weather assistant' (reference has it)`. */
  readonly differences: readonly string[];
}

const KIND_LABEL: Record<SpanType, string> = {
  FlowExecutionSpan: 'flow', NodeExecutionSpan: 'node', AgentExecutionSpan: 'agent', LlmGenerationSpan: 'LLM generation', ToolExecutionSpan: 'tool execution', SwarmExecutionSpan: 'swarm', ManagerWorkersExecutionSpan: 'manager-workers',
};

/** `agent 'Weather assistant'`. */
export function describeSpan(s: { readonly kind: SpanType; readonly name: string }): string {
  return `${KIND_LABEL[s.kind] ?? s.kind} '${s.name}'`;
}

const key = (s: NormalSpan) => `${s.kind}\u0000${s.name}\u0000${s.componentId ?? ''}`;

/**
 * Compare the span trees of several traces (runs of one spec on several
 * runtimes) against the first: kinds, names, component ids and nesting, in
 * order. Siblings are aligned by their longest common subsequence, so one
 * extra or missing span is reported once, with its subtree.
 */
export function compareTraces(traces: readonly Trace[], labels: readonly string[] = traces.map((t, i) => t.runtime ?? `trace ${i + 1}`)): TraceComparison {
  const trees = traces.map(normalizeTrace);
  const differing = traces.map(() => new Set<string>());
  const differences: string[] = [];
  const base = trees[0] ?? [];
  for (let i = 1; i < trees.length; i++) {
    const visit = (a: readonly NormalSpan[], b: readonly NormalSpan[], under: string) => {
      const { pairs, onlyA, onlyB } = align(a, b);
      for (const s of onlyA) {
        markSubtree(s, differing[0]!);
        differences.push(`${labels[i]} lacks ${describeSpan(s)}${under} (${labels[0]} has it)`);
      }
      for (const s of onlyB) {
        markSubtree(s, differing[i]!);
        differences.push(`${labels[i]} has ${describeSpan(s)}${under} that ${labels[0]} has not`);
      }
      for (const [x, y] of pairs) visit(x.children, y.children, ` under ${describeSpan(x)}`);
    };
    visit(base, trees[i]!, '');
  }
  return { same: differences.length === 0, differing: differing.map((d) => [...d]), differences };
}

function markSubtree(s: NormalSpan, into: Set<string>): void {
  into.add(s.spanId);
  for (const c of s.children) markSubtree(c, into);
}

/** The longest common subsequence of two sibling lists (by kind, name, component id): matched pairs and what is left on each side. */
function align(a: readonly NormalSpan[], b: readonly NormalSpan[]): { pairs: [NormalSpan, NormalSpan][]; onlyA: NormalSpan[]; onlyB: NormalSpan[] } {
  const ka = a.map(key);
  const kb = b.map(key);
  const n = a.length;
  const m = b.length;
  // lengths[i][j]: LCS of a[i..] and b[j..]
  const lengths = Array.from({ length: n + 1 }, () => new Uint32Array(m + 1));
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) {
      lengths[i]![j] = ka[i] === kb[j] ? lengths[i + 1]![j + 1]! + 1 : Math.max(lengths[i + 1]![j]!, lengths[i]![j + 1]!);
    }
  }
  const pairs: [NormalSpan, NormalSpan][] = [];
  const onlyA: NormalSpan[] = [];
  const onlyB: NormalSpan[] = [];
  let i = 0;
  let j = 0;
  while (i < n && j < m) {
    if (ka[i] === kb[j]) pairs.push([a[i++]!, b[j++]!]);
    else if (lengths[i + 1]![j]! >= lengths[i]![j + 1]!) onlyA.push(a[i++]!);
    else onlyB.push(b[j++]!);
  }
  while (i < n) onlyA.push(a[i++]!);
  while (j < m) onlyB.push(b[j++]!);
  return { pairs, onlyA, onlyB };
}
