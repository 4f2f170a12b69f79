import type { LangGraphRunnableConfig } from '@langchain/langgraph';
import type { CallSpan } from '../events.js';
import { AGENT_SPAN_KEY, CALL_SPAN_KEY, emit, emitException, eventsOn, graphSpanId, parentSpan } from '../events.js';

/** What names an agent's span: an Agent, an A2AAgent. */
type SpanAgent = { readonly id: string; readonly name: string };

/**
 * The AgentExecution span of an agent graph (DESIGN §4.5): one span for the
 * agent's whole run — its model and tools tasks, across the runs a
 * conversation takes — named by the agent graph's namespace, nested in the
 * span the graph was invoked in (an AgentNode's node span). Each model task
 * announces it (a start of a span already open is the same span; a later
 * run continues it); its LLM and tool spans are its children. A member of
 * a Swarm or ManagerWorkers is invoked with its span's id
 * (`configurable.agentspec_agent_span`, see `memberConfig`).
 */
export function agentSpan(config: LangGraphRunnableConfig): string | undefined {
  if (!eventsOn(config)) return undefined;
  // a member of a Swarm or ManagerWorkers: the span its group gave it (a turn of ownership, a call)
  const given = config.configurable?.[AGENT_SPAN_KEY];
  return typeof given === 'string' ? given : graphSpanId(config, 'agent');
}

export function startAgentSpan(config: LangGraphRunnableConfig, agent: SpanAgent, inputs: Readonly<Record<string, unknown>>): string | undefined {
  const span = agentSpan(config);
  const call = config.configurable?.[CALL_SPAN_KEY] as CallSpan | undefined;
  if (span && call) {
    // an asked agent runs: the span of the call it answers first
    emit(config, 'ToolExecutionRequest', call.spanId, call.name, call.attributes, call.parent);
    call.opened = true;
  }
  if (span) emit(config, 'AgentExecutionStart', span, agent.name, { agent: agent.id, inputs }, parentSpan(config));
  return span;
}

export function endAgentSpan(config: LangGraphRunnableConfig, agent: SpanAgent, outputs: Readonly<Record<string, unknown>>, more: Readonly<Record<string, unknown>> = {}): void {
  const span = agentSpan(config);
  if (span) emit(config, 'AgentExecutionEnd', span, agent.name, { outputs, ...more }, parentSpan(config));
}

/** Run a task of the agent: an error (not an interrupt) fails the agent span. */
export async function inAgentSpan<T>(config: LangGraphRunnableConfig, agent: SpanAgent, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (e) {
    const span = agentSpan(config);
    if (span) emitException(config, span, agent.name, e);
    throw e;
  }
}
