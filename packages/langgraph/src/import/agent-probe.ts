/**
 * A prebuilt agent graph keeps its model and prompt in closures. The importer
 * runs its model node once on a probe conversation with a callback that sees
 * the chat model start — the model (serialized), the messages it would be
 * sent, the invocation parameters (tools, generation parameters) — and aborts
 * the call right there: no request is sent, no tool runs.
 */
import { BaseCallbackHandler } from '@langchain/core/callbacks/base';
import { HumanMessage, type BaseMessage } from '@langchain/core/messages';
import type { Serialized } from '@langchain/core/load/serializable';

export interface ProbedCall {
  readonly model: Serialized;
  readonly messages: readonly BaseMessage[];
  readonly params: Record<string, unknown>;
}

class ModelStartProbe extends BaseCallbackHandler {
  name = 'agentspec_model_probe';
  override awaitHandlers = true;
  seen: ProbedCall | undefined;

  constructor(private readonly abort: AbortController) {
    super();
  }

  override async handleChatModelStart(model: Serialized, messages: BaseMessage[][], _runId: string, _parent?: string, extra?: Record<string, unknown>): Promise<void> {
    this.seen ??= { model, messages: messages[0] ?? [], params: (extra?.invocation_params ?? {}) as Record<string, unknown> };
    this.abort.abort(new Error('agentspec import probe: the model call is not made'));
  }
}

/** What the model node would send the model for a conversation; undefined when it calls no chat model. */
export async function probeModelCall(node: unknown, conversation: readonly string[]): Promise<ProbedCall | undefined> {
  const runnable = node as { invoke(input: unknown, config: unknown): Promise<unknown> };
  const abort = new AbortController();
  const probe = new ModelStartProbe(abort);
  const messages = conversation.map((text) => new HumanMessage(text));
  try {
    await runnable.invoke({ messages }, { callbacks: [probe], signal: abort.signal });
  } catch {
    // aborted (or failed before the model): what the probe saw is the answer
  }
  return probe.seen;
}
