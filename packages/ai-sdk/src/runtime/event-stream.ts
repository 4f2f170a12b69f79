// A run as events, RunStatus (or RunError) last: the shared helper of @agentspec/runtime.
export { eventStream } from '@agentspec/runtime';
