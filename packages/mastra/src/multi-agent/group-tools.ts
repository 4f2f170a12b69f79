import type { ComponentBase } from '@agentspec/core';
import {
  agentAnswer, agentMessage, handoffLimitError, resolveInputs, RuntimeError, transferIgnored, transferResult, type ToolSpec,
} from '@agentspec/runtime';
import { createTool } from '@mastra/core/tools';
import type { CompiledAgent } from '../compile/agent/compile-agent.js';
import { runAgent } from '../compile/agent/run-agent.js';
import { eventsOfRun, failRun, runStateOf } from '../compile/agent/run-state.js';
import { passthroughSchema } from '../compile/schema/coercing-schema.js';
import { CONTEXT_GROUP } from '../constants.js';
import { inSpan, type EventSink } from '../events.js';

type MastraTool = ReturnType<typeof createTool>;
type ToolContext = { readonly requestContext?: { get(key: string): unknown }; readonly abortSignal?: AbortSignal; readonly agent?: { readonly toolCallId?: string } };

/** What the tools standing for agents read from the RequestContext of a group's run: the session's inputs, how deep agents ask one another. */
export interface GroupRun {
  readonly inputs: Readonly<Record<string, unknown>>;
  /** Agents asked inside one another so far (0 in the agent owning the conversation). */
  readonly depth: number;
  readonly signal?: AbortSignal;
}

const NO_ANSWERS = { decisions: new Map(), toolResults: new Map() };

function groupRunOf(context: ToolContext['requestContext']): GroupRun {
  return (context?.get(CONTEXT_GROUP) as GroupRun | undefined) ?? { inputs: {}, depth: 0 };
}

/**
 * The Mastra tool standing for an agent that is asked and answers (DESIGN
 * §4.2: a ManagerWorkers' worker tool, a Swarm's `send_message_to_<Name>`):
 * Mastra's "agents as tools" — `execute` runs the asked agent's Mastra Agent
 * (`generate`, through the runtime's agent driver) on the message, in a
 * conversation of its own, inside the call's ToolExecutionSpan; its answer is
 * the tool's result. A failure of the asked agent ends the run of the agent
 * that asked (as a failing tool does). `limit`: agents asked inside one
 * another beyond it are AS_HANDOFF_LIMIT (a Swarm's `limits.maxHandoffs`).
 */
export function askAgentTool(spec: ToolSpec, asked: () => CompiledAgent, limit?: number): MastraTool {
  return createTool({
    id: spec.name,
    description: spec.description,
    inputSchema: passthroughSchema(spec.parameters),
    execute: async (input: unknown, context: ToolContext) => {
      const args = (typeof input === 'object' && input !== null ? input : {}) as Record<string, unknown>;
      const state = runStateOf(context?.requestContext);
      const group = groupRunOf(context?.requestContext);
      const target = asked();
      const callId = context?.agent?.toolCallId;
      try {
        if (limit !== undefined && group.depth >= limit) throw handoffLimitError('the agents asked one another (send_message inside send_message)', limit, target.spec);
        const events = eventsOfRun(state);
        const run = () => askAgent(target, agentMessage(args), group, events);
        return events
          ? await events.span('ToolExecutionRequest', 'ToolExecutionResponse', spec.name, { tool: target.spec.id, tool_call_id: callId ?? null, inputs: args }, run, (r) => ({ outputs: r }), undefined,
            callId !== undefined ? `tool:${callId}` : undefined)
          : await run();
      } catch (e) {
        const error = RuntimeError.isInstance(e) ? (e as RuntimeError) : new RuntimeError('AS_TOOL_FAILED', String((e as Error).message ?? e), { agent: target.spec.id, tool: spec.name }, { cause: e });
        if (!state) throw error;
        failRun(state, error);
        return `error: ${error.message}`;
      }
    },
  }) as MastraTool;
}

/** Runs an asked agent on `message` in a conversation of its own, in its AgentExecutionSpan: its answer (text, or outputs as JSON). */
async function askAgent(target: CompiledAgent, message: string, group: GroupRun, events: EventSink | undefined): Promise<string> {
  const { spec } = target;
  const inputs = resolveInputs(spec.inputs, group.inputs, { agent: spec.id });
  const done = await inSpan(events, 'AgentExecutionStart', 'AgentExecutionEnd', spec.name, { agent: spec.id, inputs }, async () => {
    const outcome = await runAgent(target, {
      messages: [{ role: 'user', content: message }], inputs, answers: NO_ANSWERS, inFlow: true, own: true, sequentialTools: true,
      context: { [CONTEXT_GROUP]: { ...group, depth: group.depth + 1 } },
      ...(events ? { events } : {}), ...(group.signal ? { signal: group.signal } : {}),
    });
    const outputs = outcome.type === 'finished' ? outcome.outputs : {};
    const last = [...outcome.messages].reverse().find((m) => m.role === 'assistant');
    const answer = Object.keys(outputs).length > 0 ? agentAnswer({ outputs }) : agentAnswer({ text: last?.content ?? '' });
    return { outputs, answer };
  }, (r) => r);
  return done.answer;
}

/**
 * A Swarm's `transfer_to_<Name>` as a Mastra tool: it records the handoff in
 * the run (the first transfer of an answer wins; a later one is answered
 * with `transferIgnored`), and the run stops after that step (`stopWhen`);
 * the runtime then runs the recipient's Mastra Agent on the whole
 * conversation.
 */
export function transferTool(spec: ToolSpec, to: ComponentBase, members: ReadonlyMap<string, ComponentBase>): MastraTool {
  return createTool({
    id: spec.name,
    description: spec.description,
    inputSchema: passthroughSchema(spec.parameters),
    execute: async (_input: unknown, context: ToolContext) => {
      const state = runStateOf(context?.requestContext);
      if (state?.handoff !== undefined) return transferIgnored(to, members.get(state.handoff) ?? to);
      if (state) state.handoff = to.id;
      return transferResult(to);
    },
  }) as MastraTool;
}
