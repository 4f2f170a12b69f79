import type { BuiltinTool } from '@agentspec/core';
import { describe, expect, it } from 'vitest';
import { aiSdkProviderToolCall } from '../../src/emit/index.js';

const builtin = (tool_type: string, configuration?: Record<string, unknown>) =>
  ({ component_type: 'BuiltinTool', id: tool_type, name: tool_type, tool_type, ...(configuration ? { configuration } : {}) }) as unknown as BuiltinTool;

describe('aiSdkProviderToolCall', () => {
  it('writes the provider tool of @ai-sdk/openai that aiSdkProviderTool names, its options in the AI SDK\'s spelling', () => {
    expect(aiSdkProviderToolCall(builtin('web_search', { search_context_size: 'low', user_location: { type: 'approximate', city: 'Brest' } })))
      .toBe("openai.tools.webSearch({ searchContextSize: 'low', userLocation: { type: 'approximate', city: 'Brest' } })");
    expect(aiSdkProviderToolCall(builtin('code_interpreter'), 'hosted')).toBe('hosted.tools.codeInterpreter({})');
    expect(aiSdkProviderToolCall(builtin('file_search', { vector_store_ids: ['vs_1'], max_num_results: 3 })))
      .toBe("openai.tools.fileSearch({ vectorStoreIds: ['vs_1'], maxNumResults: 3 })");
  });

  it('writes spec text only as escaped literals', () => {
    const call = aiSdkProviderToolCall(builtin('web_search', { user_location: { type: 'approximate', city: "x' }); process.exit(1); ({ '" } }));
    expect(call).toBe("openai.tools.webSearch({ userLocation: { type: 'approximate', city: 'x\\' }); process.exit(1); ({ \\'' } })");
  });
});
