/**
 * Round trip over the whole conformance suite (DESIGN §5): for every valid
 * case spec, importLangGraph(compileLangGraph(spec)) equals the spec up to
 * ids and defaults (see fixtures/normalize.ts for what that means).
 */
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { deserialize, type Component } from '@agentspec/core';
import { hasA2aAgents, hasToolboxes, hasTransforms } from '@agentspec/runtime';

import { compileLangGraph, importLangGraph } from '../src/index.js';
import { normalized } from './fixtures/normalize.js';

const casesDir = new URL('../../../conformance/cases/', import.meta.url);
const PLACEHOLDERS: Record<string, string> = {
  '${http}': 'http://127.0.0.1:1', '${mcp-http}': 'http://127.0.0.1:1/mcp', '${mcp-sse}': 'http://127.0.0.1:1/sse',
  '${mcp-stdio-command}': 'node', '${mcp-stdio-args}': '["server.mjs"]', '${mcp-stdio-script}': '"server.mjs"',
};

function validCases(): string[] {
  // not unsupported/: every compiler refuses those specs (that is what they check); nor specs with toolboxes, which
  // are compiled once a load has listed their tools from their servers
  return readdirSync(casesDir).filter((area) => !area.startsWith('_') && area !== 'unsupported').flatMap((area) =>
    readdirSync(new URL(`${area}/`, casesDir)).filter((c) => existsSync(new URL(`${area}/${c}/case.yaml`, casesDir))).map((c) => `${area}/${c}`))
    // nor specs with message transforms or A2AAgents, which the compiled graphs run with what a load opens
    // nor SpecializedAgent roots, which compile as the Agent they stand for (that Agent is what comes back)
    .filter((id) => !hasToolboxes(spec(id)) && !hasTransforms(spec(id)) && !hasA2aAgents(spec(id)) && spec(id).component_type !== 'SpecializedAgent');
}

function spec(id: string): Component {
  const file = ['spec.yaml', 'spec.json'].map((f) => new URL(`${id}/${f}`, casesDir)).find((u) => existsSync(u)) as URL;
  let text = readFileSync(file, 'utf8');
  for (const [k, v] of Object.entries(PLACEHOLDERS)) text = text.split(k).join(v);
  return deserialize(text);
}

/** A stub for every ServerTool of a spec (compiling needs them; nothing runs). */
function stubs(c: Component): Record<string, () => null> {
  const out: Record<string, () => null> = {};
  const seen = new Set<object>();
  const visit = (v: unknown): void => {
    if (Array.isArray(v)) return v.forEach(visit);
    if (typeof v !== 'object' || v === null || seen.has(v)) return;
    seen.add(v);
    const o = v as { component_type?: string; name?: string };
    if (o.component_type === 'ServerTool' && o.name) out[o.name] = () => null;
    Object.values(v).forEach(visit);
  };
  visit(c);
  return out;
}

describe('import(compile(spec)) equals spec, for every valid conformance case', { timeout: 30_000 }, () => {
  const ids = validCases();

  it('covers the whole suite', () => {
    expect(ids.length).toBeGreaterThanOrEqual(98);
  });

  it.each(ids)('%s', async (id) => {
    const original = spec(id);
    const { graph, close } = compileLangGraph(original, { tools: stubs(original), llm: { override: { url: 'http://127.0.0.1:1' } } });
    const { component } = await importLangGraph(graph);
    await close();
    expect(normalized(component)).toEqual(normalized(original));
  });
});
