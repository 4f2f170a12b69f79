import type { Component, ManagerWorkers, Swarm } from '@agentspec/core';
import {
  DEFAULT_MAX_HANDOFFS, finishedRetention, KernelSession, openEnvelope, openTransforms, RuntimeError,
  type App, type RuntimeLoadOptions, type SavedSession, type Session, type SessionOptions, type StartOptions,
} from '@agentspec/runtime';
import { Mastra } from '@mastra/core';
import { compiledAgentOf, type CompiledAgent } from '../compile/agent/compile-agent.js';
import type { MastraCompiled } from '../compile/compile-mastra.js';
import type { CompileMastraOptions } from '../options.js';
import type { CompiledGroup } from './compile-group.js';
import { GroupEngine, type GroupEngineState } from './group-engine.js';

/**
 * A Swarm or ManagerWorkers loaded to run as Mastra Agents ({@link GroupEngine}):
 * `compile` (compileMastra) gives one Mastra Agent
 * per member that may own the conversation, registered with a `Mastra`; their
 * inputs come from each session through the RequestContext. `spec` is the
 * root with SpecializedAgents merged and toolboxes listed; `given` the
 * component as loaded (what sessions are saved against).
 */
export async function groupApp(
  spec: Component, given: Component, load: RuntimeLoadOptions, options: CompileMastraOptions, runtime: string,
  compile: (spec: Component, options: CompileMastraOptions) => MastraCompiled | Promise<MastraCompiled>,
): Promise<App> {
  const transforms = await openTransforms(spec);
  let compiled: MastraCompiled;
  let group: CompiledGroup;
  try {
    compiled = await compile(spec, { ...options, transforms });
    group = groupOf(compiled);
  } catch (e) {
    await transforms.close();
    throw e;
  }
  new Mastra({ agents: compiled.agents, logger: false });
  const maxHandoffs = load.limits?.maxHandoffs ?? DEFAULT_MAX_HANDOFFS;
  const retention = finishedRetention(load.retainFinished, 'runtime');
  const meta = (inputs: Readonly<Record<string, unknown>>) => ({ runtime, kind: 'agent' as const, component: given, inputs, retention });
  return {
    component: given,
    start(start: StartOptions = {}): Session {
      const inputs = start.inputs ?? {};
      return new KernelSession(new GroupEngine(group, inputs, maxHandoffs, load.signal), meta(inputs), undefined, start);
    },
    async resume(saved: SavedSession, resume: SessionOptions = {}): Promise<Session> {
      const s = openEnvelope(saved, { runtime, component: given });
      return new KernelSession(new GroupEngine(group, s.inputs, maxHandoffs, load.signal, s.state as GroupEngineState), meta(s.inputs), s, resume);
    },
    async close() {
      await compiled.close();
      await transforms.close();
    },
  };
}

/** The group the runtime drives, from what compileMastra (or a `build` hook) made. */
function groupOf(compiled: MastraCompiled): CompiledGroup {
  if (compiled.kind !== 'group') throw new RuntimeError('AS_UNSUPPORTED', `a Swarm or ManagerWorkers was built as ${compiled.kind === 'agent' ? 'an agent' : 'a workflow'}, not as a group of Mastra Agents`);
  const owners = new Map<string, CompiledAgent>();
  for (const [id, agent] of Object.entries(compiled.owners)) {
    const c = compiledAgentOf(agent);
    if (!c) throw new RuntimeError('AS_UNSUPPORTED', `the Mastra Agent of '${id}' is not from compileMastra`);
    owners.set(id, c);
  }
  const component: Swarm | ManagerWorkers = compiled.group;
  const first = compiled.group.component_type === 'Swarm' ? (compiled.group as Swarm).first_agent.id : (compiled.group as ManagerWorkers).group_manager.id;
  return { kind: compiled.group.component_type === 'Swarm' ? 'swarm' : 'manager-workers', component, first, owners };
}
