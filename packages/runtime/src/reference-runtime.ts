import type { Component } from '@agentspec/core';
import { DEFAULT_PARALLELISM } from './semantics/parallel.js';
import { DEFAULT_MAX_HANDOFFS } from './semantics/multi-agent.js';
import { specializeAgents } from './semantics/specialized-agent.js';
import { checkMultiAgent } from './interpreter/run-multi-agent.js';
import { admit } from './admit/admit.js';
import type { Capabilities } from './admit/capabilities.js';
import { REFERENCE_CAPABILITIES } from './admit/reference-capabilities.js';
import type { App, Runtime, RuntimeLoadOptions, SavedSession, Session, StartOptions } from './contract.js';
import { requireServerTools } from './components.js';
import { checkLoadOptions, checkRuntimeOptions } from './options/runtime-options.js';
import type { Limits, Services } from './interpreter/execution.js';
import { ReferenceEngine, type ReferenceState } from './interpreter/session.js';
import { KernelSession, openEnvelope, type SessionOptions } from './session/index.js';
import { toolRunner } from './interpreter/tool-runner.js';
import { resolveToolboxes } from './mcp/resolve-toolboxes.js';
import type { LlmBackend } from './llm/backend.js';
import { openAiChatBackend } from './llm/openai-chat.js';
import { openTransforms } from './transforms/agent-transforms.js';
import { a2aConnections } from './a2a/a2a-connections.js';

export interface ReferenceRuntimeOptions {
  /**
   * The LLM backend, or a factory of it per load (given the load's `llm` options);
   * default: the OpenAI Chat Completions API over HTTP. A framework runtime that runs
   * Flows on this interpreter passes a backend built on its framework here.
   */
  readonly backend?: LlmBackend | ((llm: RuntimeLoadOptions['llm']) => LlmBackend);
  /** The name in the conformance matrix (default `reference`). */
  readonly name?: string;
  /** What load() admits (default `REFERENCE_CAPABILITIES`): a framework runtime running Flows here passes its own. */
  readonly capabilities?: Capabilities;
}

/**
 * The reference interpreter (DESIGN §4.3): the executable definition of the
 * semantics of §4.2, and the `reference` row of the conformance matrix.
 */
export function referenceRuntime(options: ReferenceRuntimeOptions = {}): Runtime {
  checkRuntimeOptions('referenceRuntime', options, { backend: { anyOf: ['function', 'object'] }, name: 'string', capabilities: 'object' });
  return {
    name: options.name ?? 'reference',
    async load(component: Component, load: RuntimeLoadOptions = {}): Promise<App> {
      checkLoadOptions('referenceRuntime', load);
      admit(component, options.capabilities ?? REFERENCE_CAPABILITIES, { llmOverride: Boolean(load.llm?.override) });
      requireServerTools(component, load.tools);
      // SpecializedAgents run as the Agents they stand for; the agents' toolboxes listed now: the interpreter runs their tools
      // like MCPTools (sessions keep the spec as given)
      const root = await resolveToolboxes(specializeAgents(component), load);
      checkMultiAgent(root);
      const limits: Limits = {
        maxSteps: load.limits?.maxSteps ?? 1000,
        maxAgentSteps: load.limits?.maxAgentSteps ?? 20,
        mapConcurrency: load.limits?.mapConcurrency ?? 1,
        parallelism: load.limits?.parallelism ?? DEFAULT_PARALLELISM,
        maxHandoffs: load.limits?.maxHandoffs ?? DEFAULT_MAX_HANDOFFS,
        http: load.limits?.http ?? {},
      };
      const network = load.network ?? {};
      const services: Services = {
        root,
        tools: load.tools ?? {},
        backend: typeof options.backend === 'function' ? options.backend(load.llm) : options.backend ?? openAiChatBackend(load.llm),
        limits,
        network,
        toolRunner: toolRunner({ tools: load.tools ?? {}, network, http: limits.http }),
        transforms: await openTransforms(root),
        a2a: a2aConnections({ ...(load.network ? { network: load.network } : {}), ...(limits.http.maxBodyBytes !== undefined ? { maxBodyBytes: limits.http.maxBodyBytes } : {}), ...(load.signal ? { signal: load.signal } : {}) }),
        ...(load.signal ? { signal: load.signal } : {}),
      };
      const runtime = options.name ?? 'reference';
      const kind = component.component_type === 'Flow' ? 'flow' : 'agent';
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
        close: async () => {
          services.a2a.close();
          await Promise.all([services.toolRunner.close(), services.transforms.close()]);
        },
      };
    },
  };
}
