import { RequestContext } from '@mastra/core/request-context';
import { isAgent, type AgentLike } from './agent-like.js';
import type { Condition, ImportEntry, Json, StepInfo } from './import-entry.js';
import { agentCallOf, stepSource } from './agent-call.js';
import { agentCalls, runStep } from './run-step.js';
import { toJsonSchema } from './schemas.js';

interface LiveStep {
  id: string;
  description?: string;
  component?: string;
  inputSchema?: unknown;
  outputSchema?: unknown;
  suspendSchema?: unknown;
  resumeSchema?: unknown;
  metadata?: Json;
  stepGraph?: unknown[];
  execute?: (params: unknown) => Promise<unknown>;
  __agentRef?: unknown;
  __agentOptions?: { structuredOutput?: { schema?: unknown } };
  __toolRef?: LiveTool;
}

interface LiveTool {
  id: string;
  description?: string;
  inputSchema?: unknown;
  outputSchema?: unknown;
  suspendSchema?: unknown;
  execute?: (input: unknown, context: unknown) => unknown;
}

/** Reads a live workflow's graph; `mastra` is the Mastra the workflow is registered with (its steps reach agents through it). */
interface Live {
  readonly mastra?: { getAgent?(id: string): unknown; getAgentById?(id: string): unknown };
  /** The program's source text (to recognize steps that ask an agent). */
  readonly program?: string;
}

/** The entries of a live workflow (`workflow.stepGraph`). */
export function liveEntries(graph: readonly unknown[], mastra?: unknown, program?: string): ImportEntry[] {
  const live: Live = { ...(mastra ? { mastra: mastra as Live['mastra'] } : {}), ...(program !== undefined ? { program } : {}) };
  return graph.map((raw, i) => liveEntry(live, raw as Json, i));
}

function schemas(s: { inputSchema?: unknown; outputSchema?: unknown }): { input?: Json; output?: Json } {
  const input = toJsonSchema(s.inputSchema);
  const output = toJsonSchema(s.outputSchema);
  return { ...(input ? { input } : {}), ...(output ? { output } : {}) };
}

/** A tool as a step (`createStep(tool)`, `.tool()`): its `execute` called with the input and a request context. */
function toolStep(id: string, t: LiveTool, mastra: unknown): StepInfo {
  const execute = t.execute;
  return {
    id, ...(t.description ? { description: t.description } : {}), ...schemas(t),
    ...(execute ? { run: async (input: unknown) => execute(input, { requestContext: new RequestContext(), ...(mastra ? { mastra } : {}) }) } : {}),
    ...(t.suspendSchema ? { suspends: true } : {}),
  };
}

function agentEntry(id: string, agent: AgentLike, structured: unknown): ImportEntry {
  const output = toJsonSchema(structured);
  return { kind: 'agent', id, agent, ...(output ? { output } : {}) };
}

function liveSingle(live: Live, e: Json, i: number): ImportEntry {
  switch (e.type) {
    case 'step': {
      const s = e.step as LiveStep;
      if (s.component === 'WORKFLOW' && Array.isArray(s.stepGraph)) {
        return { kind: 'workflow', id: s.id, ...(s.description ? { description: s.description } : {}), ...schemas(s), entries: liveEntries(s.stepGraph, live.mastra, live.program), ...(s.metadata ? { metadata: s.metadata } : {}) };
      }
      if (s.component === 'AGENT' && isAgent(s.__agentRef)) return agentEntry(s.id, s.__agentRef, s.__agentOptions?.structuredOutput?.schema);
      if (s.component === 'TOOL' && s.__toolRef) return { kind: 'step', step: toolStep(s.id, s.__toolRef, live.mastra) };
      const src = stepSource(live.program, s.id);
      const asked = agentCallOf(src, toJsonSchema(s.outputSchema), live.mastra);
      if (asked) {
        const { input } = schemas(s);
        return { kind: 'agent', id: s.id, agent: asked.agent, call: { template: asked.template, reads: asked.reads, output: asked.output, ...(input ? { input } : {}) } };
      }
      const calls = agentCalls(src ?? s.execute);
      return {
        kind: 'step',
        step: {
          id: s.id, ...(s.description ? { description: s.description } : {}), ...schemas(s),
          ...(s.execute ? { run: runStep(s.id, s.execute, live.mastra) } : {}),
          ...(s.suspendSchema || s.resumeSchema ? { suspends: true } : {}),
          ...(calls.length > 0 ? { callsAgents: calls } : {}),
          ...(src !== undefined ? { sourceKnown: true } : {}),
        },
      };
    }
    case 'agent': {
      const agent = e.agent ?? live.mastra?.getAgentById?.(String(e.agentId)) ?? live.mastra?.getAgent?.(String(e.agentId));
      const options = e.options as { structuredOutput?: { schema?: unknown } } | undefined;
      if (isAgent(agent)) return agentEntry(String(e.id), agent, options?.structuredOutput?.schema);
      return { kind: 'other', id: String(e.id), type: `agent '${String(e.agentId)}' (not registered)` };
    }
    case 'tool':
      return e.tool ? { kind: 'step', step: toolStep(String(e.id), e.tool as LiveTool, live.mastra) } : { kind: 'other', id: String(e.id), type: `tool '${String(e.toolId)}' (not registered)` };
    case 'mapping': {
      const config = e.mapConfig;
      return typeof config === 'function'
        ? { kind: 'mapping', id: String(e.id), fn: config as (p: unknown) => unknown }
        : { kind: 'mapping', id: String(e.id), config: (config ?? {}) as Json };
    }
    default:
      return { kind: 'other', id: String(e.id ?? `${String(e.type)}_${i}`), type: String(e.type) };
  }
}

function cond(predicate: Json | null | undefined, fn: ((p: unknown) => unknown) | undefined): Condition {
  return { ...(predicate ? { predicate } : {}), ...(fn ? { fn } : {}) };
}

function liveEntry(live: Live, e: Json, i: number): ImportEntry {
  switch (e.type) {
    case 'conditional': {
      const steps = e.steps as Json[];
      const fns = (e.conditions ?? []) as ((p: unknown) => unknown)[];
      const preds = (e.predicates ?? []) as (Json | null)[];
      return { kind: 'branch', id: String(e.id ?? `branch_${i}`), arms: steps.map((s, j) => ({ condition: cond(preds[j], fns[j]), body: liveSingle(live, s, j) })) };
    }
    case 'loop':
      return { kind: 'loop', id: String(e.id ?? `loop_${i}`), loopType: e.loopType as 'dowhile' | 'dountil', body: liveSingle(live, e.step as Json, i), condition: cond(e.predicate as Json | undefined, e.condition as (p: unknown) => unknown) };
    case 'foreach': {
      const c = (e.opts as { concurrency?: unknown } | undefined)?.concurrency;
      return { kind: 'foreach', id: String(e.id ?? `foreach_${i}`), body: liveSingle(live, e.step as Json, i), ...(typeof c === 'number' ? { concurrency: c } : typeof c === 'function' ? { concurrency: 'function' as const } : {}) };
    }
    case 'parallel':
      return { kind: 'parallel', id: String(e.id ?? `parallel_${i}`), steps: (e.steps as Json[]).map((s, j) => liveSingle(live, s, j)) };
    default:
      return liveSingle(live, e, i);
  }
}
