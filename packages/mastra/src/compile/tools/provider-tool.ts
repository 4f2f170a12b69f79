import type { BuiltinTool } from '@agentspec/core';
import { aiSdkProviderTool } from '@agentspec/runtime';
import { openai } from '@ai-sdk/openai';

/** A provider-defined tool of the AI SDK, as a Mastra agent takes it among its tools. */
type Tool = ReturnType<typeof openai.tools.webSearch>;

/**
 * A BuiltinTool as the provider-defined tool of `@ai-sdk/openai` of the same
 * Responses API type: `openai.tools[factory](options)` as `aiSdkProviderTool`
 * of `@agentspec/runtime` says (the rule the AI SDK and Mastra share). The
 * provider runs it: nothing is executed here.
 */
export function providerTool(tool: BuiltinTool): Tool {
  const { factory, options } = aiSdkProviderTool(tool);
  return (openai.tools[factory] as (options: unknown) => unknown)(options) as Tool;
}
