import { AgentSpecLoadError, hasErrors, validateComponent, type Component } from '@agentspec/core';
import type { App, Runtime, RuntimeLoadOptions, SavedSession, Session, StartOptions } from './contract.js';
import { eachComponent, requireServerTools } from './components.js';
import { RuntimeError } from './errors.js';
import { checkLoadOptions, checkRuntimeOptions } from './options/runtime-options.js';
import type { Limits, Services } from './interpreter/execution.js';
import { ReferenceEngine, type ReferenceState } from './interpreter/session.js';
import { KernelSession, openEnvelope, type SessionOptions } from './session/index.js';
import { toolRunner } from './interpreter/tool-runner.js';
import type { LlmBackend } from './llm/backend.js';
import { unsupportedLlm } from './llm/endpoint.js';
import { openAiChatBackend } from './llm/openai-chat.js';

export interface ReferenceRuntimeOptions {
  /**
   * The LLM backend, or a factory of it per load (given the load's `llm` options);
   * default: the OpenAI Chat Completions API over HTTP. A framework runtime that runs
   * Flows on this interpreter passes a backend built on its framework here.
   */
  readonly backend?: LlmBackend | ((llm: RuntimeLoadOptions['llm']) => LlmBackend);
  /** The name in the conformance matrix (default `reference`). */
  readonly name?: string;
}

const RUNNABLE_ROOTS = new Set(['Agent', 'Flow']);
const UNSUPPORTED = new Set(['OpenAiAgent', 'OciAgent']);

/**
 * The reference interpreter (DESIGN §4.3): the executable definition of the
 * semantics of §4.2, and the `reference` row of the conformance matrix.
 */
export function referenceRuntime(options: ReferenceRuntimeOptions = {}): Runtime {
  checkRuntimeOptions('referenceRuntime', options, { backend: { anyOf: ['function', 'object'] }, name: 'string' });
  return {
    name: options.name ?? 'reference',
    async load(component: Component, load: RuntimeLoadOptions = {}): Promise<App> {
      checkLoadOptions('referenceRuntime', load);
      const diagnostics = validateComponent(component);
      if (hasErrors(diagnostics)) throw new AgentSpecLoadError(diagnostics);
      if (!RUNNABLE_ROOTS.has(component.component_type)) {
        throw new RuntimeError('AS_UNSUPPORTED', `a ${component.component_type} cannot be run on its own: load an Agent or a Flow`);
      }
      checkRunnable(component, load);
      const limits: Limits = {
        maxSteps: load.limits?.maxSteps ?? 1000,
        maxAgentSteps: load.limits?.maxAgentSteps ?? 20,
        mapConcurrency: load.limits?.mapConcurrency ?? 1,
        http: load.limits?.http ?? {},
      };
      const network = load.network ?? {};
      const services: Services = {
        root: component,
        tools: load.tools ?? {},
        backend: typeof options.backend === 'function' ? options.backend(load.llm) : options.backend ?? openAiChatBackend(load.llm),
        limits,
        network,
        toolRunner: toolRunner({ tools: load.tools ?? {}, network, http: limits.http }),
        ...(load.signal ? { signal: load.signal } : {}),
      };
      const runtime = options.name ?? 'reference';
      const kind = component.component_type === 'Agent' ? 'agent' : 'flow';
      return {
        component,
        start(start: StartOptions = {}): Session {
          const inputs = start.inputs ?? {};
          return new KernelSession(new ReferenceEngine(services, inputs), { runtime, kind, component, inputs }, undefined, start);
        },
        async resume(saved: SavedSession, resume: SessionOptions = {}): Promise<Session> {
          const s = openEnvelope(saved, { runtime, component });
          const engine = new ReferenceEngine(services, s.inputs, { state: s.state as ReferenceState, messages: s.status?.messages ?? [] });
          return new KernelSession(engine, { runtime, kind, component, inputs: s.inputs }, s, resume);
        },
        close: () => services.toolRunner.close(),
      };
    },
  };
}

/** Refuse at load what cannot run: unsupported components, missing ServerTool implementations (all listed). */
function checkRunnable(root: Component, load: RuntimeLoadOptions): void {
  eachComponent(root, (c) => {
    if (UNSUPPORTED.has(c.component_type)) throw new RuntimeError('AS_UNSUPPORTED', `${c.component_type} '${c.id}' (a remote agent) cannot run in the reference runtime`);
    if (c.component_type === 'OciGenAiConfig' && !load.llm?.override) throw unsupportedLlm(c);
  });
  requireServerTools(root, load.tools);
}
