import { deserialize, type Agent } from '@agentspec/core';
import { RequestContext } from '@mastra/core/request-context';
import { describe, expect, it } from 'vitest';
import { compileMastra } from '../src/index.js';
import { jsonSchemaOf } from '../src/compile/schema/coercing-schema.js';
import { FILES_AGENT } from './fixtures.js';

const spec = deserialize(FILES_AGENT) as Agent;

describe('compileMastra: Agent → Mastra Agent', () => {
  it('renders the instructions from the inputs in the RequestContext, defaults applied', async () => {
    const c = compileMastra(spec, { llm: { override: { url: 'http://127.0.0.1:9' } } });
    if (c.kind !== 'agent') throw new Error('expected an agent');
    const rc = new RequestContext();
    expect(await c.agent.getInstructions({ requestContext: rc })).toBe('Help you with files.');
    rc.set('agentspec.inputs', { user: 'Ada' });
    expect(await c.agent.getInstructions({ requestContext: rc })).toBe('Help Ada with files.');
    expect(c.agent.name).toBe('Files agent');
    expect(c.agents).toEqual({ [c.agent.id]: c.agent });
    expect(c.warnings).toEqual([]);
  });

  it('makes one createTool per tool with the JSON Schema of its inputs; confirmation is requireApproval, a ClientTool can suspend', async () => {
    const c = compileMastra(spec);
    if (c.kind !== 'agent') throw new Error('expected an agent');
    const tools = await c.agent.listTools() as Record<string, { id: string; description: string; inputSchema: unknown; requireApproval?: boolean; suspendSchema?: unknown }>;
    expect(Object.keys(tools)).toEqual(['pick_file', 'deploy']);
    expect(jsonSchemaOf(tools.pick_file?.inputSchema)).toEqual({
      type: 'object', properties: { pattern: { type: 'string', description: 'a glob' } }, required: ['pattern'], additionalProperties: false,
    });
    expect(tools.pick_file?.suspendSchema).toBeDefined();
    expect(tools.pick_file?.requireApproval).toBeFalsy();
    expect(tools.deploy?.requireApproval).toBe(true);
    expect(tools.deploy?.description).toBe('Deploy a file');
  });

  it('offers submit_result for outputs, unless native structured output is asked for', async () => {
    const withOutputs = { ...spec, outputs: [{ title: 'path', type: 'string' as const }] };
    const a = compileMastra(withOutputs);
    const b = compileMastra(withOutputs, { structuredOutput: 'native' });
    if (a.kind !== 'agent' || b.kind !== 'agent') throw new Error('expected agents');
    expect(Object.keys(await a.agent.listTools())).toEqual(['pick_file', 'deploy', 'submit_result']);
    expect(Object.keys(await b.agent.listTools())).toEqual(['pick_file', 'deploy']);
  });

  it('takes maxSteps, generation parameters and the model from the spec and options', async () => {
    const c = compileMastra(spec, { limits: { maxAgentSteps: 7 }, llm: { override: { url: 'http://127.0.0.1:9' } } });
    if (c.kind !== 'agent') throw new Error('expected an agent');
    const defaults = await c.agent.getDefaultOptions() as { maxSteps?: number; modelSettings?: Record<string, unknown> };
    expect(defaults.maxSteps).toBe(7);
    expect(defaults.modelSettings).toEqual({ temperature: 0.1 });
    const model = await c.agent.getModel() as { provider: string; modelId: string };
    expect(model.modelId).toBe('files-model');
    expect(model.provider).toMatch(/^agentspec/);
  });

  it('keeps the Agent Spec component in metadata', async () => {
    const c = compileMastra(spec);
    if (c.kind !== 'agent') throw new Error('expected an agent');
    const meta = await c.agent.getMetadata() as { agentspec?: { component_type?: string; system_prompt?: string } };
    expect(meta.agentspec).toMatchObject({ component_type: 'Agent', system_prompt: 'Help {{user}} with files.' });
  });

  it('rejects components that are neither an Agent nor a Flow', () => {
    expect(() => compileMastra(spec.tools[0] as never)).toThrowError(expect.objectContaining({ code: 'AS_UNSUPPORTED' }));
  });
});
