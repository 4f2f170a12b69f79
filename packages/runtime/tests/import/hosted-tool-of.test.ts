import { buildLater, type BuiltinTool, type JsonObject } from '@agentspec/core';
import { describe, expect, it } from 'vitest';
import { aiSdkHostedToolDefinition, hostedToolOf } from '../../src/import/index.js';
import { aiSdkProviderTool, HOSTED_TOOLS, hostedToolDefinition } from '../../src/index.js';

const tool = (tool_type: string, configuration?: JsonObject): BuiltinTool =>
  buildLater('BuiltinTool', { id: tool_type, name: tool_type, tool_type, ...(configuration ? { configuration } : {}) }) as BuiltinTool;

/** A tool of each hosted kind, without and with configuration. */
const TOOLS: BuiltinTool[] = [
  tool('web_search'), tool('web_search', { search_context_size: 'low', user_location: { type: 'approximate', city: 'Oslo' }, filters: { allowed_domains: ['example.org'] } }),
  tool('file_search', { vector_store_ids: ['vs_1'] }), tool('file_search', { vector_store_ids: ['vs_1'], max_num_results: 3, ranking_options: { score_threshold: 0.5 } }),
  tool('code_interpreter'), tool('code_interpreter', { container: { type: 'auto', file_ids: ['file_1'] } }), tool('code_interpreter', { container: 'cntr_1' }),
  tool('image_generation'), tool('image_generation', { quality: 'low', output_format: 'png' }),
];

describe('hostedToolOf and aiSdkHostedToolDefinition: hosted tools read back as BuiltinTools', () => {
  it('covers every hosted tool kind', () => expect(new Set(TOOLS.map((t) => t.tool_type))).toEqual(new Set(Object.keys(HOSTED_TOOLS))));

  it.each(TOOLS.map((t) => [JSON.stringify(t.configuration ?? {}), t] as const))('%s: the Responses API definition comes back as the tool (defaults left out)', (_c, t) => {
    expect(hostedToolOf(hostedToolDefinition(t), { id: t.id, name: t.name })).toEqual(t);
  });

  it.each(TOOLS.map((t) => [`${t.tool_type} ${JSON.stringify(t.configuration ?? {})}`, t] as const))("%s: the AI SDK's provider tool comes back as the tool", (_c, t) => {
    const { factory: _f, options } = aiSdkProviderTool(t);
    const definition = aiSdkHostedToolDefinition(`openai.${t.tool_type}`, options);
    expect(definition && hostedToolOf(definition, { id: t.id, name: t.name })).toEqual(t);
  });

  it("leaves out the fields the frameworks fill in (the OpenAI Agents SDK's search_context_size 'medium', its name)", () => {
    expect(hostedToolOf({ type: 'web_search', name: 'web_search', search_context_size: 'medium' }, { id: 'w', name: 'w' })).not.toHaveProperty('configuration');
  });

  it('gives undefined for a tool no BuiltinTool names: another type, another provider', () => {
    expect(hostedToolOf({ type: 'computer_use_preview' }, { id: 'c', name: 'c' })).toBeUndefined();
    expect(aiSdkHostedToolDefinition('openai.web_search_preview')).toBeUndefined();
    expect(aiSdkHostedToolDefinition('anthropic.web_search_20250305')).toBeUndefined();
  });
});
