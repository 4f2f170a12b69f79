import { COMPONENT_TYPES, FAMILIES } from '@agentspec/core';
import { describe, expect, it } from 'vitest';
import * as api from '../src/index.js';
import { TOOL_KINDS } from '../src/compile/tools/tool-kinds.js';
import { PROVIDER_NAMES } from '../src/model/language-model.js';
import { FLOW_NODES } from '../src/runtime/flow-nodes.js';
import { TOOL_EMITTERS } from '../src/emit/tools/index.js';

const builtin = (family: 'Node' | 'Tool' | 'LlmConfig') => [...FAMILIES[family]].filter((t) => (COMPONENT_TYPES as readonly string[]).includes(t)).sort();

describe('the public surface', () => {
  it('exports exactly this list', () => {
    expect(Object.keys(api).sort()).toEqual(['AI_SDK_RUNTIME_NAME', 'aiSdkAdapter', 'aiSdkBackend', 'aiSdkRuntime', 'compileAiSdk', 'emitAiSdk', 'importAiSdk']);
    expect(api.AI_SDK_RUNTIME_NAME).toBe('ai-sdk');
  });

  it('handles every built-in node kind, tool kind and LLM config kind of core', () => {
    expect(Object.keys(FLOW_NODES).sort()).toEqual(builtin('Node'));
    expect(Object.keys(TOOL_KINDS).sort()).toEqual(builtin('Tool'));
    expect(Object.keys(TOOL_EMITTERS).sort()).toEqual(builtin('Tool'));
    expect(Object.keys(PROVIDER_NAMES).sort()).toEqual(builtin('LlmConfig'));
  });
});
