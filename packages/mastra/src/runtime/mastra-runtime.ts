import { laterComponent, type Agent, type Component } from '@agentspec/core';
import {
  a2aAgentApp, admit, checkLoadOptions, checkMultiAgent, checkRuntimeOptions, finishedRetention, KernelSession, openEnvelope, openTransforms, requireServerTools, referenceRuntime, resolveToolboxes,
  specializeAgents, RuntimeError,
  type App, type Runtime, type RuntimeLoadOptions, type SavedSession, type Session, type SessionEnvelope, type SessionOptions, type StartOptions,
} from '@agentspec/runtime';
import { Mastra } from '@mastra/core';
import { compiledAgentOf, type CompiledAgent } from '../compile/agent/compile-agent.js';
import { compileMastra, type MastraCompiled } from '../compile/compile-mastra.js';
import { builtAgent } from '../emit/built-agent.js';
import type { CompileMastraOptions } from '../options.js';
import { MASTRA_CAPABILITIES } from '../capabilities.js';
import { groupApp } from '../multi-agent/group-app.js';
import { mastraModelBackend } from '../multi-agent/model-backend.js';
import { nativeGroup } from '../multi-agent/native-group.js';
import { MASTRA_RUNTIME_NAME } from '../constants.js';
import { AgentEngine, type AgentEngineState } from './agent-engine.js';
import { FlowEngine, type FlowEngineState } from './flow-engine.js';
import { hostedAgents } from './hosted.js';
import { RunCarrier } from './run-carrier.js';
import { isInSave } from './saved-runs.js';
import { closeStorage, openStorage, storageOwner, type MastraStorageOption } from './storage.js';

export interface MastraRuntimeOptions {
  /**
   * Where Mastra keeps workflow and agent snapshots: a Mastra store, or a
   * LibSQL URL (`file:./sessions.db`) to resume sessions in another process.
   * Default: Mastra's in-memory store. `{ kind: 'in-save' }`: an in-memory store whose suspended runs are
   * written into each `save()` and put back on `resume()`, so a save resumes in any process with no database.
   * A load's `checkpointer` overrides it.
   */
  readonly storage?: MastraStorageOption;
  /** See `CompileMastraOptions.structuredOutput`. */
  readonly structuredOutput?: 'submit_result' | 'native';
  /** See `CompileMastraOptions.controlFlow`. */
  readonly controlFlow?: 'structured' | 'dispatcher';
  /** See `CompileMastraOptions.model`. */
  readonly model?: CompileMastraOptions['model'];
  /**
   * Builds the Mastra objects instead of `compileMastra` (same arguments, same
   * result shape), e.g. with the `build` of a module written by `agentspec
   * compile --target mastra` (a Swarm or ManagerWorkers too, when its members
   * can be Mastra Agents). Its agents are driven like compiled ones: they
   * read their inputs from the RequestContext key `agentspec.inputs` and report
   * tool failures and the submitted result under `agentspec.run`; they finish
   * through `submit_result` (`structuredOutput` and `model` are the hook's to honour).
   */
  readonly build?: (component: Component, options: CompileMastraOptions) => MastraCompiled | Promise<MastraCompiled>;
  /** The name in the conformance matrix (default `mastra`). */
  readonly name?: string;
}

/**
 * The Runnable contract (DESIGN §4.1) over `compileMastra`: Agents run as
 * Mastra Agents, Flows as Mastra workflows, with Mastra's storage for
 * suspended runs.
 */
