import type { Component } from '@agentspec/core';
import type { Capabilities } from './admit/capabilities.js';
import type { Runtime } from './contract.js';

/** Something of a spec a framework cannot represent exactly: named by every compile, emit and import result. */
export interface AdapterWarning {
  readonly kind: 'unsupported' | 'approximated' | (string & {});
  readonly component?: string;
  readonly message: string;
}

/** `emit`: a TypeScript module a user owns, building the spec's framework objects with the framework's own API. */
export interface EmittedModule {
  readonly code: string;
  readonly warnings: readonly AdapterWarning[];
}

/** `import`: a framework program as an Agent Spec component, with what could not be carried over. */
export interface ImportedComponent {
  readonly component: Component;
  readonly warnings: readonly AdapterWarning[];
}

/**
 * What a framework package gives agentspec (DESIGN §2.1): its runtime, its
 * compiler to the framework's own objects, its emitter of a module to own,
 * and its importer of programs written with the framework. The CLI, the
 * conformance suite and the benchmarks read the adapters from one registry
 * (`@agentspec/adapters`); a new framework needs only an adapter there.
 */
export interface FrameworkAdapter {
  /** The runtime name (`--runtime`, `--target`, `--from`, the conformance matrix). */
  readonly name: string;
  /** The framework's own name, for people. */
  readonly framework: string;
  /** What its runtime, compiler and emitter take and refuse, as data (`admit()` reads it). */
  readonly capabilities: {
    readonly runtime: Capabilities;
    readonly compile?: Capabilities;
    readonly emit?: Capabilities;
  };
  /** A fresh runtime with default options (DESIGN §4.1). */
  runtime(): Runtime;
  /** The framework's objects for a component (the result also names what is approximated). */
  compile?(component: Component, options?: never): unknown;
  emit?(component: Component, options?: { readonly source?: string; readonly version?: string }): EmittedModule;
  /** An object built with the framework (a graph, an agent, a workflow); AS_UNSUPPORTED when it is not one. */
  import?(program: unknown): Promise<ImportedComponent>;
}
