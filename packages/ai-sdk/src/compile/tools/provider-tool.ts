import type { BuiltinTool } from '@agentspec/core';
import { aiSdkProviderTool } from '@agentspec/runtime';
import { openai } from '@ai-sdk/openai';
import type { JSONValue, Tool } from 'ai';
import { METADATA_KEY } from './tool-metadata.js';

/**
 * A BuiltinTool as the provider-defined tool of `@ai-sdk/openai` of the same
 * Responses API type: `openai.tools[factory](options)` as `aiSdkProviderTool`
 * of `@agentspec/runtime` says (the rule the AI SDK and Mastra share). The
 * provider runs it: nothing is executed here. Its `metadata.agentspec` keeps
 * the BuiltinTool for the importer.
 */
export function providerTool(tool: BuiltinTool): Tool {
  const { factory, options } = aiSdkProviderTool(tool);
  const made = (openai.tools[factory] as (options: unknown) => unknown)(options) as Tool;
  // the BuiltinTool as it was (id, description, executor_name…), for importAiSdk
  return Object.assign(made, { metadata: { [METADATA_KEY]: JSON.parse(JSON.stringify(tool)) as JSONValue } });
}
