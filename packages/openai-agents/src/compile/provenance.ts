import type { LlmConfig, Tool } from '@agentspec/core';

/**
 * The Agent Spec tool each compiled SDK tool was made from. An SDK function
 * tool cannot say on which side it runs (ClientTool, RemoteTool, MCPTool) or
 * what its outputs are; the importer reads those from here for tools this
 * package made, and takes everything else from the SDK tool itself.
 */
export const compiledFrom = new WeakMap<object, Tool>();

/**
 * The LLM config each model this package made was made from: a model shows
 * its name, endpoint and API, not the config's kind (a generic LlmConfig, a
 * VllmConfig, …) or `api_type`; the importer reads those from here.
 */
export const modelFrom = new WeakMap<object, LlmConfig>();
