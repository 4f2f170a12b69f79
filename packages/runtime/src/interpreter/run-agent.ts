import type { Agent } from '@agentspec/core';
import type { ToolCall } from '../contract.js';
import { RuntimeError } from '../errors.js';
import type { LlmResponse } from '../llm/backend.js';
import { submitResultSpec, toolSpec } from '../semantics/agent-tools.js';
import { checkToolCalls } from '../semantics/tool-call-check.js';
import { renderTemplate } from '../semantics/templates.js';
import { handleToolCalls } from './agent-tool-calls.js';
import type { Scope } from './execution.js';
import { askLlm, callLlm, toLlmMessages } from './llm-call.js';
import type { LlmMessage } from '../llm/backend.js';

/**
 * The agent loop (DESIGN §4.2): the LLM is called on the system prompt and
 * the shared conversation; tool calls are executed (server), returned to the
 * caller (client) or confirmed first; a plain text reply yields `user_input`
 * (or, inside a flow, ends an agent without outputs); a valid submit_result
 * ends an agent with outputs.
 */
export function runAgent(agent: Agent, inputs: Readonly<Record<string, unknown>>, scope: Scope, inFlow: boolean): Promise<Record<string, unknown>> {
  return scope.span('AgentExecutionStart', 'AgentExecutionEnd', agent.name, { agent: agent.id, inputs }, async (s) => {
    const exec = s.exec;
    const system = renderTemplate(agent.system_prompt, inputs);
    const outputs = agent.outputs ?? [];
    const tools = [...agent.tools.map(toolSpec), ...(outputs.length > 0 ? [submitResultSpec(outputs)] : [])];
    for (let turn = 0; ; turn++) {
      if (turn >= exec.services.limits.maxAgentSteps) {
        throw new RuntimeError('AS_MAX_ITERATIONS', `the agent took more than ${exec.services.limits.maxAgentSteps} LLM turns`, { agent: agent.id }, { hint: 'raise limits.maxAgentSteps' });
      }
      const check = (r: LlmResponse): RuntimeError | undefined => {
        const checked = checkToolCalls(agent, r.toolCalls);
        return checked instanceof RuntimeError ? checked : undefined;
      };
      const conversation = await transformed(agent, toLlmMessages(exec.messages), s);
      const { response, refused } = await askLlm(s, agent.llm_config, { messages: [{ role: 'system', content: system }, ...conversation], tools, check });
      if (refused) {
        // An answer refused in an earlier run (an invalid tool call) stays out of the conversation: the messages
        // given since then join it, and the LLM is asked again.
        for (const text of s.intake(false)) exec.addMessage({ role: 'user', content: text }, s.spanId);
        continue;
      }
      if (response.toolCalls.length === 0) {
        exec.addMessage({ role: 'assistant', content: response.text, sender: agent.name }, s.spanId);
        if (inFlow && outputs.length === 0) return {};
        if (agent.human_in_the_loop === false) {
          throw new RuntimeError('AS_INVALID_STATE', 'the agent replied in text but may not ask the user (human_in_the_loop: false)', { agent: agent.id });
        }
        for (const text of s.intake(true)) exec.addMessage({ role: 'user', content: text }, s.spanId);
        turn = -1; // the step limit bounds the loop of one reply, not the whole conversation
        continue;
      }
      const calls = checkToolCalls(agent, response.toolCalls) as ToolCall[];
      exec.addMessage({ role: 'assistant', content: response.text, sender: agent.name, toolCalls: calls }, s.spanId);
      const finished = await handleToolCalls(agent, calls, s);
      if (finished) return finished;
    }
  }, (r) => ({ outputs: r }));
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
