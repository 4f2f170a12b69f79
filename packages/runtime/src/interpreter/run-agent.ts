import type { Agent } from '@agentspec/core';
import type { ToolCall } from '../contract.js';
import { RuntimeError } from '../errors.js';
import { submitResultSpec, toolSpec } from '../semantics/agent-tools.js';
import { renderTemplate } from '../semantics/templates.js';
import { handleToolCalls } from './agent-tool-calls.js';
import type { Scope } from './execution.js';
import { callLlm, toLlmMessages } from './llm-call.js';

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
      const response = await callLlm(s, agent.llm_config, { messages: [{ role: 'system', content: system }, ...toLlmMessages(exec.messages)], tools });
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
      const calls: ToolCall[] = response.toolCalls.map((c) => ({ id: c.id, name: c.name, args: parseArguments(c.arguments, c.name, agent.id) }));
      exec.addMessage({ role: 'assistant', content: response.text, sender: agent.name, toolCalls: calls }, s.spanId);
      const finished = await handleToolCalls(agent, calls, s);
      if (finished) return finished;
    }
  }, (r) => ({ outputs: r }));
}

function parseArguments(text: string, tool: string, agent: string): Record<string, unknown> {
  let args: unknown;
  try {
    args = text.trim() === '' ? {} : JSON.parse(text);
  } catch {
    throw new RuntimeError('AS_TOOL_CALL_INVALID', `the LLM called '${tool}' with arguments that are not JSON: ${text.slice(0, 200)}`, { agent, tool });
  }
  if (typeof args !== 'object' || args === null || Array.isArray(args)) {
    throw new RuntimeError('AS_TOOL_CALL_INVALID', `the LLM called '${tool}' with arguments that are not a JSON object`, { agent, tool });
  }
  return args as Record<string, unknown>;
}
