import type { SpanType } from '../events.js';
import { normalizeTrace, type NormalSpan } from './compare-traces.js';
import type { Trace } from './trace.js';

const KIND_WORD: Record<SpanType, string> = {
  FlowExecutionSpan: 'flow', NodeExecutionSpan: 'node', AgentExecutionSpan: 'agent', LlmGenerationSpan: 'llm', ToolExecutionSpan: 'tool',
  SwarmExecutionSpan: 'swarm', ManagerWorkersExecutionSpan: 'manager-workers',
};

/**
 * A trace's normalized span tree ({@link normalizeTrace}: kinds, names,
 * component ids and nesting; no times, ids or attributes) as text, one span a
 * line, children indented two spaces: `agent 'Weather assistant' (weather_agent)`.
 * What conformance cases expect (`trace.yaml`) and what runtimes are compared by.
 */
export function spanTreeText(trace: Trace): string {
  const lines: string[] = [];
  const walk = (spans: readonly NormalSpan[], depth: number) => {
    for (const s of spans) {
      lines.push(`${'  '.repeat(depth)}${KIND_WORD[s.kind] ?? s.kind} '${s.name}'${s.componentId !== null ? ` (${s.componentId})` : ''}`);
      walk(s.children, depth + 1);
    }
  };
  walk(normalizeTrace(trace), 0);
  return lines.join('\n');
}
