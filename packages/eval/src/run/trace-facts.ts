import type { Message, Trace } from '@agentspec/runtime';
import type { ToolStep } from '../metrics/metric.js';

/** One step of a run for the report's drill-down: an LLM call or a tool call, with what went in and out (shortened). */
export interface RunStep {
  readonly kind: 'llm' | 'tool';
  readonly name: string;
  /** Milliseconds from the first span's start. */
  readonly at: number;
  readonly ms: number;
  readonly input?: unknown;
  readonly output?: unknown;
  readonly error?: string;
}

export interface TraceFacts {
  readonly trajectory: ToolStep[];
  readonly steps: RunStep[];
  /** Summed from the LLM spans that report usage; null when none does. */
  readonly tokens: { readonly input: number; readonly output: number } | null;
  readonly llmCalls: number;
  /** The model of the first LLM call (what prices are looked up by). */
  readonly model?: string;
}

const MAX_TEXT = 2_000;

/** A value with long texts cut, so that a results line stays small. */
export function shorten(value: unknown): unknown {
  if (typeof value === 'string') return value.length > MAX_TEXT ? `${value.slice(0, MAX_TEXT)}… (${value.length} chars)` : value;
  if (Array.isArray(value)) return value.slice(0, 50).map(shorten);
  if (typeof value === 'object' && value !== null) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, shorten(v)]));
  return value;
}

/** What a run's trace says: the tool calls made (the trajectory), the steps, tokens and the model. */
export function traceFacts(trace: Trace): TraceFacts {
  const origin = trace.spans[0]?.start ?? trace.start;
  const ms = (ns: number) => Math.round((ns / 1e6) * 10) / 10;
  const trajectory: ToolStep[] = [];
  const steps: RunStep[] = [];
  let input = 0;
  let output = 0;
  let reported = false;
  let llmCalls = 0;
  let model: string | undefined;
  for (const span of trace.spans) {
    const error = span.error ? `${span.error.code}: ${span.error.message}` : undefined;
    const end = span.endAttributes ?? {};
    if (span.kind === 'ToolExecutionSpan') {
      const args = argsOf(span.attributes.inputs);
      trajectory.push({ tool: span.name, args, ...('outputs' in end ? { result: end.outputs } : {}), ...(error ? { error } : {}) });
      steps.push({ kind: 'tool', name: span.name, at: ms(span.start - origin), ms: ms(span.end - span.start), input: shorten(args), ...('outputs' in end ? { output: shorten(end.outputs) } : {}), ...(error ? { error } : {}) });
    } else if (span.kind === 'LlmGenerationSpan') {
      llmCalls++;
      const usage = end.usage as { promptTokens?: number; completionTokens?: number } | undefined;
      if (usage && typeof usage.promptTokens === 'number') {
        reported = true;
        input += usage.promptTokens;
        output += usage.completionTokens ?? 0;
      }
      model ??= span.componentId ? trace.components[span.componentId]?.model : undefined;
      const calls = (end.tool_calls as { name?: string; arguments?: unknown; args?: unknown }[] | undefined)?.map((c) => ({ name: c.name, arguments: c.arguments ?? c.args }));
      const prompt = span.attributes.prompt as { role: string; content: string }[] | undefined;
      steps.push({
        kind: 'llm', name: span.name, at: ms(span.start - origin), ms: ms(span.end - span.start),
        ...(prompt ? { input: shorten(prompt.slice(-2)) } : {}),
        output: shorten(calls && calls.length > 0 ? { content: end.content ?? '', tool_calls: calls } : end.content ?? null),
        ...(error ? { error } : {}),
      });
    }
  }
  return { trajectory, steps, tokens: reported ? { input, output } : null, llmCalls, ...(model ? { model } : {}) };
}

/**
 * A tool span's arguments as an object: the OpenAI Agents runtime records
 * them as the JSON text the model sent, the others as an object.
 */
function argsOf(inputs: unknown): Record<string, unknown> {
  if (typeof inputs === 'string') {
    try {
      const parsed = JSON.parse(inputs) as unknown;
      if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) return parsed as Record<string, unknown>;
    } catch {
      // not JSON: kept as the one value below
    }
    return { input: inputs };
  }
  return typeof inputs === 'object' && inputs !== null ? (inputs as Record<string, unknown>) : {};
}

/** The submit_result call of an agent with outputs: how it finishes, not a tool it uses. */
const SUBMIT = 'submit_result';

/**
 * The tool calls of a conversation (assistant tool calls, each with the tool
 * message answering it): the trajectory when a runtime's trace has no tool
 * spans (Mastra's agent streams none). Flow ToolNodes are not in the
 * conversation; their calls come from the trace only.
 */
export function trajectoryFromMessages(messages: readonly Message[]): ToolStep[] {
  const results = new Map(messages.filter((m) => m.role === 'tool' && m.toolCallId).map((m) => [m.toolCallId!, m.content]));
  return messages.flatMap((m) => (m.role === 'assistant' ? m.toolCalls ?? [] : []))
    .filter((c) => c.name !== SUBMIT)
    .map((c) => ({ tool: c.name, args: argsOf(c.args), ...(results.has(c.id) ? { result: results.get(c.id) } : {}) }));
}
