import { AgentSpecLoadError, hasErrors, validateComponent, type Component } from '@agentspec/core';
import { RuntimeError, type App, type Runtime, type RuntimeLoadOptions, type SavedSession, type Session, type StartOptions } from '@agentspec/runtime';
import { Mastra } from '@mastra/core';
import { compiledAgentOf } from '../agent/compile-agent.js';
import { compileMastra } from '../compile-mastra.js';
import type { CompileMastraOptions } from '../options.js';
import { MASTRA_RUNTIME_NAME, SAVE_FORMAT } from '../constants.js';
import { AgentSession, assertAgentSave } from './agent-session.js';
import { checkRunnable } from './check-runnable.js';
import { assertFlowSave, FlowSession } from './flow-session.js';
import { closeStorage, openStorage, type MastraStorageOption } from './storage.js';

export interface MastraRuntimeOptions {
  /**
   * Where Mastra keeps workflow and agent snapshots: a Mastra store, or a
   * LibSQL URL (`file:./sessions.db`) to resume sessions in another process.
   * Default: Mastra's in-memory store. A load's `checkpointer` overrides it.
   */
  readonly storage?: MastraStorageOption;
  /** See `CompileMastraOptions.structuredOutput`. */
  readonly structuredOutput?: 'submit_result' | 'native';
  /** See `CompileMastraOptions.controlFlow`. */
  readonly controlFlow?: 'structured' | 'dispatcher';
  /** See `CompileMastraOptions.model`. */
  readonly model?: CompileMastraOptions['model'];
  /** The name in the conformance matrix (default `mastra`). */
  readonly name?: string;
}

/**
 * The Runnable contract (DESIGN §4.1) over `compileMastra`: Agents run as
 * Mastra Agents, Flows as Mastra workflows, with Mastra's storage for
 * suspended runs.
 */
export function mastraRuntime(options: MastraRuntimeOptions = {}): Runtime {
  return {
    name: options.name ?? MASTRA_RUNTIME_NAME,
    async load(component: Component, load: RuntimeLoadOptions = {}): Promise<App> {
      const diagnostics = validateComponent(component);
      if (hasErrors(diagnostics)) throw new AgentSpecLoadError(diagnostics);
      checkRunnable(component, load);
      const compiled = compileMastra(component, {
        ...(load.tools ? { tools: load.tools } : {}), ...(load.llm ? { llm: load.llm } : {}), ...(load.limits ? { limits: load.limits } : {}),
        ...(load.network ? { network: load.network } : {}),
        ...(options.structuredOutput ? { structuredOutput: options.structuredOutput } : {}), ...(options.controlFlow ? { controlFlow: options.controlFlow } : {}),
        ...(options.model ? { model: options.model } : {}),
      });
      const storageOption = load.checkpointer ?? options.storage;
      const storage = await openStorage(storageOption);
      const mastra = new Mastra({
        agents: compiled.agents,
        ...(compiled.kind === 'workflow' ? { workflows: { [compiled.workflow.id]: compiled.workflow } } : {}),
        storage,
        logger: false,
      } as never);
      const signal = load.signal;
      const newSession = (inputs: Readonly<Record<string, unknown>>, saved?: SavedSession): Session => {
        if (compiled.kind === 'agent') {
          const agent = compiledAgentOf(compiled.agent);
          if (!agent) throw new RuntimeError('AS_UNSUPPORTED', 'the compiled agent is not from compileMastra');
          return new AgentSession(agent, inputs, signal, saved && assertAgentSave(saved, component.id));
        }
        return new FlowSession(mastra, compiled.workflow.id, component, inputs, signal, saved && assertFlowSave(saved, component.id));
      };
      return {
        component,
        start: (start: StartOptions = {}) => newSession(start.inputs ?? {}),
        async resume(saved: SavedSession): Promise<Session> {
          if (saved?.runtime !== MASTRA_RUNTIME_NAME || saved.format !== SAVE_FORMAT) {
            throw new RuntimeError('AS_RESUME_MISMATCH', `this save is from runtime '${String(saved?.runtime)}' format ${String(saved?.format)}, not ${MASTRA_RUNTIME_NAME} format ${SAVE_FORMAT}`);
          }
          return newSession((saved as { inputs?: Record<string, unknown> }).inputs ?? {}, saved);
        },
        async close() {
          await compiled.close();
          await closeStorage(storageOption, storage);
        },
      };
    },
  };
}

