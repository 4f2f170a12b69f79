import { randomUUID } from 'node:crypto';
import type { BaseChatModel } from '@langchain/core/language_models/chat_models';
import type { BaseCheckpointSaver } from '@langchain/langgraph';
import { laterComponent, type Component, type Flow, type LlmConfig } from '@agentspec/core';
import {
  a2aAgentApp, admit, checkLoadOptions, checkRuntimeOptions, finishedRetention, KernelSession, openEnvelope, openTransforms, resolveToolboxes, RuntimeError,
  specializeAgents,
  type App, type Runtime, type RuntimeLoadOptions, type SavedSession, type Session, type SessionOptions, type StartOptions,
} from '@agentspec/runtime';
import { LANGGRAPH_CAPABILITIES } from '../capabilities.js';
import { LANGGRAPH_RUNTIME_NAME } from '../constants.js';
import { compileLangGraph } from '../compile/compile-langgraph.js';
import type { LangGraph } from '../compile/graph-types.js';
import type { CompiledLangGraph } from '../compile/options.js';
import { openCheckpointer, sameCheckpointer, type CheckpointerOption } from './checkpointers.js';
import { flatFlow, GraphEngine, type AppServices, type GraphEngineState } from './graph-engine.js';

export interface LangGraphRuntimeOptions {
  /**
   * Where sessions are checkpointed when the load options do not say
   * (`checkpointer`): `'memory'` (default, LangGraph's MemorySaver),
   * `{ kind: 'sqlite', path }`, `{ kind: 'postgres', url, schema? }`, or any
   * BaseCheckpointSaver.
   */
  readonly checkpointer?: CheckpointerOption;
  /** The chat model of each LLM config (default: ChatOpenAI on the config's endpoint). */
  readonly chatModel?: (config: LlmConfig) => BaseChatModel;
  /**
   * Builds the graph of a loaded spec instead of `compileLangGraph` — e.g.
   * the `build()` of a module written by `emitLangGraph` (`agentspec
   * compile`). It gets the component and the load options, with the opened
   * checkpointer, and returns what `compileLangGraph` returns; sessions drive
   * that graph exactly as they drive a compiled one.
   */
  readonly build?: (component: Component, load: RuntimeLoadOptions & { readonly checkpointer: BaseCheckpointSaver }) => LangGraphBuild | Promise<LangGraphBuild>;
}

/**
 * What a {@link LangGraphRuntimeOptions.build} hook returns: `compileLangGraph`'s
 * result, or the same shape with a graph of any state type (an emitted
 * module's), warnings optional.
 */
export interface LangGraphBuild {
  /** The compiled graph the sessions invoke, stream and read the state of. */
  readonly graph: Pick<LangGraph, 'invoke' | 'stream' | 'getState'> | CompiledGraphOfAnyState;
  readonly builder?: unknown;
  readonly warnings?: CompiledLangGraph['warnings'];
  close(): Promise<void>;
}

/** A CompiledStateGraph whatever its state type (its methods taken loosely). */
interface CompiledGraphOfAnyState {
  invoke(...args: never[]): Promise<unknown>;
  stream(...args: never[]): Promise<unknown>;
  getState(...args: never[]): Promise<unknown>;
}

/**
 * The Runnable contract (DESIGN §4.1) over compiled LangGraph graphs: a
 * session is a thread of the graph's checkpointer; it pauses on the graph's
 * interrupts and resumes them with `Command({ resume })`; `save()` is the
 * thread id and a description of the checkpointer.
 */
