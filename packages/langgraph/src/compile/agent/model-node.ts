import { SystemMessage, type AIMessage, type BaseMessage } from '@langchain/core/messages';
import type { LangGraphRunnableConfig } from '@langchain/langgraph';
import type { Agent } from '@agentspec/core';
import { renderTemplate, resolveInputs, RuntimeError, submitResultSpec, toolSpec } from '@agentspec/runtime';
import { CHANNELS } from '../../constants.js';
import type { CompileContext } from '../context.js';
import type { GraphState, GraphUpdate, NodeFn } from '../graph-types.js';
import { callModel, type ChatRunnable } from '../llm/call-model.js';
import { withSender } from '../messages.js';

/** The tools an agent offers its LLM: its tools with JSON Schemas of their inputs, and submit_result when it has outputs. */
export function offeredTools(agent: Agent) {
  const outputs = agent.outputs ?? [];
  return [...agent.tools.map(toolSpec), ...(outputs.length > 0 ? [submitResultSpec(outputs)] : [])];
}

/** The agent's chat model with its tools bound (OpenAI function tools). */
export function agentModel(agent: Agent, ctx: CompileContext): ChatRunnable {
  const model = ctx.model(agent.llm_config);
  const tools = offeredTools(agent);
  if (tools.length === 0) return model as unknown as ChatRunnable;
  if (typeof model.bindTools !== 'function') throw new RuntimeError('AS_UNSUPPORTED', `the chat model of '${agent.llm_config.id}' cannot bind tools`, { agent: agent.id });
  return model.bindTools(tools.map((t) => ({ type: 'function' as const, function: { name: t.name, description: t.description, parameters: t.parameters } }))) as unknown as ChatRunnable;
}

/**
 * The agent's LLM turn: the system prompt (rendered with the agent's inputs)
 * and the conversation, with the tools offered. Counts turns since the user
 * last spoke: past `limits.maxAgentSteps` the run fails with AS_MAX_ITERATIONS.
 */
export function modelNode(agent: Agent, inFlow: boolean, ctx: CompileContext): NodeFn {
  const model = agentModel(agent, ctx);
  const tools = offeredTools(agent).map((t) => t.name);
  const site = { agent: agent.id, llm: agent.llm_config.id };
  const endsOnText = inFlow && (agent.outputs ?? []).length === 0;
  const max = ctx.limits.maxAgentSteps;
  return async (state: GraphState, config: LangGraphRunnableConfig): Promise<GraphUpdate> => {
    const turns = (state[CHANNELS.turns] as number | undefined) ?? 0;
    if (turns >= max) throw new RuntimeError('AS_MAX_ITERATIONS', `the agent took more than ${max} LLM turns`, { agent: agent.id }, { hint: 'raise limits.maxAgentSteps' });
    const system = renderTemplate(agent.system_prompt, resolveInputs(agent.inputs, state, { agent: agent.id }));
    const messages = (state[CHANNELS.messages] as BaseMessage[] | undefined) ?? [];
    const reply: AIMessage = await callModel(model, [new SystemMessage(system), ...messages], { config, llmConfig: agent.llm_config, site, tools });
    const invalid = reply.invalid_tool_calls ?? [];
    if (invalid.length > 0) {
      throw new RuntimeError('AS_TOOL_CALL_INVALID', `the LLM called '${invalid[0]?.name ?? '?'}' with arguments that are not a JSON object`, { agent: agent.id, ...(invalid[0]?.name ? { tool: invalid[0].name } : {}) });
    }
    if ((reply.tool_calls ?? []).length === 0 && !endsOnText && agent.human_in_the_loop === false) {
      throw new RuntimeError('AS_INVALID_STATE', 'the agent replied in text but may not ask the user (human_in_the_loop: false)', { agent: agent.id });
    }
    return { [CHANNELS.messages]: [withSender(reply, agent.name)], [CHANNELS.turns]: turns + 1 };
  };
}
