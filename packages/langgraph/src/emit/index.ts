import type { Agent, Component, Flow } from '@agentspec/core';
import { DEFAULT_LLM_TIMEOUT_MS, specializeAgents } from '@agentspec/runtime';
import { serverToolNames } from '@agentspec/runtime';
import { key, literal, moduleHeader } from '@agentspec/runtime/emit';

import { emitAgent } from './agent/emit-agent.js';
import { checkEmittable } from './check.js';
import { emitFlow } from './flow/emit-flow.js';
import { emitMultiAgent } from './multi-agent/emit-multi-agent.js';
import type { EmitOptions, EmitResult } from './options.js';

export type { EmitOptions, EmitResult } from './options.js';

/** `, tools: { name: (args) => … }` for the ServerTools of a component (usage in the header). */
function toolsUsage(root: Component): string {
  const names = serverToolNames(root);
  if (names.length === 0) return '';
  return `, tools: { ${names.map((n) => `${key(n)}: (args) => …`).join(', ')} }`;
}

/**
 * Emit a readable TypeScript module that builds, with LangGraph's own API,
 * the graph `compileLangGraph` builds in memory (DESIGN §4.4): an Agent as a
 * `StateGraph` written out with `@langchain/langgraph`, `@langchain/core` and
 * `@langchain/openai` only; a Flow as a `StateGraph` whose nodes and edges
 * are written out and whose node bodies are the package's `flowNodes`; a
 * Swarm as its swarm graph, a ManagerWorkers as its supervisor graph, written
 * out, whose agents' graphs are the package's `multiAgentNodes`. The
 * module exports `build(options)` and `BuildOptions`. Same input, same text.
 * Unsupported components throw AS_UNSUPPORTED, as compileLangGraph does.
 */
export function emitLangGraph(given: Component, options: EmitOptions = {}): EmitResult {
  const secrets = checkEmittable(given);
  // a SpecializedAgent is written as the Agent it stands for
  const component = given.component_type === 'SpecializedAgent' ? specializeAgents(given) : given;
  const header = (what: string, notes: string, usage: readonly string[]): string =>
    moduleHeader({ component, what, target: 'langgraph', source: options.source, version: options.version, notes: [notes], usage });
  if (component.component_type === 'Agent') {
    const agent = component as Agent;
    const w = emitAgent(agent, { timeoutMs: DEFAULT_LLM_TIMEOUT_MS });
    const head = header('an Agent Spec Agent as a LangGraph.js StateGraph', `It needs @langchain/langgraph, @langchain/core and @langchain/openai${agent.tools.some((t) => t.component_type === 'MCPTool') ? ', and @modelcontextprotocol/sdk' : ''} only.`, [
      "import { MemorySaver } from '@langchain/langgraph';",
      `const { graph } = build({ checkpointer: new MemorySaver(), llm: { baseURL: 'http://localhost:8000/v1' }${toolsUsage(agent)} });`,
      "await graph.invoke({ messages: [{ role: 'user', content: 'Hello' }] }, { configurable: { thread_id: '1' } });",
    ]);
    return { code: w.render(head), warnings: secrets };
  }
  // SpecializedAgents in a group are written as the Agents they stand for
  const group = component.component_type === 'Swarm' || component.component_type === 'ManagerWorkers' ? emitMultiAgent(specializeAgents(component)) : undefined;
  if (group) {
    const swarm = component.component_type === 'Swarm';
    const head = header(`an Agent Spec ${component.component_type} as a LangGraph.js ${swarm ? 'swarm' : 'supervisor'} graph`, swarm
      ? 'The swarm graph is written out with LangGraph\'s API (a node per agent, handoffs as Command.PARENT, START routed to activeAgent); the agents\' graphs run the Agent Spec semantics (multiAgentNodes of @agentspec/langgraph).'
      : 'The supervisor graph is written out with LangGraph\'s API; the manager\'s graph and its workers\' run the Agent Spec semantics (multiAgentNodes of @agentspec/langgraph).', [
      "import { MemorySaver } from '@langchain/langgraph';",
      `const { graph } = build({ checkpointer: new MemorySaver(), llm: { baseURL: 'http://localhost:8000/v1' }${toolsUsage(component)} });`,
      "await graph.invoke({ messages: [{ role: 'user', content: 'Hello' }] }, { configurable: { thread_id: '1' } });",
    ]);
    return { code: group.render(head), warnings: [...secrets, ...group.warnings] };
  }
  const flow = component as Flow;
  const w = emitFlow(flow);
  const head = header('an Agent Spec Flow as a LangGraph.js StateGraph', 'The graph is written out with LangGraph\'s API; node bodies run the Agent Spec semantics (flowNodes of @agentspec/langgraph).', [
    "import { MemorySaver } from '@langchain/langgraph';",
    `const { graph } = build({ checkpointer: new MemorySaver(), llm: { baseURL: 'http://localhost:8000/v1' }${toolsUsage(flow)} });`,
    `await graph.invoke(${literal(Object.fromEntries((flow.inputs ?? []).map((p) => [p.title, '…'])))}, { configurable: { thread_id: '1' } });`,
  ]);
  return { code: w.render(head), warnings: [...secrets, ...w.warnings] };
}
