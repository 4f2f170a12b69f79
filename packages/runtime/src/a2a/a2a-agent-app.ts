import type { A2AAgent } from '@agentspec/core';
import type { App, Message, RunStatus, RuntimeLoadOptions, SavedSession, Session, StartOptions } from '../contract.js';
import { a2aOutputs, a2aPending, a2aReplyMessage, nextThread } from '../semantics/a2a-agent.js';
import { resolveInputs } from '../semantics/inputs.js';
import { KernelSession, openEnvelope, type EngineRun, type SessionEngine, type SessionOptions } from '../session/index.js';
import { finishedRetention } from '../session/finished-retention.js';
import type { A2aThread } from './a2a-client.js';
import { a2aConnections, type A2aConnections } from './a2a-connections.js';

/** What an A2AAgent session keeps: the conversation and where it stands with the remote agent. */
export interface A2aEngineState {
  readonly messages: readonly Message[];
  readonly thread: A2aThread;
}

/**
 * An A2AAgent run as the root of a session, with the semantics of
 * `runA2aAgent` (DESIGN §4.2): the user messages given go to the remote
 * agent as one A2A message, its answer joins the conversation; it waits for
 * the user, or finishes when the agent has outputs. The same trace events as
 * the reference interpreter's (the user's messages, then the agent span with
 * the answer in it).
 */
class A2aEngine implements SessionEngine {
  messages: readonly Message[];
  private thread: A2aThread;

  constructor(private readonly agent: A2AAgent, private readonly a2a: A2aConnections, private readonly inputs: Readonly<Record<string, unknown>>, saved?: A2aEngineState) {
    this.messages = saved?.messages ?? [];
    this.thread = saved?.thread ?? {};
  }

  async advance(run: EngineRun): Promise<RunStatus> {
    const { agent } = this;
    const { spans } = run;
    const add = (message: Message, spanId = 'run'): void => {
      this.messages = [...this.messages, message];
      spans.event('ConversationMessageAdded', spanId, message.sender ?? message.role, { message });
    };
    for (const text of run.inbox.takeUser()) add({ role: 'user', content: text });
    const inputs = resolveInputs(agent.inputs, this.inputs, { agent: agent.id });
    // one agent span for the session: each run continues it until the agent has outputs
    const span = spans.start('AgentExecutionSpan', 'agent', agent.name, { agent: agent.id, inputs });
    const pending = a2aPending(this.messages);
    if (pending.length === 0) return { type: 'user_input', messages: this.messages };
    try {
      const reply = await this.a2a(agent).send(pending, this.thread, inputs);
      this.thread = nextThread(this.thread, reply);
      add(a2aReplyMessage(agent, reply), span.id);
      const outputs = a2aOutputs(agent, reply, false);
      if (!outputs) return { type: 'user_input', messages: this.messages };
      spans.end(span, { outputs });
      return { type: 'finished', outputs, messages: this.messages };
    } catch (e) {
      spans.fail(span, e);
      throw e;
    }
  }

  state(): A2aEngineState {
    return { messages: this.messages, thread: this.thread };
  }
}

/**
 * The App of an A2AAgent root on any runtime (after its `admit()`): no
 * framework here has an A2A client of its own, so every runtime runs a
 * remote agent with this one (`a2aConnection` of @agentspec/runtime), under
 * the session kernel and with the runtime's name on its saves.
 */
export function a2aAgentApp(agent: A2AAgent, load: RuntimeLoadOptions, runtime: string): App {
  const a2a = a2aConnections({
    ...(load.network ? { network: load.network } : {}), ...(load.limits?.http?.maxBodyBytes !== undefined ? { maxBodyBytes: load.limits.http.maxBodyBytes } : {}),
    ...(load.signal ? { signal: load.signal } : {}),
  });
  const retention = finishedRetention(load.retainFinished, 'runtime');
  const component = agent as unknown as App['component'];
  return {
    component,
    start(start: StartOptions = {}): Session {
      const inputs = start.inputs ?? {};
      return new KernelSession(new A2aEngine(agent, a2a, inputs), { runtime, kind: 'agent', component, inputs, retention }, undefined, start);
    },
    async resume(saved: SavedSession, options: SessionOptions = {}): Promise<Session> {
      const s = openEnvelope(saved, { runtime, component });
      return new KernelSession(new A2aEngine(agent, a2a, s.inputs, s.state as A2aEngineState), { runtime, kind: 'agent', component, inputs: s.inputs, retention }, s, options);
    },
    async close() {
      a2a.close();
    },
  };
}
