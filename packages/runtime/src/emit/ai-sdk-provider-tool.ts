import type { BuiltinTool } from '@agentspec/core';
import { aiSdkProviderTool } from '../semantics/ai-sdk-provider-tool.js';
import { literal } from './literal.js';

/**
 * A BuiltinTool as code: the call of the provider-defined tool of `@ai-sdk/openai` that `aiSdkProviderTool` names
 * (`openai.tools.webSearch({ searchContextSize: 'low' })`), its options escaped literals of the tool's configuration.
 * The AI SDK and Mastra emitters write it among an agent's tools; `provider` is the name the module imports
 * `openai` of `@ai-sdk/openai` as, and `indent` the indentation of the line it starts on.
 */
export function aiSdkProviderToolCall(tool: BuiltinTool, provider = 'openai', indent = ''): string {
  const { factory, options } = aiSdkProviderTool(tool);
  return `${provider}.tools.${factory}(${literal(options, indent)})`;
}
