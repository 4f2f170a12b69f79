import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { deserialize, type Agent, type Component } from '@agentspec/core';
import { hasToolboxes, hasTransforms } from '@agentspec/runtime';

/** The conformance cases folder of this repository. */
export const CASES_DIR = new URL('../../../../conformance/cases/', import.meta.url).pathname;

/** Stand-ins for the local servers a case's spec names (the spec is only compiled, never run, here). */
const PLACEHOLDERS: Record<string, string> = {
  '${http}': 'http://127.0.0.1:9',
  '${mcp-http}': 'http://127.0.0.1:9/mcp',
  '${mcp-sse}': 'http://127.0.0.1:9/sse',
  '${mcp-stdio-command}': 'node',
  '${mcp-stdio-args}': '["server.mjs"]',
  '${mcp-stdio-script}': '"server.mjs"',
};

/**
 * Every valid case's spec, by case id; not those of `unsupported/`, which every runtime, compiler and emitter refuses
 * (that is what they check), nor those with toolboxes unless `withToolboxes` (a compiler or emitter takes them once a
 * runtime's load has listed their tools from their servers: the emit-conformance test runs them that way), nor those
 * with message transforms unless `withTransforms` (the emitter writes them in; their datastore-* cases fail at load).
 */
export function conformanceSpecs({ withToolboxes = false, withTransforms = false }: { withToolboxes?: boolean; withTransforms?: boolean } = {}): { id: string; spec: Component }[] {
  const out: { id: string; spec: Component }[] = [];
  for (const area of readdirSync(CASES_DIR).sort()) {
    if (area.startsWith('_') || area === 'unsupported') continue;
    for (const name of readdirSync(join(CASES_DIR, area)).sort()) {
      const dir = join(CASES_DIR, area, name);
      if (!statSync(dir).isDirectory()) continue;
      const file = ['spec.yaml', 'spec.json'].map((f) => join(dir, f)).find((f) => { try { return statSync(f).isFile(); } catch { return false; } });
      if (!file) continue;
      let text = readFileSync(file, 'utf8');
      for (const [k, v] of Object.entries(PLACEHOLDERS)) text = text.split(k).join(v);
      const spec = deserialize(text);
      if ((withToolboxes || !hasToolboxes(spec)) && (withTransforms || !hasTransforms(spec))) out.push({ id: `${area}/${name}`, spec });
    }
  }
  return out;
}

/** The Agents in a component tree (the root, AgentNode agents, agents of subflows), each once. */
export function agentsIn(root: Component): Agent[] {
  const found: Agent[] = [];
  const seen = new Set<object>();
  const visit = (v: unknown): void => {
    if (Array.isArray(v)) return v.forEach(visit);
    if (typeof v !== 'object' || v === null || seen.has(v)) return;
    seen.add(v);
    if ((v as Component).component_type === 'Agent') found.push(v as Agent);
    for (const [k, child] of Object.entries(v)) if (k !== 'metadata') visit(child);
  };
  visit(root);
  return found;
}
