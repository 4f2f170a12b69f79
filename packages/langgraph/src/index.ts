// @agentspec/langgraph — compile Agent Spec to LangGraph.js StateGraphs, run
// them through the Runnable contract, and export LangGraph graphs to Agent Spec.

export { LANGGRAPH_RUNTIME_NAME } from './constants.js';

// Compile
export { compileLangGraph } from './compile/compile-langgraph.js';
export type { CompiledLangGraph, CompiledLangGraph as CompileResult, CompileLangGraphOptions, CompileWarning } from './compile/options.js';
export type { GraphBuilder, GraphState, LangGraph } from './compile/graph-types.js';
export type { Decisions, PauseRequest, ToolResults } from './compile/interrupts.js';

// Run (the Runnable contract)
export { langgraphRuntime, type LangGraphBuild, type LangGraphRuntimeOptions } from './runtime/langgraph-runtime.js';
export type { CheckpointerDescription, CheckpointerOption } from './runtime/checkpointers.js';
export type { GraphEngineState } from './runtime/graph-engine.js';

// Export (LangGraph → Agent Spec)
export { importLangGraph } from './import/import-langgraph.js';
export type { ImportedLangGraph, ImportedLangGraph as ImportResult, ImportLangGraphOptions, ImportWarning } from './import/options.js';
export { IMPORT_WARNING_CODES, type ImportWarningCode } from './import/warning-codes.js';

// Emit (Agent Spec → a TypeScript module written with LangGraph's API)
export { emitLangGraph, type EmitOptions, type EmitResult } from './emit/index.js';
export { flowNodes, type FlowBuildOptions, type FlowContext } from './emit/flow-nodes.js';
export { multiAgentNodes, type SwarmNodes } from './emit/multi-agent-nodes.js';
export { langgraphAdapter } from './adapter.js';
