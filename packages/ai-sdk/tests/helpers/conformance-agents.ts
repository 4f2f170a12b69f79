import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { deserialize, type Agent, type Component } from '@agentspec/core';
import { hasToolboxes, hasTransforms } from '@agentspec/runtime';

/** The conformance cases folder of this repository (data only: specs are read, no conformance code is imported). */
export const CASES_DIR = new URL('../../../../conformance/cases/', import.meta.url);

export interface AgentCase {
  readonly id: string;
  readonly agent: Agent;
}

/**
 * Every conformance case whose spec is an Agent, the local server
 * placeholders replaced (`${http}` by `http`, the MCP ones by unused URLs).
 * The cases of `unsupported/` are left out: every runtime, compiler and
 * emitter refuses their specs (that is what they check); so are agents with
 * toolboxes unless `withToolboxes` (a compiler or emitter takes them once a
 * runtime's load has listed their tools from their servers: the
 * emit-conformance test runs them that way); so are agents with message
 * transforms unless `withTransforms` (the emitter writes them into the module;
 * the datastore-* cases fail at load, before any module is built).
 */
export function conformanceAgents(http = 'http://127.0.0.1:9', { withToolboxes = false, withTransforms = false }: { withToolboxes?: boolean; withTransforms?: boolean } = {}): AgentCase[] {
  return conformanceComponents(http).flatMap(({ id, component }) =>
    component.component_type === 'Agent' && (withToolboxes || !hasToolboxes(component)) && (withTransforms || !hasTransforms(component)) ? [{ id, agent: component as Agent }] : []);
}

/** The multi-agent roots emitAiSdk writes modules for. */
export const GROUP_ROOTS: readonly string[] = ['Swarm', 'ManagerWorkers', 'SpecializedAgent'];

/** Every conformance case whose spec is a Swarm, a ManagerWorkers or a SpecializedAgent (placeholders replaced as above). */
export function conformanceGroups(http = 'http://127.0.0.1:9'): { id: string; component: Component }[] {
  return conformanceComponents(http).filter((c) => GROUP_ROOTS.includes(c.component.component_type));
}

/** The spec of every valid case but those of `unsupported/`, its placeholders replaced. */
function conformanceComponents(http: string): { id: string; component: Component }[] {
  const out: { id: string; component: Component }[] = [];
  for (const area of readdirSync(CASES_DIR).filter((a) => !a.startsWith('_') && a !== 'unsupported').sort()) {
    for (const name of readdirSync(new URL(`${area}/`, CASES_DIR)).sort()) {
      const file = ['spec.yaml', 'spec.json'].map((f) => new URL(`${area}/${name}/${f}`, CASES_DIR)).find((u) => existsSync(u));
      if (!file) continue;
      const text = readFileSync(file, 'utf8')
        .replaceAll('${http}', http)
        .replaceAll('${mcp-http}', 'http://127.0.0.1:9/mcp')
        .replaceAll('${mcp-sse}', 'http://127.0.0.1:9/sse')
        .replaceAll('${mcp-stdio-command}', 'node')
        .replaceAll('${mcp-stdio-args}', '["server.mjs"]')
        .replaceAll('${mcp-stdio-script}', '"server.mjs"');
      out.push({ id: `${area}/${name}`, component: deserialize(text) });
    }
  }
  return out;
}
