import type { BuiltinTool } from '@agentspec/core';
import { aiSdkProviderToolCall } from '@agentspec/runtime/emit';
import type { EmittedTool, ToolEmitContext } from './context.js';

/**
 * A BuiltinTool (25.4.2) as the provider tool of `@ai-sdk/openai` of the same Responses API type, as compileAiSdk
 * builds it: `openai.tools.webSearch({ … })` among the agent's tools (admit() made sure the model is a Responses one
 * and the tool one of HOSTED_TOOLS). The provider runs it within the answer: the module implements nothing.
 */
export function emitBuiltinTool(tool: BuiltinTool, ctx: ToolEmitContext): EmittedTool {
  ctx.w.import('@ai-sdk/openai', 'openai');
  return { expression: aiSdkProviderToolCall(tool, 'openai', '    ') };
}
