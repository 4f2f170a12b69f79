// @agentspec/ai-sdk — Agent Spec on the Vercel AI SDK: Agents compiled to
// ToolLoopAgents, Flows on the reference interpreter with AI SDK LLM calls,
// AI SDK agents imported back to Agent Spec, and Agents emitted as TypeScript modules.

export { AI_SDK_RUNTIME_NAME } from './runtime-name.js';
export { compileAiSdk, type AiSdkAgent, type AiSdkCompileResult, type AiSdkCompileResult as CompileResult } from './compile/compile-ai-sdk.js';
export { aiSdkRuntime } from './runtime/ai-sdk-runtime.js';
export { aiSdkBackend } from './backend/ai-sdk-backend.js';
export { importAiSdk, type AiSdkImportResult, type AiSdkImportResult as ImportResult } from './import/import-ai-sdk.js';
export { hasTopLevelAiSdkCall, importAiSdkModule, type AiSdkModuleImportOptions } from './import/import-ai-sdk-module.js';
export { AI_SDK_IMPORT_WARNINGS, type AiSdkImportWarningCode } from './import/warning-codes.js';
export { emitAiSdk, type EmitOptions, type EmitResult } from './emit/index.js';
export type {
  AgentBuilder, AgentBuildOptions, AgentBuildResult, AgentHooks, AiSdkBackendOptions, AiSdkCompileOptions, AiSdkImportOptions, AiSdkRuntimeOptions,
  AiSdkWarning, CompileWarning, GroupBuilder, GroupBuildOptions, GroupBuildResult, GroupRunner, GroupState, GroupTurn, ImportWarning, ModelOption, StructuredOutputMode,
} from './options.js';
export { aiSdkAdapter } from './adapter.js';
