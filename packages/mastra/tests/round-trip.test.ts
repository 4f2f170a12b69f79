import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { deserialize, serialize, type Agent, type BuiltinTool, type Component, type Tool } from '@agentspec/core';
import { admitted, llmApi, parametersSchema } from '@agentspec/runtime';
import { describe, expect, it } from 'vitest';
import { compileMastra, importMastra } from '../src/index.js';

const casesDir = new URL('../../../conformance/cases/', import.meta.url);
const PLACEHOLDERS: Record<string, string> = {
  '${http}': 'http://127.0.0.1:1', '${mcp-http}': 'http://127.0.0.1:1/mcp', '${mcp-sse}': 'http://127.0.0.1:1/sse',
  '${mcp-stdio-command}': 'node', '${mcp-stdio-args}': '["server.mjs"]', '${mcp-stdio-script}': '"server.mjs"',
};

/** Every valid conformance case's spec, placeholders of local servers filled in; not those of `unsupported/` (refused by every compiler). */
function specs(): [string, Component][] {
  const out: [string, Component][] = [];
  for (const area of readdirSync(casesDir)) {
    if (area.startsWith('_') || area === 'unsupported') continue;
    for (const name of readdirSync(new URL(`${area}/`, casesDir))) {
      const file = ['spec.yaml', 'spec.json'].map((f) => new URL(`${area}/${name}/${f}`, casesDir)).find((u) => existsSync(u));
      if (!file) continue;
      let text = readFileSync(file, 'utf8');
      for (const [k, v] of Object.entries(PLACEHOLDERS)) text = text.split(k).join(v);
      out.push([`${area}/${name}`, deserialize(text)]);
    }
  }
  return out;
}

const all = specs();

/** Compiles, or undefined when this compiler rejects the spec (a load error of the case). */
function compiled(spec: Component) {
  try {
    return compileMastra(spec, { llm: { override: { url: 'http://127.0.0.1:9' } } });
  } catch {
    return undefined;
  }
}

describe('round trip: importMastra(compileMastra(spec))', () => {
  it('covers the conformance specs', () => {
    expect(all.length).toBeGreaterThan(90);
    expect(all.filter(([, s]) => compiled(s) !== undefined).length).toBeGreaterThan(90);
  });

  it.each(all)('%s gives back the same document', async (_id, spec) => {
    const c = compiled(spec);
    if (!c) return;
    // a Swarm or ManagerWorkers comes back from the Mastra Agent that starts it
    const back = await importMastra(c.kind === 'workflow' ? c.workflow : c.agent);
    expect(serialize(back.component)).toBe(serialize(spec));
    expect(back.warnings).toEqual([]);
  });

  it('imports a compiled workflow from its step graph alone too (a Flow of ToolNodes, frames between them)', async () => {
    const c = compiled(all.find(([id]) => id === 'nodes/branching-node-match')?.[1] as Component);
    if (c?.kind !== 'workflow') throw new Error('expected a workflow');
    const back = await importMastra(c.workflow, { useMetadata: false });
    expect(back.component.component_type).toBe('Flow');
    expect(back.warnings.length).toBeGreaterThan(0);
  });

  /** What the Mastra Agent alone says of a tool: its name and inputs, or a BuiltinTool's type and configuration. */
  const shape = (t: Tool): unknown[] => (t.component_type === 'BuiltinTool'
    ? [t.name, (t as unknown as BuiltinTool).tool_type, (t as unknown as BuiltinTool).configuration ?? {}]
    : [t.name, parametersSchema(admitted(t).inputs).properties]);

  it.each(all.filter(([, s]) => s.component_type === 'Agent'))('%s, from the Mastra Agent alone, keeps its name, tools, model and API', async (_id, spec) => {
    const c = compiled(spec);
    if (c?.kind !== 'agent') return;
    const agent = spec as Agent;
    const back = (await importMastra(c.agent, { useMetadata: false })).component as Agent;
    const expected = [...agent.tools.map(shape), ...((agent.outputs ?? []).length > 0 ? [['submit_result', parametersSchema(agent.outputs).properties]] : [])];
    expect(back.name).toBe(agent.name);
    expect(back.tools.map(shape)).toEqual(expected);
    expect(back.llm_config.model_id).toBe(agent.llm_config.model_id);
    expect(llmApi(back.llm_config)).toBe(llmApi(agent.llm_config));
  });
});
