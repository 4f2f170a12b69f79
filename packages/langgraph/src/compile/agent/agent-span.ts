import type { LangGraphRunnableConfig } from '@langchain/langgraph';
import { emit, emitException, eventsOn, graphSpanId, parentSpan } from '../events.js';

/** What names an agent's span: an Agent, an A2AAgent. */
type SpanAgent = { readonly id: string; readonly name: string };

/**
 * The AgentExecution span of an agent graph (DESIGN §4.5): one span for the
 * agent's whole run — its model and tools tasks, across the runs a
 * conversation takes — named by the agent graph's namespace, nested in the
 * span the graph was invoked in (an AgentNode's node span). Each model task
 * announces it (a start of a span already open is the same span; a later
 * run continues it); its LLM and tool spans are its children.
 */
export function agentSpan(config: LangGraphRunnableConfig): string | undefined {
  return eventsOn(config) ? graphSpanId(config, 'agent') : undefined;
}

export function startAgentSpan(config: LangGraphRunnableConfig, agent: SpanAgent, inputs: Readonly<Record<string, unknown>>): string | undefined {
  const span = agentSpan(config);
  if (span) emit(config, 'AgentExecutionStart', span, agent.name, { agent: agent.id, inputs }, parentSpan(config));
  return span;
}

export function endAgentSpan(config: LangGraphRunnableConfig, agent: SpanAgent, outputs: Readonly<Record<string, unknown>>): void {
  const span = agentSpan(config);
  if (span) emit(config, 'AgentExecutionEnd', span, agent.name, { outputs }, parentSpan(config));
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