export function langgraphRuntime(options: LangGraphRuntimeOptions = {}): Runtime {
  checkRuntimeOptions('langgraphRuntime', options, {
    checkpointer: { anyOf: [{ oneOf: ['memory'] }, { shape: { kind: { oneOf: ['memory', 'sqlite', 'postgres'] }, path: 'string', url: 'string', schema: 'string' }, required: ['kind'] }, 'object'] },
    chatModel: 'function', build: 'function',
  });
  return {
    name: LANGGRAPH_RUNTIME_NAME,
    async load(component: Component, load: RuntimeLoadOptions = {}): Promise<App> {
      checkLoadOptions('langgraphRuntime', load);
      admit(component, LANGGRAPH_CAPABILITIES.runtime, { llmOverride: Boolean(load.llm?.override) || Boolean(options.chatModel) });
      const remote = laterComponent(component, 'A2AAgent');
      if (remote) return a2aAgentApp(remote, load, LANGGRAPH_RUNTIME_NAME);
      // Swarms compile to swarm graphs, ManagerWorkers to supervisor graphs, SpecializedAgents to the Agents they stand
      // for; the agents' toolboxes listed now: the graphs get their tools as MCPTools (sessions keep the spec as given)
      const spec = await resolveToolboxes(specializeAgents(component), load);
      const transforms = await openTransforms(spec);
      const checkpointer = await openCheckpointer(load.checkpointer ?? options.checkpointer).catch(async (e: unknown) => {
        await transforms.close();
        throw e;
      });
      let compiled: LangGraphBuild;
      try {
        compiled = options.build ? await options.build(spec, { ...load, checkpointer: checkpointer.saver }) : compileLangGraph(spec, {
          checkpointer: checkpointer.saver,
          ...(load.tools ? { tools: load.tools } : {}),
          ...(load.llm ? { llm: load.llm } : {}),
          ...(load.limits ? { limits: load.limits } : {}),
          ...(load.network ? { network: load.network } : {}),
          ...(options.chatModel ? { chatModel: options.chatModel } : {}),
          transforms,
        });
      } catch (e) {
        await Promise.allSettled([checkpointer.close(), transforms.close()]);
        throw e;
      }
      const kind = component.component_type === 'Flow' ? 'flow' : 'agent';
      const services: AppServices = {
        component, graph: compiled.graph as LangGraph, checkpointer: checkpointer.description, saver: checkpointer.saver, ...(load.signal ? { signal: load.signal } : {}),
        agentGraph: !options.build && spec.component_type === 'Agent',
        exitDurability: !options.build && (spec.component_type === 'Agent' || (spec.component_type === 'Flow' && flatFlow(spec as Flow))),
      };
      const retention = finishedRetention(load.retainFinished, checkpointer.owner);
      return {
        component,
        start(start: StartOptions = {}): Session {
          const inputs = start.inputs ?? {};
          return new KernelSession(new GraphEngine(services, randomUUID(), inputs), { runtime: LANGGRAPH_RUNTIME_NAME, kind, component, inputs, retention }, undefined, start);
        },
        async resume(saved: SavedSession, resume: SessionOptions = {}): Promise<Session> {
          const s = openEnvelope(saved, { runtime: LANGGRAPH_RUNTIME_NAME, component });
          const state = s.state as GraphEngineState;
          if (!sameCheckpointer(state.checkpointer, checkpointer.description)) {
            throw new RuntimeError('AS_RESUME_MISMATCH', `this session lives in a ${JSON.stringify(state.checkpointer)} checkpointer, and this app uses ${JSON.stringify(checkpointer.description)}`, {}, {
              hint: 'load the spec with the same checkpointer option',
            });
          }
          // a finished session needs nothing of its thread (it may have been pruned): its messages are in the save
          if (state.phase !== 'new' && state.phase !== 'finished' && (await services.graph.getState({ configurable: { thread_id: state.threadId } })).createdAt === undefined) {
            throw new RuntimeError('AS_RESUME_MISMATCH', `thread '${state.threadId}' is not in this app's checkpointer`, {}, {
              hint: state.checkpointer.kind === 'memory' ? 'an in-memory checkpointer does not outlive its app: use { kind: "sqlite", path } or { kind: "postgres", url } to resume elsewhere' : 'check the checkpointer option',
            });
          }
          return new KernelSession(new GraphEngine(services, state.threadId, s.inputs, state), { runtime: LANGGRAPH_RUNTIME_NAME, kind, component, inputs: s.inputs, retention }, s, resume);
        },
        async close() {
          await Promise.allSettled([compiled.close(), checkpointer.close(), transforms.close()]);
        },
      };
    },
  };
}
