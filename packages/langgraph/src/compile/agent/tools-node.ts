import { ToolMessage, type AIMessage, type BaseMessage } from '@langchain/core/messages';
import type { Command, LangGraphRunnableConfig } from '@langchain/langgraph';
import type { Agent, ComponentBase, Tool } from '@agentspec/core';
import { shapeOutputs, SUBMIT_RESULT, submissionProblem, toolResultText, transferIgnored, type ToolCall } from '@agentspec/runtime';
import { CHANNELS } from '../../constants.js';
import type { CompileContext } from '../context.js';
import { span } from '../events.js';
import { agentSpan, endAgentSpan, inAgentSpan } from './agent-span.js';
import type { GraphState, GraphUpdate } from '../graph-types.js';
import { askDecisions, askToolResults, type Decisions, type ToolResults } from '../interrupts.js';
import type { MemberRole } from './member-role.js';

/**
 * The tool calls of the agent's last LLM turn, in order: confirmations
 * first (one interrupt for all), then ClientTool calls (one interrupt for
 * all), then server tools run — so a node resumed after an interrupt has
 * run nothing twice. Every call gets a tool message; a valid submit_result
 * finishes the agent with its outputs, an invalid one goes back to the LLM.
 * A member of a Swarm or ManagerWorkers also runs the tools its group added
 * (`member.call`, in order with the others); a transfer (the first of the
 * answer; later ones are refused) ends the agent's turn with the group's
 * `Command` handing the conversation over.
 */
export function toolsNode(agent: Agent, ctx: CompileContext, member?: MemberRole): (state: GraphState, config: LangGraphRunnableConfig) => Promise<GraphUpdate | Command> {
  const byName = new Map<string, Tool>(agent.tools.map((t) => [t.name, t]));
  const memberTools = new Set((member?.specs ?? []).map((t) => t.name));
  const outputs = agent.outputs ?? [];
  const isSubmit = (c: ToolCall) => c.name === SUBMIT_RESULT && outputs.length > 0;
  return (state: GraphState, config: LangGraphRunnableConfig): Promise<GraphUpdate | Command> => inAgentSpan(config, agent, async () => {
    const parent = agentSpan(config);
    const messages = (state[CHANNELS.messages] as BaseMessage[] | undefined) ?? [];
    const last = messages.at(-1) as AIMessage | undefined;
    const calls: ToolCall[] = (last?.tool_calls ?? []).map((c, i) => ({ id: c.id ?? `call_${i}`, name: c.name, args: c.args }));
    const needConfirm = calls.filter((c) => byName.get(c.name)?.requires_confirmation === true);
    const decisions: Decisions = needConfirm.length > 0 ? askDecisions(agent.id, needConfirm, messages) : {};
    const rejected = (c: ToolCall) => decisions[c.id]?.decision === 'reject';
    const clientCalls = calls.filter((c) => byName.get(c.name)?.component_type === 'ClientTool' && !rejected(c));
    const given: ToolResults = clientCalls.length > 0 ? askToolResults(agent.id, clientCalls, messages) : {};
    const results = new Map<string, string>();
    let finished: Record<string, unknown> | undefined;
    let handoff: ComponentBase | undefined;
    for (const c of calls) {
      const decision = decisions[c.id];
      if (member && memberTools.has(c.name)) {
        const r = await member.call(c, state, config, parent);
        results.set(c.id, r.handoff && handoff ? transferIgnored(r.handoff, handoff) : r.result);
        handoff ??= r.handoff;
      } else if (isSubmit(c)) {
        const problem = submissionProblem(outputs, c.args);
        if (!problem) finished ??= shapeOutputs(outputs, c.args);
        results.set(c.id, problem ?? 'Result submitted.');
      } else if (decision?.decision === 'reject') {
        results.set(c.id, `The user rejected this call of ${c.name}${decision.reason ? `: ${decision.reason}` : '.'}`);
      } else if (clientCalls.includes(c)) {
        results.set(c.id, toolResultText(given[c.id]));
      } else {
        const tool = byName.get(c.name) as Tool;
        const result = await span(config, ['ToolExecutionRequest', 'ToolExecutionResponse'], tool.name, { tool: tool.id, tool_call_id: c.id, inputs: c.args }, parent,
          () => ctx.toolRunner.run(tool, c.args, { agent: agent.id, tool: tool.name }, config.signal), (r) => ({ outputs: r }), `tool:${c.id}`);
        results.set(c.id, toolResultText(result));
      }
    }
    const update: GraphUpdate = {
      [CHANNELS.messages]: calls.map((c) => new ToolMessage({ content: results.get(c.id) ?? '', tool_call_id: c.id, name: c.name })),
    };
    if (finished) {
      Object.assign(update, finished, { [CHANNELS.done]: true });
      endAgentSpan(config, agent, finished);
    } else if (handoff && member?.handoff) {
      const command = member.handoff(handoff, state, [...messages, ...(update[CHANNELS.messages] as BaseMessage[])]);
      endAgentSpan(config, agent, {}, { handoff_to: handoff.id });
      return command;
    }
    return update;
  });
}
