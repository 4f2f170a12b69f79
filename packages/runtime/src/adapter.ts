import type { Component } from '@agentspec/core';
import type { Capabilities } from './admit/capabilities.js';
import type { Runtime, ToolRegistry } from './contract.js';

/**
 * Something a conversion could not carry over exactly — of a spec a framework
 * cannot represent, or of a framework program Agent Spec cannot — named by
 * every compile, emit and import result of every framework package (one type:
 * each package's own warning type is this one).
 */
export interface AdapterWarning {
  /** `unsupported`: left out or refused; `approximated`: carried over with a different (documented) behaviour. */
  readonly kind: 'unsupported' | 'approximated';
  /** Id of the component (or the framework's node, step, setting) concerned. */
  readonly component: string;
  readonly message: string;
  /** What was not carried over, from the fixed list of the package that warns (each importer's README lists its codes), e.g. `OAI_HANDOFF`. */
  readonly code?: string;
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

/**
 * `compile`: the framework's own objects for a spec — each package's result
 * (`CompileResult` in every framework package) adds them — with what they do
 * not represent exactly.
 */
export interface CompiledProgram {
  readonly warnings: readonly AdapterWarning[];
  /** Release what the objects hold open (MCP connections). */
  close(): Promise<void>;
}

/** `import`: a framework program as an Agent Spec component (`ImportResult` in every framework package), with what could not be carried over. */
export interface ImportedComponent {
  readonly component: Component;
  readonly warnings: readonly AdapterWarning[];
  /** The program's own functions (tool bodies, graph nodes, workflow steps) as ServerTool implementations, to run the spec with. */
  readonly tools: ToolRegistry;
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
  emit?(component: Component, options?: EmitOptions): EmittedModule;
  /**
   * An object built with the framework (a graph, an agent, a workflow);
   * AS_UNSUPPORTED when it is not one. `modulePath`: the file it was loaded
   * from, where an importer may resolve the program's own copy of the
   * framework; `exportName`: the name it is exported under (an id for what
   * has none).
   */
  import?(program: unknown, context?: { readonly modulePath?: string; readonly exportName?: string }): Promise<ImportedComponent>;
}
