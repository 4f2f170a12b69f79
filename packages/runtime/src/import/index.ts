// @agentspec/runtime/import — what the framework importers (`agentspec import`)
// share: reading a program's objects without running them.
export { closureValue, closureValues } from './closure-value.js';
export { aiSdkHostedToolDefinition, hostedToolOf, type HostedToolDefinition } from './hosted-tool-of.js';
