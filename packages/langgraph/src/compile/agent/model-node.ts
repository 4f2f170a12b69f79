import { SystemMessage, type AIMessage, type BaseMessage } from '@langchain/core/messages';
import type { LangGraphRunnableConfig } from '@langchain/langgraph';
import type { Agent, BuiltinTool } from '@agentspec/core';
import {
  checkToolCalls, hostedToolDefinition, llmMessages, renderTemplate, resolveInputs, RuntimeError, submitResultSpec, toolSpec, type RawToolCall,
} from '@agentspec/runtime';
import { CHANNELS } from '../../constants.js';
import type { CompileContext } from '../context.js';
import type { GraphState, GraphUpdate, NodeFn } from '../graph-types.js';
import { callModel, type ChatRunnable } from '../llm/call-model.js';
import { fromLlmMessages, textOf, toContractMessages, withSender } from '../messages.js';
import { endAgentSpan, inAgentSpan, startAgentSpan } from './agent-span.js';
import type { MemberRole } from './member-role.js';

const isBuiltin = (t: Agent['tools'][number]): boolean => t.component_type === 'BuiltinTool';

/**
 * The tools an agent offers its LLM as functions: its tools with JSON Schemas
 * of their inputs (not its BuiltinTools, which the provider runs), those its
 * Swarm or ManagerWorkers adds (`member`), and submit_result when it has outputs.
 */
export function offeredTools(agent: Agent, member?: MemberRole) {
  const outputs = agent.outputs ?? [];
  return [...agent.tools.filter((t) => !isBuiltin(t)).map(toolSpec), ...(member?.specs ?? []), ...(outputs.length > 0 ? [submitResultSpec(outputs)] : [])];
}

/**
 * The agent's chat model with its tools bound: OpenAI function tools, in the spec's order (then those of its group),
 * and each BuiltinTool as the built-in tool of ChatOpenAI's Responses API (the Responses API tool
 * `{ type, ...configuration }`, which the provider runs within the answer; admit() made sure the model is a Responses one).
 */
export function agentModel(agent: Agent, ctx: CompileContext, member?: MemberRole): ChatRunnable {
  const model = ctx.model(agent.llm_config);
  const outputs = agent.outputs ?? [];
  const bound = [
    ...agent.tools.map((t) => (isBuiltin(t) ? hostedToolDefinition(t as unknown as BuiltinTool) : functionTool(toolSpec(t)))),
    ...(member?.specs ?? []).map(functionTool),
    ...(outputs.length > 0 ? [functionTool(submitResultSpec(outputs))] : []),
  ];
  if (bound.length === 0) return model as unknown as ChatRunnable;
  if (typeof model.bindTools !== 'function') throw new RuntimeError('AS_UNSUPPORTED', `the chat model of '${agent.llm_config.id}' cannot bind tools`, { agent: agent.id });
  return model.bindTools(bound as never) as unknown as ChatRunnable;
}

function functionTool(t: ReturnType<typeof toolSpec>) {
  return { type: 'function' as const, function: { name: t.name, description: t.description, parameters: t.parameters } };
}

/**
 * The agent's LLM turn: the system prompt (rendered with the agent's inputs)
 * and the conversation, with the tools offered. Counts turns since the user
 * last spoke: past `limits.maxAgentSteps` the run fails with AS_MAX_ITERATIONS.
 * A member of a multi-agent group ends on a text reply: its answer to the
 * user (`owner`; the agent span stays open for the next turn) or to the agent
 * that asked it (`caller`; the span ends with the answer).
 */
