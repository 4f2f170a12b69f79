import { describe, expect, it } from 'vitest';
import { COMPONENT_TYPES, deserialize, load, serialize, validateComponent } from '../src/index.js';
import { SAMPLE_SECRETS, samples } from './helpers/samples.js';

/** Every concrete component type of the Agent Spec 25.4.1 JSON Schema. */
const SCHEMA_25_4_1_TYPES = [
  'Agent', 'AgentNode', 'ApiNode', 'BranchingNode', 'ClientTool', 'ControlFlowEdge', 'DataFlowEdge', 'EndNode',
  'Flow', 'FlowNode', 'InputMessageNode', 'LlmNode', 'MCPTool', 'MapNode', 'OciAgent', 'OciClientConfigWithApiKey',
  'OciClientConfigWithInstancePrincipal', 'OciClientConfigWithResourcePrincipal', 'OciClientConfigWithSecurityToken',
  'OciGenAiConfig', 'OllamaConfig', 'OpenAiAgent', 'OpenAiCompatibleConfig', 'OpenAiConfig', 'OutputMessageNode',
  'RemoteTool', 'SSETransport', 'SSEmTLSTransport', 'ServerTool', 'StartNode', 'StdioTransport',
  'StreamableHTTPTransport', 'StreamableHTTPmTLSTransport', 'ToolNode', 'VllmConfig',
];

describe('every 25.4.1 component type', () => {
  it('is modelled, and no other', () => {
    expect([...COMPONENT_TYPES].sort()).toEqual([...SCHEMA_25_4_1_TYPES].sort());
  });

  const all = samples();
  it('has a sample for every type', () => {
    expect(Object.keys(all).sort()).toEqual([...SCHEMA_25_4_1_TYPES].sort());
  });

  for (const type of SCHEMA_25_4_1_TYPES) {
    const c = all[type as keyof typeof all];
    it(`${type}: built, serialized (JSON and YAML), deserialized, equal`, () => {
      expect(c.component_type).toBe(type);
      expect(validateComponent(c).filter((d) => d.severity === 'error')).toEqual([]);
      for (const format of ['json', 'yaml'] as const) {
        const text = serialize(c, { format });
        const back = deserialize(text, { components: SAMPLE_SECRETS });
        expect(back).toEqual(c);
        expect(serialize(back, { format })).toBe(text);
      }
    });
  }

  it('infers what the spec says is inferred', () => {
    const s = samples();
    expect(s.LlmNode).toMatchObject({
      inputs: [{ title: 'text', type: 'string' }, { title: 'words', type: 'string' }],
      outputs: [{ title: 'generated_text', type: 'string' }],
      branches: ['next'],
    });
    expect(s.StartNode).toMatchObject({ outputs: [{ title: 'city', type: 'string' }] });
    expect(s.EndNode).toMatchObject({ inputs: [], outputs: [], branches: [], branch_name: 'DONE' });
    expect(s.BranchingNode).toMatchObject({ inputs: [{ title: 'branching_mapping_key' }], branches: ['APPROVED', 'REJECTED', 'default'] });
    expect(s.FlowNode).toMatchObject({ inputs: [{ title: 'city' }], outputs: [{ title: 'forecast' }], branches: ['next'] });
    expect(s.MapNode).toMatchObject({
      reducers: { forecast: 'append' },
      inputs: [{ title: 'iterated_city', anyOf: [{ type: 'string' }, { type: 'array', items: { type: 'string' } }] }],
      outputs: [{ title: 'collected_forecast', type: 'array', items: { title: 'forecast', type: 'string' } }],
    });
    expect(s.AgentNode).toMatchObject({ inputs: [{ title: 'topic' }], outputs: [{ title: 'answer' }] });
    expect(s.Flow).toMatchObject({ inputs: [{ title: 'city' }], outputs: [{ title: 'forecast' }] });
    expect(s.InputMessageNode).toMatchObject({ inputs: [{ title: 'name' }], outputs: [{ title: 'user_input' }] });
    expect(s.OutputMessageNode).toMatchObject({ inputs: [{ title: 'forecast' }], outputs: [] });
    expect(s.ApiNode).toMatchObject({ inputs: [{ title: 'order_id' }, { title: 'store' }, { title: 'item' }] });
    expect(s.Agent).toMatchObject({ inputs: [{ title: 'topic' }] });
  });

  it('keeps shared sub-components as one object', () => {
    const text = serialize(samples().Flow);
    const back = deserialize(text) as unknown as { start_node: unknown; nodes: unknown[] };
    expect(back.start_node).toBe(back.nodes[0]);
    // the start node is written once, under $referenced_components
    expect(text.match(/"component_type": "StartNode"/g)).toHaveLength(1);
  });

  it('loads documents written without the inferred fields', () => {
    const r = load({
      component_type: 'LlmNode', id: 'n', name: 'n', prompt_template: 'Hi {{who}}', agentspec_version: '25.4.1',
      llm_config: { component_type: 'OpenAiConfig', id: 'o', name: 'o', model_id: 'gpt' },
    });
    expect(r.diagnostics).toEqual([]);
    expect(r.component).toMatchObject({ inputs: [{ title: 'who', type: 'string' }], outputs: [{ title: 'generated_text' }], branches: ['next'] });
  });
});

describe('type compatibility', () => {
  it('a union casts to a union when each member fits one of the other', async () => {
    const { canCast } = await import('../src/index.js');
    const item = { type: 'number' };
    const union = { anyOf: [item, { type: 'array', items: item }] };
    expect(canCast(union, union)).toBe(true);
    expect(canCast(union, { type: 'number' })).toBe(false);
    expect(canCast({ type: 'integer' }, union)).toBe(true);
    expect(canCast({ type: 'string' }, union)).toBe(false);
  });
});
