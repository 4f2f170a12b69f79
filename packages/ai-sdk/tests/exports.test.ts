import { COMPONENT_TYPES, FAMILIES, UNKNOWN_KIND } from '@agentspec/core';
import { describe, expect, it } from 'vitest';
import * as api from '../src/index.js';
import { TOOL_KINDS } from '../src/compile/tools/tool-kinds.js';
import { PROVIDER_NAMES } from '../src/model/language-model.js';
import { TOOL_EMITTERS } from '../src/emit/tools/index.js';

/** The kinds of a family: its built-in types, and UNKNOWN_KIND for the components core does not type. */
const kinds = (family: 'Tool' | 'LlmConfig') => [...[...FAMILIES[family]].filter((t) => (COMPONENT_TYPES as readonly string[]).includes(t)), UNKNOWN_KIND].sort();

describe('the public surface', () => {
  it('exports exactly this list', () => {
    expect(Object.keys(api).sort()).toEqual(['AI_SDK_IMPORT_WARNINGS', 'AI_SDK_RUNTIME_NAME', 'aiSdkAdapter', 'aiSdkBackend', 'aiSdkRuntime', 'compileAiSdk', 'emitAiSdk', 'hasTopLevelAiSdkCall', 'importAiSdk', 'importAiSdkModule']);
    expect(api.AI_SDK_RUNTIME_NAME).toBe('ai-sdk');
  });

  it('handles every tool kind and LLM config kind of core, unknown ones included', () => {
    expect(Object.keys(TOOL_KINDS).sort()).toEqual(kinds('Tool'));
    expect(Object.keys(TOOL_EMITTERS).sort()).toEqual(kinds('Tool'));
    expect(Object.keys(PROVIDER_NAMES).sort()).toEqual(kinds('LlmConfig'));
  });
});
