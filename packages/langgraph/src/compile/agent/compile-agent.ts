import { END, START, StateGraph } from '@langchain/langgraph';
import type { AIMessage, BaseMessage } from '@langchain/core/messages';
import type { Agent } from '@agentspec/core';
import { CHANNELS } from '../../constants.js';
import type { CompileContext } from '../context.js';
import type { GraphBuilder, GraphState, LangGraph, NodeFn } from '../graph-types.js';
import { componentDocument, nodeMetadata } from '../metadata.js';
import { agentRecursionLimit } from './agent-limits.js';
import { agentSchemas } from './agent-state.js';
import { humanNode } from './human-node.js';
import type { MemberRole } from './member-role.js';
import { modelNode } from './model-node.js';
import { toolsNode } from './tools-node.js';

/** Names of the agent graph's nodes, moved aside when an input or output of the agent has the same name. */
function agentNodeNames(stateKeys: ReadonlySet<string>): { model: string; tools: string; human: string } {
  const pick = (base: string) => {
    let n = base;
    for (let i = 2; stateKeys.has(n); i++) n = `${base}_${i}`;
    return n;
  };
  return { model: pick('model'), tools: pick('tools'), human: pick('human') };
}

/**
 * An Agent as a StateGraph (DESIGN §4.4): `model` (the LLM turn) → `tools`
 * when it called tools → back to `model`, until submit_result finishes it;
 * a text reply goes to `human`, which waits for the user with `interrupt()`
 * (in a flow, an agent without outputs ends on its first text reply
 * instead; a member of a Swarm or ManagerWorkers ends on it: `member`). The
 * model node's metadata carries the agent's document.
 */
export function buildAgentGraph(agent: Agent, inFlow: boolean, ctx: CompileContext, member?: MemberRole): GraphBuilder {
  const schemas = agentSchemas(agent, member ? (member.state ?? {}) : undefined);
  const builder = new StateGraph({ stateSchema: schemas.state, input: schemas.input, output: schemas.output }) as unknown as GraphBuilder;
  const names = agentNodeNames(new Set(Object.keys(schemas.state.spec)));
  const endsOnText = member !== undefined || (inFlow && (agent.outputs ?? []).length === 0);
  builder.addNode(names.model, modelNode(agent, inFlow, ctx, member), {
    metadata: nodeMetadata('Agent', () => ({ component: componentDocument(agent) })),
  });
  builder.addNode(names.tools, toolsNode(agent, ctx, member) as NodeFn);
  if (!endsOnText) builder.addNode(names.human, humanNode(agent));
  builder.addEdge(START, names.model);
  const afterModel = (state: GraphState) => {
    const last = (state[CHANNELS.messages] as BaseMessage[]).at(-1) as AIMessage | undefined;
    if ((last?.tool_calls ?? []).length > 0) return names.tools;
    return endsOnText ? END : names.human;
  };
  builder.addConditionalEdges(names.model, afterModel, endsOnText ? [names.tools, END] : [names.tools, names.human]);
  builder.addConditionalEdges(names.tools, (state: GraphState) => (state[CHANNELS.done] === true ? END : names.model), [names.model, END]);
  if (!endsOnText) builder.addEdge(names.human, names.model);
  return builder;
}

export function compileAgentGraph(agent: Agent, inFlow: boolean, ctx: CompileContext, root = false, member?: MemberRole): { graph: LangGraph; builder: GraphBuilder } {
  const builder = buildAgentGraph(agent, inFlow, ctx, member);
  const checkpointer = root ? ctx.options.checkpointer : undefined;
  const compiled = builder.compile({ name: agent.name, ...(checkpointer !== undefined ? { checkpointer } : {}) });
  return { graph: compiled.withConfig({ recursionLimit: agentRecursionLimit(ctx.limits.maxAgentSteps) }) as LangGraph, builder };
}
