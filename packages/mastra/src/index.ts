// @agentspec/mastra — compile Agent Spec Agents and Flows to Mastra agents and
// workflows (in memory, or as a TypeScript module to own: emitMastra), run
// them through the Runnable contract, and import Mastra workflows and agents
// back to Agent Spec.

export { MASTRA_RUNTIME_NAME } from './constants.js';
export { compileMastra, type MastraCompiled, type MastraCompiled as CompileResult } from './compile/compile-mastra.js';
export type { CompileMastraOptions } from './options.js';
export type { MastraWarning } from './warnings.js';
export { mastraRuntime, type MastraRuntimeOptions } from './runtime/mastra-runtime.js';
export type { MastraStorageOption } from './runtime/storage.js';
export { importMastra, type ImportMastraOptions, type MastraImported, type MastraImported as ImportResult } from './import/import-mastra.js';
export { MASTRA_IMPORT_WARNINGS, type MastraImportWarningCode } from './import/warning-codes.js';
export { emitMastra, type EmitOptions, type EmitResult } from './emit/index.js';
// the node semantics the workflows of emitted flow modules run
export { flowSteps, type FlowSteps, type FrameCondition, type StepExecute } from './emit/flow-steps.js';
// the members' semantics the Mastra Agents of emitted Swarm and ManagerWorkers modules run
export { groupAgents, type GroupAgents, type GroupTool } from './emit/group-agents.js';
export { mastraAdapter } from './adapter.js';
