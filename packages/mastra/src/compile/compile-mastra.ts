import type { Agent, Component, Flow, ManagerWorkers, Swarm } from '@agentspec/core';
import { admit, checkMultiAgent, DEFAULT_MAX_HANDOFFS, hasTransforms, RuntimeError, specializeAgents, type CompiledProgram } from '@agentspec/runtime';
import type { Agent as MastraAgent } from '@mastra/core/agent';
import type { AnyWorkflow } from '@mastra/core/workflows';
import { compileAgent } from './agent/compile-agent.js';
import { MASTRA_CAPABILITIES } from '../capabilities.js';
import { CompileContext } from './compile-context.js';
import { compileFlow } from './flow/compile-flow.js';
import { compileGroup } from '../multi-agent/compile-group.js';
import { nativeGroup } from '../multi-agent/native-group.js';
import type { CompileMastraOptions } from '../options.js';
import type { MastraWarning } from '../warnings.js';

export interface CompiledBase extends CompiledProgram {
  /** Every Mastra Agent made (the root's or those of AgentNodes), by Mastra id: register them with your `Mastra`. */
  readonly agents: Readonly<Record<string, MastraAgent>>;
  readonly warnings: readonly MastraWarning[];
  /** Ends what the compiled objects hold open (MCP connections). */
  close(): Promise<void>;
}

/** What `compileMastra` returns: the Mastra object, the agents it uses, the warnings. */
export type MastraCompiled =
  | (CompiledBase & { readonly kind: 'agent'; readonly agent: MastraAgent })
  | (CompiledBase & { readonly kind: 'workflow'; readonly workflow: AnyWorkflow })
  | (CompiledBase & {
    readonly kind: 'group';
    /** The Swarm or ManagerWorkers (SpecializedAgents merged). */
    readonly group: Swarm | ManagerWorkers;
    /** The Mastra Agent owning the conversation first: the Swarm's first agent, the group manager (its workers are its tools). */
    readonly agent: MastraAgent;
    /** The Mastra Agent of each member that may own the conversation, by member id (a Swarm's agents with their transfer tools). */
    readonly owners: Readonly<Record<string, MastraAgent>>;
  });

/** What every result of a compile has: the Mastra Agents made in `ctx` (register them with your `Mastra`), its warnings, its close. */
export function compiledBase(ctx: CompileContext): CompiledBase {
  return {
    agents: Object.fromEntries([...ctx.agents.values(), ...ctx.groupAgents, ...ctx.llmAgents].map((a) => [a.id, a])),
    warnings: ctx.warnings.list,
    close: () => {
      ctx.a2a.close();
      return ctx.runner.close();
    },
  };
}

/**
 * Compile an Agent Spec Agent or Flow into Mastra objects (DESIGN §4.4): an
 * Agent becomes a Mastra `Agent`, a Flow a committed Mastra workflow built
 * with Mastra's own control flow. Run them with Mastra (register the workflow
 * and `agents` with a `Mastra` that has storage), or through `mastraRuntime()`.
 */
export function compileMastra(component: Component, options: CompileMastraOptions = {}): MastraCompiled {
  admit(component, MASTRA_CAPABILITIES.compile, { llmOverride: Boolean(options.llm?.override) || options.model !== undefined });
  if (hasTransforms(component) && !options.transforms) {
    throw new RuntimeError('AS_UNSUPPORTED', 'an agent of the spec has message transforms, and no transforms option was given to apply them', {}, {
      hint: 'open them with openTransforms(spec) of @agentspec/runtime and pass them as the transforms option (close them when done)',
    });
  }
  const ctx = new CompileContext(options);
  const base = () => compiledBase(ctx);
  if (component.component_type === 'Swarm' || component.component_type === 'ManagerWorkers') {
    const root = specializeAgents(component);
    checkMultiAgent(root);
    const native = nativeGroup(root);
    if (!native?.group) {
      throw new RuntimeError('AS_UNSUPPORTED', `${component.component_type} '${String(component.name ?? component.id)}' is not compiled into Mastra Agents: ${native?.reason ?? 'not a group'}`, {}, {
        hint: 'run it with mastraRuntime(), which runs it on the shared multi-agent semantics with Mastra\'s models',
      });
    }
    const group = compileGroup(native.group, ctx, options.limits?.maxHandoffs ?? DEFAULT_MAX_HANDOFFS, component);
    const owners = Object.fromEntries([...group.owners].map(([id, c]) => [id, c.agent]));
    return { kind: 'group', group: group.component, agent: group.owners.get(group.first)!.agent, owners, ...base() };
  }
  if (component.component_type === 'Agent') {
    const { agent } = compileAgent(component as Agent, ctx);
    return { kind: 'agent', agent, ...base() };
  }
  const workflow = compileFlow(component as Flow, ctx, ctx.uniqueId(component.id));
  return { kind: 'workflow', workflow, ...base() };
}
