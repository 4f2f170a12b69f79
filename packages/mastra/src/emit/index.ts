import type { Agent, Component, Flow } from '@agentspec/core';
import { admit } from '@agentspec/runtime';
import { MASTRA_CAPABILITIES } from '../capabilities.js';
import type { MastraWarning } from '../warnings.js';
import { emitAgent } from './agent.js';
import { emitFlow } from './flow.js';
import { agentUsage, header } from './header.js';
import { ModuleWriter } from './module.js';

export interface EmitOptions {
  /** The spec's file name, for the header comment. */
  readonly source?: string;
}

export interface EmitResult {
  /** The TypeScript module. */
  readonly code: string;
  readonly warnings: readonly MastraWarning[];
}

/**
 * A readable TypeScript module that builds, with Mastra's own API, what
 * `compileMastra` builds in memory (`agentspec compile --target mastra`): an
 * Agent becomes a Mastra `Agent` with one `createTool` per tool, depending on
 * Mastra and the AI SDK provider only; a Flow becomes a workflow written out
 * with `createWorkflow().then().branch().dountil().foreach()`, one
 * `createStep` per node, whose step bodies run the Agent Spec semantics of
 * this package (`flowSteps`). The module exports `build(options)`, which
 * returns the shape `compileMastra` returns. Same input, same bytes.
 */
export function emitMastra(component: Component, options: EmitOptions = {}): EmitResult {
  admit(component, MASTRA_CAPABILITIES.emit);
  const m = new ModuleWriter();
  if (component.component_type === 'Agent') {
    const agent = component as Agent;
    emitAgent(agent, m);
    const deps = `It depends only on Mastra and the AI SDK's OpenAI-compatible provider${agent.tools.some((t) => t.component_type === 'MCPTool') ? ' (and @modelcontextprotocol/sdk for its MCP tools)' : ''}.`;
    return { code: m.render(header(component, options.source, 'agent', deps, agentUsage(agent.tools))), warnings: m.warnings };
  }
  const usage = emitFlow(component as Flow, m);
  const deps = 'Its steps run the Agent Spec semantics of @agentspec/mastra (flowSteps); the control flow is plain Mastra.';
  return { code: m.render(header(component, options.source, 'workflow', deps, usage)), warnings: m.warnings };
}
