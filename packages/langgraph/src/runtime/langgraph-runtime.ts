import { randomUUID } from 'node:crypto';
import type { BaseChatModel } from '@langchain/core/language_models/chat_models';
import type { Component, LlmConfig } from '@agentspec/core';
import { RuntimeError, type App, type Runtime, type RuntimeLoadOptions, type SavedSession, type Session, type StartOptions } from '@agentspec/runtime';
import { LANGGRAPH_RUNTIME_NAME } from '../constants.js';
import { compileLangGraph } from '../compile/compile-langgraph.js';
import type { CompiledLangGraph } from '../compile/options.js';
import { openCheckpointer, sameCheckpointer, type CheckpointerOption } from './checkpointers.js';
import { LangGraphSession, SAVE_FORMAT, type AppServices, type SavedLangGraph } from './session.js';

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
}

/**
 * The Runnable contract (DESIGN §4.1) over compiled LangGraph graphs: a
 * session is a thread of the graph's checkpointer; it pauses on the graph's
 * interrupts and resumes them with `Command({ resume })`; `save()` is the
 * thread id and a description of the checkpointer.
 */
export function langgraphRuntime(options: LangGraphRuntimeOptions = {}): Runtime {
  return {
    name: LANGGRAPH_RUNTIME_NAME,
    async load(component: Component, load: RuntimeLoadOptions = {}): Promise<App> {
      const checkpointer = await openCheckpointer(load.checkpointer ?? options.checkpointer);
      let compiled: CompiledLangGraph;
      try {
        compiled = compileLangGraph(component, {
          checkpointer: checkpointer.saver,
          ...(load.tools ? { tools: load.tools } : {}),
          ...(load.llm ? { llm: load.llm } : {}),
          ...(load.limits ? { limits: load.limits } : {}),
          ...(load.network ? { network: load.network } : {}),
          ...(options.chatModel ? { chatModel: options.chatModel } : {}),
        });
      } catch (e) {
        await checkpointer.close();
        throw e;
      }
      const services: AppServices = { component, graph: compiled.graph, checkpointer: checkpointer.description, ...(load.signal ? { signal: load.signal } : {}) };
      return {
        component,
        start(start: StartOptions = {}): Session {
          return new LangGraphSession(services, randomUUID(), start.inputs ?? {});
        },
        async resume(saved: SavedSession): Promise<Session> {
          const s = saved as SavedLangGraph;
          if (s?.runtime !== LANGGRAPH_RUNTIME_NAME || s.format !== SAVE_FORMAT) {
            throw new RuntimeError('AS_RESUME_MISMATCH', `this save is from runtime '${String(s?.runtime)}' format ${String(s?.format)}, not ${LANGGRAPH_RUNTIME_NAME} format ${SAVE_FORMAT}`);
          }
          if (s.component !== component.id) throw new RuntimeError('AS_RESUME_MISMATCH', `this save is of component '${s.component}', not '${component.id}'`);
          if (!sameCheckpointer(s.checkpointer, checkpointer.description)) {
            throw new RuntimeError('AS_RESUME_MISMATCH', `this session lives in a ${JSON.stringify(s.checkpointer)} checkpointer, and this app uses ${JSON.stringify(checkpointer.description)}`, {}, {
              hint: 'load the spec with the same checkpointer option',
            });
          }
          if (s.phase !== 'new' && (await compiled.graph.getState({ configurable: { thread_id: s.threadId } })).createdAt === undefined) {
            throw new RuntimeError('AS_RESUME_MISMATCH', `thread '${s.threadId}' is not in this app's checkpointer`, {}, {
              hint: s.checkpointer.kind === 'memory' ? 'an in-memory checkpointer does not outlive its app: use { kind: "sqlite", path } or { kind: "postgres", url } to resume elsewhere' : 'check the checkpointer option',
            });
          }
          return new LangGraphSession(services, s.threadId, s.inputs, s);
        },
        async close() {
          await Promise.allSettled([compiled.close(), checkpointer.close()]);
        },
      };
    },
  };
}
