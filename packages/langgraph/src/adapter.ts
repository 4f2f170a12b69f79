import type { FrameworkAdapter } from '@agentspec/runtime';
import { LANGGRAPH_CAPABILITIES } from './capabilities.js';
import { compileLangGraph } from './compile/compile-langgraph.js';
import { LANGGRAPH_RUNTIME_NAME } from './constants.js';
import { emitLangGraph } from './emit/index.js';
import { importLangGraph } from './import/import-langgraph.js';
import { langgraphRuntime } from './runtime/langgraph-runtime.js';

/** LangGraph.js for agentspec's registry (DESIGN §2.1): runtime, compile, emit, import. */
export const langgraphAdapter: FrameworkAdapter = {
  name: LANGGRAPH_RUNTIME_NAME,
  framework: 'LangGraph.js',
  capabilities: LANGGRAPH_CAPABILITIES,
  runtime: () => langgraphRuntime(),
  compile: compileLangGraph,
  emit: emitLangGraph,
  import: (program) => importLangGraph(program),
};
