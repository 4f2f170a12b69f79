import { describe, expect, it } from 'vitest';
import { COMPONENT_TYPES, FAMILIES, type Component } from '@agentspec/core';
import * as api from '../src/index.js';
import { openaiAgentsAdapter } from '../src/index.js';
import { TOOL_COMPILERS } from '../src/compile/tools/index.js';

describe('public surface', () => {
  it('exports exactly these values', () => {
    expect(Object.keys(api).sort()).toEqual([
      'AgentSpecChatCompletionsModel', 'AgentSpecResponsesModel', 'OPENAI_AGENTS_IMPORT_WARNINGS', 'OPENAI_AGENTS_RUNTIME_NAME',
      'compileOpenAiAgents', 'emitOpenAiAgents', 'importOpenAiAgents', 'openaiAgentsAdapter', 'openaiAgentsBackend', 'openaiAgentsRuntime', 'respondToClientTool',
    ]);
    expect(api.OPENAI_AGENTS_RUNTIME_NAME).toBe('openai-agents');
  });

  it('handles or rejects every component type of core', () => {
    const handled = new Set<string>([
      'Agent', // compiled to an SDK Agent; run natively
      'Flow', // run on the reference interpreter
      ...[...FAMILIES.Node].filter((t) => (COMPONENT_TYPES as readonly string[]).includes(t)), // nodes of flows (the reference interpreter)
      ...Object.keys(TOOL_COMPILERS), // tools of agents
      'OpenAiConfig', 'OpenAiCompatibleConfig', 'VllmConfig', 'OllamaConfig', // models (LLM_APIS)
      'ControlFlowEdge', 'DataFlowEdge', // edges of flows
      'StdioTransport', 'SSETransport', 'StreamableHTTPTransport', 'SSEmTLSTransport', 'StreamableHTTPmTLSTransport', // MCPTool transports
    ]);
    const rejected = new Set<string>([
      ...Object.keys(openaiAgentsAdapter.capabilities.runtime.refuses), // AS_UNSUPPORTED at load (admit): remote agents, OciGenAiConfig unless llm.override
      'OciClientConfigWithApiKey', 'OciClientConfigWithSecurityToken', 'OciClientConfigWithInstancePrincipal', 'OciClientConfigWithResourcePrincipal', // only inside those
    ]);
    for (const type of COMPONENT_TYPES) expect(handled.has(type) || rejected.has(type), type).toBe(true);
  });

  it('refuses to compile anything but an Agent, naming it', () => {
    const tool = { component_type: 'ServerTool', id: 't', name: 't', inputs: [], outputs: [] } as unknown as Component;
    expect(() => api.compileOpenAiAgents(tool)).toThrow(expect.objectContaining({ code: 'AS_UNSUPPORTED', message: expect.stringContaining("ServerTool 't'") }));
  });
});
