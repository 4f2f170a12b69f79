import { toDocument, type Agent, type Component, type Flow } from '@agentspec/core';
import { serverToolNames } from '@agentspec/runtime';
import { DEFAULT_LLM_TIMEOUT_MS } from '../compile/llm/chat-model.js';
import { emitAgent } from './agent/emit-agent.js';
import { checkEmittable } from './check.js';
import { emitFlow } from './flow/emit-flow.js';
import { header } from './header.js';
import { key, literal, str } from './literal.js';
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
 * are written out and whose node bodies are the package's `flowNodes`. The
 * module exports `build(options)` and `BuildOptions`. Same input, same text.
 * Unsupported components throw AS_UNSUPPORTED, as compileLangGraph does.
 */
export function emitLangGraph(component: Component, options: EmitOptions = {}): EmitResult {
  const secrets = checkEmittable(component);
  const version = toDocument(component).agentspec_version as string | undefined;
  if (component.component_type === 'Agent') {
    const agent = component as Agent;
    const mod = emitAgent(agent, { timeoutMs: DEFAULT_LLM_TIMEOUT_MS });
    const head = header(`Agent ${str(agent.name)}`, options.source, version, [
      "import { MemorySaver } from '@langchain/langgraph';",
      `const { graph } = build({ checkpointer: new MemorySaver(), llm: { baseURL: 'http://localhost:8000/v1' }${toolsUsage(agent)} });`,
      "await graph.invoke({ messages: [{ role: 'user', content: 'Hello' }] }, { configurable: { thread_id: '1' } });",
    ], `It needs @langchain/langgraph, @langchain/core and @langchain/openai${agent.tools.some((t) => t.component_type === 'MCPTool') ? ', and @modelcontextprotocol/sdk' : ''} only.`);
    return { code: `${head}\n${mod.imports}\n\n${mod.body}\n`, warnings: secrets };
  }
  const flow = component as Flow;
  const mod = emitFlow(flow);
  const head = header(`Flow ${str(flow.name)}`, options.source, version, [
    "import { MemorySaver } from '@langchain/langgraph';",
    `const { graph } = build({ checkpointer: new MemorySaver(), llm: { baseURL: 'http://localhost:8000/v1' }${toolsUsage(flow)} });`,
    `await graph.invoke(${literal(Object.fromEntries((flow.inputs ?? []).map((p) => [p.title, '…'])))}, { configurable: { thread_id: '1' } });`,
  ], 'The graph is written out with LangGraph\'s API; node bodies run the Agent Spec semantics (flowNodes of @agentspec/langgraph).');
  return { code: `${head}\n${mod.imports}\n\n${mod.body}\n`, warnings: [...secrets, ...mod.warnings] };
}
