// @agentspec/adapters — the one registry of framework adapters (DESIGN §2.1),
// read by the CLI, the conformance suite and the benchmarks.
export { ADAPTER_NAMES, FRAMEWORK_NAMES, isAdapterName, loadAdapter, loadAdapters } from './registry.js';
export { frameworkPersistence } from './framework-persistence.js';
export type { AdapterWarning, CompiledProgram, EmitOptions, EmittedModule, FrameworkAdapter, ImportedComponent } from '@agentspec/runtime';
