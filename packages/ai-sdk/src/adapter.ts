import type { FrameworkAdapter } from '@agentspec/runtime';
import { AI_SDK_CAPABILITIES } from './capabilities.js';
import { compileAiSdk } from './compile/compile-ai-sdk.js';
import { emitAiSdk } from './emit/index.js';
import { importAiSdk } from './import/import-ai-sdk.js';
import { aiSdkRuntime } from './runtime/ai-sdk-runtime.js';
import { AI_SDK_RUNTIME_NAME } from './runtime-name.js';

/** The Vercel AI SDK for agentspec's registry (DESIGN §2.1): runtime, compile, emit, import. */
export const aiSdkAdapter: FrameworkAdapter = {
  name: AI_SDK_RUNTIME_NAME,
  framework: 'Vercel AI SDK',
  capabilities: AI_SDK_CAPABILITIES,
  runtime: () => aiSdkRuntime(),
  compile: compileAiSdk,
  emit: emitAiSdk,
  import: (program, context) => importAiSdk(program as object, context?.exportName ? { exportName: context.exportName } : {}),
};
