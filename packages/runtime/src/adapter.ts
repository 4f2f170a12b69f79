import type { Component } from '@agentspec/core';
import type { Runtime } from './contract.js';

/** Something of a spec a framework cannot represent exactly: named by every compile, emit and import result. */
export interface AdapterWarning {
  readonly kind: 'unsupported' | 'approximated' | (string & {});
  readonly component?: string;
  readonly message: string;
}

/** What `emit` takes besides the component: where it comes from, for the header comment of the module. */
export interface EmitOptions {
  /** The spec's file name. */
  readonly source?: string;
  /** The document's `agentspec_version` (default: the smallest the component needs). */
  readonly version?: string;
}

/** `emit`: a TypeScript module a user owns, building the spec's framework objects with the framework's own API. */
export interface EmittedModule<W extends AdapterWarning = AdapterWarning> {
  readonly code: string;
  /** What of the spec the module does not carry over exactly. */
  readonly warnings: readonly W[];
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
  /** A fresh runtime with default options (DESIGN §4.1). */
  runtime(): Runtime;
  /** The framework's objects for a component (the result also names what is approximated). */
  compile?(component: Component, options?: never): unknown;
  emit?(component: Component, options?: EmitOptions): EmittedModule;
  /** An object built with the framework (a graph, an agent, a workflow); AS_UNSUPPORTED when it is not one. */
  import?(program: unknown): Promise<ImportedComponent>;
}