export function modelNode(agent: Agent, inFlow: boolean, ctx: CompileContext, member?: MemberRole): NodeFn {
  const model = agentModel(agent, ctx, member);
  const tools = offeredTools(agent, member).map((t) => t.name);
  const extraNames = (member?.specs ?? []).map((t) => t.name);
  const site = { agent: agent.id, llm: agent.llm_config.id };
  const endsOnText = member === undefined && inFlow && (agent.outputs ?? []).length === 0;
  const asksUser = member === undefined ? !endsOnText : member.mode === 'owner';
  const max = ctx.limits.maxAgentSteps;
  return async (state: GraphState, config: LangGraphRunnableConfig): Promise<GraphUpdate> => {
    const inputs = resolveInputs(agent.inputs, state, { agent: agent.id });
    const span = startAgentSpan(config, agent, inputs);
    return inAgentSpan(config, agent, async () => {
    const turns = (state[CHANNELS.turns] as number | undefined) ?? 0;
    if (turns >= max) throw new RuntimeError('AS_MAX_ITERATIONS', `the agent took more than ${max} LLM turns`, { agent: agent.id }, { hint: 'raise limits.maxAgentSteps' });
    const system = renderTemplate(agent.system_prompt, inputs);
    const messages = await transformed(agent, (state[CHANNELS.messages] as BaseMessage[] | undefined) ?? [], ctx, config, span);
    const reply: AIMessage = await callModel(model, [new SystemMessage(system), ...messages], { config, llmConfig: agent.llm_config, site, tools, parent: span, stream: true });
    // An answer with an invalid call is refused before it reaches the state: the checkpoint keeps the conversation
    // without it, so the session stays usable (the next run asks again, with any message given since).
    const checked = checkToolCalls(agent, rawCalls(reply), extraNames);
    if (checked instanceof RuntimeError) throw checked;
    if ((reply.tool_calls ?? []).length === 0 && asksUser && agent.human_in_the_loop === false) {
      throw new RuntimeError('AS_INVALID_STATE', 'the agent replied in text but may not ask the user (human_in_the_loop: false)', { agent: agent.id });
    }
    // an agent in a flow ends on its first text reply when it has no outputs
    if (endsOnText && (reply.tool_calls ?? []).length === 0) endAgentSpan(config, agent, {});
    if (member?.mode === 'caller' && (reply.tool_calls ?? []).length === 0) endAgentSpan(config, agent, {}, { answer: textOf(reply.content) });
    return { [CHANNELS.messages]: [withSender(reply, agent.name)], [CHANNELS.turns]: turns + 1 };
    });
  };
}

/** The reply's calls as the LLM sent them: parsed ones re-serialized, invalid ones with their raw argument text. */
function rawCalls(reply: AIMessage): RawToolCall[] {
  return [
    ...(reply.invalid_tool_calls ?? []).map((c, i) => ({ id: c.id ?? `invalid_${i}`, name: c.name ?? '?', arguments: c.args ?? '' })),
    ...(reply.tool_calls ?? []).map((c, i) => ({ id: c.id ?? `call_${i}`, name: c.name, arguments: JSON.stringify(c.args ?? {}) })),
  ];
}

/**
 * The conversation the agent's LLM sees: through the agent's message
 * transforms, their summarization calls made with the chat model of the
 * transform's LLM config as LLM spans of the node (the state keeps the
 * conversation as it is).
 */
async function transformed(agent: Agent, messages: BaseMessage[], ctx: CompileContext, config: LangGraphRunnableConfig, parent: string | undefined): Promise<BaseMessage[]> {
  const transforms = ctx.options.transforms;
  if (!transforms?.has(agent)) return messages;
  const configurable = (config.configurable ?? {}) as { agentspec_conversation?: unknown; thread_id?: unknown };
  const conversationId = String(configurable.agentspec_conversation ?? configurable.thread_id ?? '');
  const out = await transforms.apply(agent, llmMessages(toContractMessages(messages)), {
    conversationId,
    summarize: async (llm, request) => {
      const reply = await callModel(ctx.model(llm) as unknown as ChatRunnable, fromLlmMessages(request), { config, llmConfig: llm, site: { agent: agent.id, llm: llm.id }, parent });
      return textOf(reply.content);
    },
  });
  return fromLlmMessages(out);
}
