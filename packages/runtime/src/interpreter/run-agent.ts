import type { Agent, Component } from '@agentspec/core';
import type { Message, ToolCall } from '../contract.js';
import { RuntimeError } from '../errors.js';
import type { LlmResponse } from '../llm/backend.js';
import { submitResultSpec, toolSpec, type ToolSpec } from '../semantics/agent-tools.js';
import { checkToolCalls } from '../semantics/tool-call-check.js';
import { renderTemplate } from '../semantics/templates.js';
import { handleToolCalls } from './agent-tool-calls.js';
import type { Scope } from './execution.js';
import { askLlm, callLlm, toLlmMessages } from './llm-call.js';
import type { LlmMessage } from '../llm/backend.js';

/** Where an agent's messages go: the session's conversation, or one of its own (an agent asked by another). */
export interface Conversation {
  readonly messages: readonly Message[];
  add(message: Message, spanId?: string): void;
}

/** Tools a multi-agent component adds to an agent: their specs, and what a call of one does. */
export interface AgenticTools {
  readonly specs: readonly ToolSpec[];
  /** Run one call: its result text, and the agent the conversation is handed over to when it is a transfer. */
  call(call: ToolCall, scope: Scope): Promise<{ readonly result: string; readonly handoff?: Component }>;
}

/**
 * How an agent runs:
 * - `user`: it owns the conversation (the root, or the active agent of a
 *   Swarm, the manager of a ManagerWorkers): a text reply waits for the user;
 * - `flow`: in an AgentNode: a text reply ends an agent without outputs;
 * - `caller`: asked by another agent in a conversation of its own: its text reply is its answer.
 */
export interface AgentRole {
  readonly mode: 'user' | 'flow' | 'caller';
  readonly conversation?: Conversation;
  readonly extra?: AgenticTools;
}

/** How an agent's loop ended: with outputs (submit_result or a flow's text reply), an answer to its caller, or a handoff. */
export type AgentEnd =
  | { readonly kind: 'outputs'; readonly outputs: Record<string, unknown> }
  | { readonly kind: 'answer'; readonly text: string }
  | { readonly kind: 'handoff'; readonly to: Component; readonly answeredUser: boolean };

/**
 * The agent loop (DESIGN §4.2): the LLM is called on the system prompt and
 * the shared conversation; tool calls are executed (server), returned to the
 * caller (client) or confirmed first; a plain text reply yields `user_input`
 * (or, inside a flow, ends an agent without outputs); a valid submit_result
 * ends an agent with outputs.
 */
export async function runAgent(agent: Agent, inputs: Readonly<Record<string, unknown>>, scope: Scope, inFlow: boolean): Promise<Record<string, unknown>> {
  const end = await agentLoop(agent, inputs, scope, { mode: inFlow ? 'flow' : 'user' });
  return end.kind === 'outputs' ? end.outputs : {};
}

/** The agent loop in a role (see {@link AgentRole}), in its AgentExecutionSpan. */
export function agentLoop(agent: Agent, inputs: Readonly<Record<string, unknown>>, scope: Scope, role: AgentRole): Promise<AgentEnd> {
  return scope.span('AgentExecutionStart', 'AgentExecutionEnd', agent.name, { agent: agent.id, inputs }, async (s) => {
    const exec = s.exec;
    const conversation: Conversation = role.conversation ?? { messages: exec.messages, add: (m, spanId) => exec.addMessage(m, spanId) };
    const system = renderTemplate(agent.system_prompt, inputs);
    const outputs = agent.outputs ?? [];
    const extraSpecs = role.extra?.specs ?? [];
    const extraNames = extraSpecs.map((t) => t.name);
    const tools = [...agent.tools.map(toolSpec), ...extraSpecs, ...(outputs.length > 0 ? [submitResultSpec(outputs)] : [])];
    let answeredUser = false;
    for (let turn = 0; ; turn++) {
      if (turn >= exec.services.limits.maxAgentSteps) {
        throw new RuntimeError('AS_MAX_ITERATIONS', `the agent took more than ${exec.services.limits.maxAgentSteps} LLM turns`, { agent: agent.id }, { hint: 'raise limits.maxAgentSteps' });
      }
      const check = (r: LlmResponse): RuntimeError | undefined => {
        const checked = checkToolCalls(agent, r.toolCalls, extraNames);
        return checked instanceof RuntimeError ? checked : undefined;
      };
      const messages = await transformed(agent, toLlmMessages(conversation.messages), s);
      const { response, refused } = await askLlm(s, agent.llm_config, { messages: [{ role: 'system', content: system }, ...messages], tools, check });
      if (refused) {
        // An answer refused in an earlier run (an invalid tool call) stays out of the conversation: the messages
        // given since then join it, and the LLM is asked again.
        if (role.mode === 'user') for (const text of s.intake(false)) conversation.add({ role: 'user', content: text }, s.spanId);
        continue;
      }
      if (response.toolCalls.length === 0) {
        conversation.add({ role: 'assistant', content: response.text, sender: agent.name }, s.spanId);
        if (role.mode === 'caller') return { kind: 'answer' as const, text: response.text };
        if (role.mode === 'flow' && outputs.length === 0) return { kind: 'outputs' as const, outputs: {} };
        if (agent.human_in_the_loop === false) {
          throw new RuntimeError('AS_INVALID_STATE', 'the agent replied in text but may not ask the user (human_in_the_loop: false)', { agent: agent.id });
        }
        answeredUser = true;
        for (const text of s.intake(true)) conversation.add({ role: 'user', content: text }, s.spanId);
        turn = -1; // the step limit bounds the loop of one reply, not the whole conversation
        continue;
      }
      const calls = checkToolCalls(agent, response.toolCalls, extraNames) as ToolCall[];
      conversation.add({ role: 'assistant', content: response.text, sender: agent.name, toolCalls: calls }, s.spanId);
      const done = await handleToolCalls(agent, calls, s, conversation, role.extra);
      if (done?.outputs) return { kind: 'outputs' as const, outputs: done.outputs };
      if (done?.handoff) return { kind: 'handoff' as const, to: done.handoff, answeredUser };
    }
  }, (r): Record<string, unknown> => (r.kind === 'outputs' ? { outputs: r.outputs } : r.kind === 'answer' ? { outputs: {}, answer: r.text } : { outputs: {}, handoff_to: r.to.id }));
}

/**
 * The conversation the agent's LLM sees: through the agent's message
 * transforms (their summarization calls are LLM calls of the agent, traced),
 * recorded in the journal so that a replayed run neither asks the caches
 * nor summarizes again.
 */
async function transformed(agent: Agent, conversation: LlmMessage[], s: Scope): Promise<readonly LlmMessage[]> {
  const { transforms } = s.exec.services;
  if (!transforms.has(agent)) return conversation;
  const inner = s.child('transforms');
  const entry = await s.effect('transformed', async () => ({
    kind: 'transformed' as const,
    messages: await transforms.apply(agent, conversation, {
      conversationId: s.exec.conversationId,
      summarize: async (llm, messages) => (await callLlm(inner, llm, { messages })).text,
    }),
  }));
  return entry.messages;
}
