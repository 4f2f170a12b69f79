import type { Agent, Component, Flow, Tool } from '@agentspec/core';
import { admit, specializeAgents, type EmitOptions, type EmittedModule } from '@agentspec/runtime';
import { key, moduleHeader } from '@agentspec/runtime/emit';
import { MASTRA_CAPABILITIES } from '../capabilities.js';
import type { MastraWarning } from '../warnings.js';
import { emitAgent } from './agent.js';
import { emitFlow } from './flow.js';
import { emitMultiAgent } from './multi-agent.js';
import { mastraModule } from './helpers.js';

/** The module's text, and what of the spec it does not carry over exactly (as compileMastra reports them). */
export type EmitResult = EmittedModule<MastraWarning>;

/**
 * A readable TypeScript module that builds, with Mastra's own API, what
 * `compileMastra` builds in memory (`agentspec compile --target mastra`): an
 * Agent becomes a Mastra `Agent` with one `createTool` per tool, depending on
 * Mastra and the AI SDK provider only; a Flow becomes a workflow written out
 * with `createWorkflow().then().branch().dountil().foreach()`, one
 * `createStep` per node, whose step bodies run the Agent Spec semantics of
 * this package (`flowSteps`); a Swarm or ManagerWorkers becomes its members'
 * Mastra Agents, each with the tools standing for the other members, written
 * out over `groupAgents` of this package. The module exports `build(options)`, which
 * returns the shape `compileMastra` returns. Same input, same bytes.
 */
export function emitMastra(given: Component, options: EmitOptions = {}): EmitResult {
  admit(given, MASTRA_CAPABILITIES.emit);
  const m = mastraModule();
  // a SpecializedAgent is written as the Agent it stands for (in a group too)
  const component = given.component_type === 'Flow' ? given : specializeAgents(given);
  const header = (what: string, depends: string, usage: readonly string[]): string =>
    moduleHeader({ component, what, target: 'mastra', source: options.source, version: options.version, notes: [depends], usage });
  const group = emitMultiAgent(given, component, m);
  if (group) {
    const deps = 'Its Mastra Agents and the tools standing for the other agents are written out; each runs the Agent Spec semantics of @agentspec/mastra (groupAgents).';
    return { code: m.render(header(`an Agent Spec ${component.component_type} as Mastra Agents`, deps, group)), warnings: m.warnings };
  }
  if (component.component_type === 'Agent') {
    const agent = component as Agent;
    emitAgent(agent, m);
    const deps = `It depends only on Mastra and the AI SDK's OpenAI-compatible provider${agent.tools.some((t) => t.component_type === 'MCPTool') ? ' (and @modelcontextprotocol/sdk for its MCP tools)' : ''}.`;
    return { code: m.render(header('an Agent Spec Agent as a Mastra agent', deps, agentUsage(agent.tools))), warnings: m.warnings };
  }
  const usage = emitFlow(component as Flow, m);
  const deps = 'Its steps run the Agent Spec semantics of @agentspec/mastra (flowSteps); the control flow is plain Mastra.';
  return { code: m.render(header('an Agent Spec Flow as a Mastra workflow', deps, usage)), warnings: m.warnings };
}

/** The usage example of an agent module: its ServerTools stubbed. */
function agentUsage(tools: readonly Tool[]): string[] {
  const names = [...new Set(tools.filter((t) => t.component_type === 'ServerTool').map((t) => t.name))];
  const impl = names.length > 0 ? `{ tools: { ${names.map((n) => `${key(n)}: async (args) => …`).join(', ')} } }` : '';
  return [
    'import { build } from \'./this-module.js\';',
    `const { agent } = build(${impl});`,
    'const reply = await agent.generate(\'Hello!\'); console.log(reply.text);',
  ];
}

export type { EmitOptions } from '@agentspec/runtime';