export function mastraRuntime(options: MastraRuntimeOptions = {}): Runtime {
  checkRuntimeOptions('mastraRuntime', options, {
    storage: { anyOf: ['string', 'object'] }, structuredOutput: { oneOf: ['submit_result', 'native'] }, controlFlow: { oneOf: ['structured', 'dispatcher'] },
    model: { anyOf: ['object', 'string', 'function'] }, build: 'function', name: 'string',
  });
  return {
    name: options.name ?? MASTRA_RUNTIME_NAME,
    async load(component: Component, load: RuntimeLoadOptions = {}): Promise<App> {
      checkLoadOptions('mastraRuntime', load);
      admit(component, MASTRA_CAPABILITIES.runtime, { llmOverride: Boolean(load.llm?.override) || options.model !== undefined });
      const remote = laterComponent(component, 'A2AAgent');
      if (remote) return a2aAgentApp(remote, load, options.name ?? MASTRA_RUNTIME_NAME);
      const compileOptions: CompileMastraOptions = {
        ...(load.tools ? { tools: load.tools } : {}), ...(load.llm ? { llm: load.llm } : {}), ...(load.limits ? { limits: load.limits } : {}),
        ...(load.network ? { network: load.network } : {}),
        ...(options.structuredOutput ? { structuredOutput: options.structuredOutput } : {}), ...(options.controlFlow ? { controlFlow: options.controlFlow } : {}),
        ...(options.model ? { model: options.model } : {}),
      };
      if (component.component_type === 'Swarm' || component.component_type === 'ManagerWorkers') {
        const root = await resolveToolboxes(specializeAgents(component), load);
        checkMultiAgent(root);
        const native = nativeGroup(root);
        // members as Mastra Agents, the agents standing for one another as their tools, made by compileMastra or the
        // `build` hook (an emitted module: groupAgents)
        if (native?.group) {
          requireServerTools(component, load.tools);
          return groupApp(root, component, load, compileOptions, options.name ?? MASTRA_RUNTIME_NAME, options.build ?? compileMastra);
        }
        // members whose tools stop the run for the caller (neither compileMastra nor emitMastra makes them): the shared multi-agent semantics, every LLM call
        // made by Mastra's AI SDK model of the config
        return referenceRuntime({ backend: (llm) => mastraModelBackend(llm, options.model), name: options.name ?? MASTRA_RUNTIME_NAME, capabilities: MASTRA_CAPABILITIES.runtime }).load(component, load);
      }
      requireServerTools(component, load.tools);
      // the agents' toolboxes listed now: the Mastra agents get their tools as MCPTools (sessions keep the spec as given)
      // SpecializedAgents compile as the Agents they stand for
      const spec = await resolveToolboxes(specializeAgents(component), load);
      const transforms = await openTransforms(spec);
      let compiled: MastraCompiled;
      try {
        const withTransforms = { ...compileOptions, transforms };
        compiled = options.build ? await options.build(spec, withTransforms) : compileMastra(spec, withTransforms);
      } catch (e) {
        await transforms.close();
        throw e;
      }
      const storageOption = load.checkpointer ?? options.storage;
      const storage = await openStorage(storageOption);
      const agent = compiled.kind === 'agent'
        ? compiledAgentOf(compiled.agent) ?? (options.build ? builtAgent(spec as Agent, compiled.agent, load.limits?.maxAgentSteps) : undefined)
        : undefined;
      const mastra = new Mastra({
        // an agent that never stops mid-run is not registered: Mastra would keep a snapshot of each of its loops in the
        // store, which only a run that stops for the caller reads back (hosted.ts)
        agents: hostedAgents(compiled, agent, Boolean(options.build)),
        ...(compiled.kind === 'workflow' ? { workflows: { [compiled.workflow.id]: compiled.workflow } } : {}),
        storage,
        logger: false,
      });
      const signal = load.signal;
      const inSave = isInSave(storageOption);
      const retention = finishedRetention(load.retainFinished, storageOwner(storageOption));
      const runtime = options.name ?? MASTRA_RUNTIME_NAME;
      if (compiled.kind === 'group') throw new RuntimeError('AS_UNSUPPORTED', `a ${component.component_type} was built as a group of Mastra Agents`);
      const kind = compiled.kind === 'agent' ? 'agent' : 'flow';
      if (compiled.kind === 'agent' && !agent) throw new RuntimeError('AS_UNSUPPORTED', 'the compiled agent is not from compileMastra');
      const session = (inputs: Readonly<Record<string, unknown>>, runs: RunCarrier, options: SessionOptions, saved?: SessionEnvelope): Session => {
        const engine = compiled.kind === 'agent'
          ? new AgentEngine(agent as CompiledAgent, inputs, signal, runs, saved?.state as AgentEngineState | undefined)
          : new FlowEngine(mastra, compiled.workflow.id, component, inputs, signal, runs, saved?.state as FlowEngineState | undefined);
        return new KernelSession(engine, { runtime, kind, component, inputs, retention }, saved, options);
      };
      return {
        component,
        start: (start: StartOptions = {}) => session(start.inputs ?? {}, new RunCarrier(mastra, inSave), start),
        async resume(saved: SavedSession, resume: SessionOptions = {}): Promise<Session> {
          const s = openEnvelope(saved, { runtime, component });
          const runs = new RunCarrier(mastra, inSave);
          // a finished session never runs again: its runs stay out of the storage
          if (s.status?.type !== 'finished') await runs.restore(s.state);
          return session(s.inputs, runs, resume, s);
        },
        async close() {
          await compiled.close();
          await transforms.close();
          await closeStorage(storageOption, storage);
        },
      };
    },
  };
}

