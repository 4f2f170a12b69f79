// @agentspec/runtime/import — what the framework importers (`agentspec import`)
// share: reading a program's objects without running them.
export { closureValue } from './closure-value.js';
