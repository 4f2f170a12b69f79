import { deserialize, validateComponent } from '@agentspec/core';
import { describe, expect, it } from 'vitest';
import { agentspec, NOT_A_BUG } from './bin-process.js';

const corpus = (pkg: string, name: string) => `packages/${pkg}/corpus/${name}/program.ts`;

/** `agentspec import` in a child process (the program loaded by tsx as a user's would be): exit 0, a valid spec, the warnings with their codes. */
function imported(target: string, from: string) {
  const r = agentspec(['import', target, '--from', from]);
  expect(r.stderr).not.toMatch(NOT_A_BUG);
  expect(r.code, r.stderr).toBe(0);
  const component = deserialize(r.stdout);
  expect(validateComponent(component).filter((d) => d.severity === 'error')).toEqual([]);
  return { component, codes: [...r.stderr.matchAll(/^warning ([A-Z]+_[A-Z_]+) /gm)].map((m) => m[1]) };
}

describe('agentspec import: programs written with each framework', () => {
  it('imports an OpenAI Agents agent with handoffs as a Swarm (it crashed: instanceof across module instances), naming what the handoff() entry loses', () => {
    const { component, codes } = imported(`${corpus('openai-agents', 'customer-triage')}#triageAgent`, 'openai-agents');
    expect(component).toMatchObject({ component_type: 'Swarm', name: 'Triage agent', handoff: 'always', first_agent: { name: 'Triage agent' } });
    expect(codes).toEqual(['OAI_HANDOFF_TOOL', 'OAI_HANDOFF_CALLBACK']);
  });

  it('imports agents used as tools as a ManagerWorkers, reading them from the SDK the program loaded', () => {
    const { component, codes } = imported(`${corpus('openai-agents', 'translator-orchestrator')}#orchestrator`, 'openai-agents');
    expect(component).toMatchObject({ component_type: 'ManagerWorkers', group_manager: { name: 'Orchestrator' }, workers: [{ name: 'Spanish agent' }, { name: 'French agent' }] });
    expect(codes).toEqual(['OAI_AGENT_TOOL_SHAPE', 'OAI_AGENT_TOOL_SHAPE']);
  });

  it('imports a Mastra workflow (a thenable: it must not be awaited)', () => {
    const { component, codes } = imported(`${corpus('mastra', 'city-facts')}#cityFactsWorkflow`, 'mastra');
    expect(component).toMatchObject({ component_type: 'Flow', id: 'city-facts' });
    expect(codes).toEqual(['MA_MAP', 'MA_AGENT_STEP', 'MA_MAP']);
  });

  it('imports the settings of an AI SDK generateText call, its id from the export name', () => {
    const { component, codes } = imported(`${corpus('ai-sdk', 'weather-text')}#weatherSettings`, 'ai-sdk');
    expect(component).toMatchObject({ component_type: 'Agent', id: 'weatherSettings' });
    expect(codes).toEqual(['AISDK_STEP_LIMIT']);
  });

  it('imports an AI SDK script calling generateText at its top level without making the call (the model at a closed port: a call would fail), its id from the file name', () => {
    const script = corpus('ai-sdk', 'weather-script');
    const r = agentspec(['import', script, '--from', 'ai-sdk'], { env: { OPENAI_BASE_URL: 'http://127.0.0.1:9/v1', OPENAI_API_KEY: 'test' } });
    expect(r.code, r.stderr).toBe(0);
    expect(deserialize(r.stdout)).toMatchObject({ component_type: 'Agent', id: 'program', tools: [{ name: 'weather' }, { name: 'attractions' }], llm_config: { api_type: 'responses' } });
    expect([...r.stderr.matchAll(/^warning ([A-Z]+_[A-Z_]+) /gm)].map((m) => m[1])).toEqual(['AISDK_STEP_LIMIT', 'AISDK_PROMPT']);
    const toolsOut = agentspec(['import', script, '--from', 'ai-sdk', '--tools-out', 'tools.ts']);
    expect(toolsOut.code).toBe(2);
    expect(toolsOut.stderr).toContain('calls the AI SDK at its top level');
  });
});
