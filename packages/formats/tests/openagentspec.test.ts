import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Agent, ServerTool } from '@agentspec/core';
import { referenceRuntime, type ToolRegistry } from '@agentspec/runtime';
import { startScriptedLlm, type ScriptedLlm } from '@agentspec/testing';
import { importOpenAgentSpec, PLACEHOLDER_LLM_URL } from '../src/index.js';
import { codes, roundTrip } from './spec-check.js';

const sample = (name: string) => readFileSync(new URL(`./fixtures/openagentspec/${name}.yaml`, import.meta.url), 'utf8');

let llm: ScriptedLlm;
beforeAll(async () => {
  llm = await startScriptedLlm({
    strict: true,
    rules: [
      // research-assistant
      { match: { systemPromptContains: 'research a topic', lastToolResult: { tool: 'summarise_v2' } }, answer: { text: 'Summary: tides follow the moon (source: sea.example).' } },
      { match: { systemPromptContains: 'research a topic', lastToolResult: { tool: 'web-search' } }, answer: { toolCalls: [{ name: 'summarise_v2', arguments: { input: 'tides follow the moon — sea.example' } }] } },
      { match: { systemPromptContains: 'research a topic', lastUserMessage: { contains: 'tides' } }, answer: { toolCalls: [{ name: 'web-search', arguments: { input: 'why are there tides' } }] } },
      // expense-approver
      { match: { systemPromptContains: 'expense claim', lastToolResult: { tool: 'submit-expense', contains: 'rejected' } }, answer: { text: 'The claim was not filed: finance did not approve it.' } },
      { match: { systemPromptContains: 'expense claim', lastToolResult: { tool: 'submit-expense' } }, answer: { text: 'Filed as claim EX-1.' } },
      { match: { systemPromptContains: 'expense claim', lastUserMessage: { contains: 'taxi' } }, answer: { toolCalls: [{ name: 'submit-expense', arguments: { input: 'taxi, 42.50 EUR' } }] } },
      // hotel-booker (run by the travel planner's tool)
      { match: { systemPromptContains: 'hotel room', lastToolResult: { tool: 'reserve-room' } }, answer: { text: 'Booked: HB-7.' } },
      { match: { systemPromptContains: 'hotel room', lastUserMessage: { contains: 'Lisbon' } }, answer: { toolCalls: [{ name: 'reserve-room', arguments: { input: 'Lisbon, 2 nights' } }] } },
      // travel-planner
      { match: { systemPromptContains: 'plan the user', lastToolResult: { tool: 'hotel-booker' } }, answer: { text: 'Your flight is TP-123 and your hotel booking is HB-7.' } },
      { match: { systemPromptContains: 'plan the user', lastToolResult: { tool: 'flights_search' } }, answer: { toolCalls: [{ name: 'hotel-booker', arguments: { request: 'a room in Lisbon for 2 nights' } }] } },
      { match: { systemPromptContains: 'plan the user', lastUserMessage: { contains: 'Lisbon' } }, answer: { toolCalls: [{ name: 'flights_search', arguments: { input: 'to Lisbon on Friday' } }] } },
    ],
  });
});
afterAll(() => llm.close());

describe('importOpenAgentSpec: research-assistant (tools only)', () => {
  it('maps intent, tools and the LLM options, with a warning for each tool and the renamed one', () => {
    const { component, warnings } = importOpenAgentSpec(sample('research-assistant'), { llmUrl: 'http://127.0.0.1:9/v1', model: 'm-1' });
    expect(component).toMatchObject({
      component_type: 'Agent', id: 'research-assistant', name: 'research-assistant',
      description: 'The research assistant finds sources on the web and summarises them for the team.',
      llm_config: { component_type: 'OpenAiCompatibleConfig', url: 'http://127.0.0.1:9/v1', model_id: 'm-1' },
      metadata: { openagentspec: { kind: 'openagentspec:v1/agent', owner: 'team-research@example.com', lifespan: { retain_memory: false } } },
    });
    expect(component.system_prompt).toMatch(/^You help a colleague research a topic\. Search the web/);
    expect((component.tools as ServerTool[]).map((t) => [t.component_type, t.name, t.inputs?.map((p) => p.title), t.requires_confirmation])).toEqual([
      ['ServerTool', 'web-search', ['input'], false],
      ['ServerTool', 'summarise_v2', ['input'], false],
    ]);
    expect(component.tools[1]?.metadata).toEqual({ openagentspec: { reference: 'summarise.v2', capability: { user_identity: false } } });
    expect(codes(warnings)).toEqual(['OAS_TOOL_AS_SERVER_TOOL', 'OAS_TOOL_AS_SERVER_TOOL', 'OAS_TOOL_RENAMED']);
    expect(warnings.find((w) => w.code === 'OAS_TOOL_RENAMED')).toMatchObject({ kind: 'approximated', path: '/capabilities/summarise.v2', component: 'tool:summarise_v2' });
  });

  it('validates with @agentspec/core as 25.4.1 and runs on the reference runtime with the tools implemented', async () => {
    const { component } = importOpenAgentSpec(sample('research-assistant'), { llmUrl: llm.url, model: 'research-model' });
    const { component: loaded, version } = roundTrip(component);
    expect(version).toBe('25.4.1');
    const calls: string[] = [];
    const tools: ToolRegistry = {
      'web-search': ({ input }) => { calls.push(`search:${String(input)}`); return 'sea.example: tides follow the moon'; },
      summarise_v2: ({ input }) => { calls.push(`summarise:${String(input)}`); return 'tides follow the moon'; },
    };
    // no llm.override: the imported config itself points at the scripted server
    const session = (await referenceRuntime().load(loaded, { tools })).start();
    session.appendUserMessage('Why are there tides?');
    llm.clear();
    const status = await session.run();
    expect(status.type).toBe('user_input');
    expect(status.messages.at(-1)).toMatchObject({ role: 'assistant', content: 'Summary: tides follow the moon (source: sea.example).' });
    expect(calls).toEqual(['search:why are there tides', 'summarise:tides follow the moon — sea.example']);
    expect(llm.requests[0]?.model).toBe('research-model');
    expect(llm.requests[0]?.tools.map((t) => t.name)).toEqual(['web-search', 'summarise_v2']);
  });

  it('without LLM options: a placeholder endpoint with OAS_LLM_PLACEHOLDER; a model alone is an OpenAiConfig', () => {
    const placeholder = importOpenAgentSpec(sample('research-assistant'));
    expect(placeholder.component.llm_config).toMatchObject({ component_type: 'OpenAiCompatibleConfig', url: PLACEHOLDER_LLM_URL });
    expect(placeholder.warnings.find((w) => w.code === 'OAS_LLM_PLACEHOLDER')).toMatchObject({ kind: 'approximated', component: 'research-assistant-llm' });
    const urlOnly = importOpenAgentSpec(sample('research-assistant'), { llmUrl: 'http://127.0.0.1:9/v1' });
    expect(urlOnly.warnings.find((w) => w.code === 'OAS_LLM_PLACEHOLDER')?.message).toMatch(/no model/);
    const modelOnly = importOpenAgentSpec(sample('research-assistant'), { model: 'gpt-4o-mini' });
    expect(modelOnly.component.llm_config).toMatchObject({ component_type: 'OpenAiConfig', model_id: 'gpt-4o-mini' });
    expect(codes(modelOnly.warnings)).not.toContain('OAS_LLM_PLACEHOLDER');
  });
});

describe('importOpenAgentSpec: expense-approver (restrictions, identities, guardrails, exposes, lifespan)', () => {
  it('names every field without an equivalent in a coded warning and keeps it in metadata', () => {
    const { component, warnings } = importOpenAgentSpec(sample('expense-approver'), { llmUrl: 'http://127.0.0.1:9/v1', model: 'm' });
    expect(codes(warnings)).toEqual([
      'OAS_ASSERTION', 'OAS_ASSERTION', 'OAS_COLLECT_RESULTS', 'OAS_EXPOSES', 'OAS_GUARDRAIL', 'OAS_GUARDRAIL', 'OAS_REVIEW_AS_CONFIRMATION',
      'OAS_SHORT_CIRCUIT', 'OAS_STATIC_IDENTITY', 'OAS_TOOL_AS_SERVER_TOOL', 'OAS_TOOL_AS_SERVER_TOOL', 'OAS_USER_IDENTITY', 'OAS_USER_IDENTITY',
    ]);
    const at = (code: string) => warnings.filter((w) => w.code === code).map((w) => w.path);
    expect(at('OAS_ASSERTION')).toEqual(['/capabilities/submit-expense/input_restriction/assertion', '/capabilities/submit-expense/output_restriction/assertion']);
    expect(at('OAS_GUARDRAIL')).toEqual(['/guardrails/input', '/guardrails/output']);
    expect(at('OAS_EXPOSES')).toEqual(['/exposes/claim_id']);
    expect(at('OAS_SHORT_CIRCUIT')).toEqual(['/lifespan/short_circuit']);
    expect(at('OAS_USER_IDENTITY')).toEqual(['/capabilities/submit-expense/user_identity', '/capabilities/lookup-policy/user_identity']);
    expect(at('OAS_COLLECT_RESULTS')).toEqual(['/capabilities/lookup-policy/collect_results']);
    expect(at('OAS_REVIEW_AS_CONFIRMATION')).toEqual(['/capabilities/submit-expense/input_restriction/require_review']);
    expect(warnings.filter((w) => w.kind === 'unsupported').map((w) => w.code)).not.toContain('OAS_REVIEW_AS_CONFIRMATION');
    const submit = component.tools[0]!;
    expect(submit).toMatchObject({ name: 'submit-expense', requires_confirmation: true });
    expect(submit.metadata).toMatchObject({ openagentspec: { capability: { static_identity: 'finance-service-account', input_restriction: { require_review: 'finance-lead@example.com' } } } });
    expect(component.tools[1]?.requires_confirmation).toBe(false);
    expect(component.metadata).toMatchObject({ openagentspec: { guardrails: { input: { tool_name: 'pii-scanner' } }, exposes: { claim_id: expect.any(String) }, lifespan: { short_circuit: 3 } } });
  });

  it('is a 25.4.2 document whose reviewed tool stops for confirmation: approved it runs, rejected it does not', async () => {
    const { component } = importOpenAgentSpec(sample('expense-approver'), { llmUrl: 'http://127.0.0.1:9/v1', model: 'm' });
    const { component: loaded, version } = roundTrip(component);
    expect(version).toBe('25.4.2');
    const filed: string[] = [];
    const tools: ToolRegistry = { 'submit-expense': ({ input }) => { filed.push(String(input)); return { claim_id: 'EX-1' }; }, 'lookup-policy': () => 'no limit' };
    const app = await referenceRuntime().load(loaded, { tools, llm: { override: { url: llm.url } } });

    const approved = app.start();
    approved.appendUserMessage('Please file my taxi receipt of 42.50 EUR');
    const asked = await approved.run();
    expect(asked.type).toBe('tool_confirmation');
    const request = asked.type === 'tool_confirmation' ? asked.requests[0]! : undefined;
    expect(request).toMatchObject({ name: 'submit-expense', args: { input: 'taxi, 42.50 EUR' } });
    expect(filed).toEqual([]);
    approved.decide(request!.id, 'approve');
    const done = await approved.run();
    expect(done.messages.at(-1)).toMatchObject({ role: 'assistant', content: 'Filed as claim EX-1.' });
    expect(filed).toEqual(['taxi, 42.50 EUR']);

    const rejected = app.start();
    rejected.appendUserMessage('Please file my taxi receipt of 42.50 EUR');
    const again = await rejected.run();
    rejected.decide(again.type === 'tool_confirmation' ? again.requests[0]!.id : '', 'reject', 'over budget');
    const refused = await rejected.run();
    expect(refused.messages.at(-1)).toMatchObject({ content: 'The claim was not filed: finance did not approve it.' });
    expect(filed).toHaveLength(1);
  });

  it('for a target version before 25.4.2 the review is OAS_REVIEW_DROPPED and the document stays 25.4.1', () => {
    const { component, warnings } = importOpenAgentSpec(sample('expense-approver'), { version: '25.4.1', llmUrl: 'http://127.0.0.1:9/v1', model: 'm' });
    expect(codes(warnings)).toContain('OAS_REVIEW_DROPPED');
    expect(codes(warnings)).not.toContain('OAS_REVIEW_AS_CONFIRMATION');
    expect(warnings.find((w) => w.code === 'OAS_REVIEW_DROPPED')).toMatchObject({ kind: 'unsupported', path: '/capabilities/submit-expense/input_restriction/require_review' });
    expect(component.tools.some((t) => t.requires_confirmation)).toBe(false);
    expect(roundTrip(component, '25.4.1').version).toBe('25.4.1');
  });
});

describe('importOpenAgentSpec: travel-planner (agent references, a dotted name, an output review, unknown fields)', () => {
  it('makes agent references ServerTools taking a request, remote ones without fetching, with warnings', () => {
    const { component, warnings } = importOpenAgentSpec(sample('travel-planner'), { llmUrl: 'http://127.0.0.1:9/v1', model: 'm' });
    expect(codes(warnings)).toEqual([
      'OAS_AGENT_AS_TOOL', 'OAS_INTENT_BRACES', 'OAS_OUTPUT_REVIEW', 'OAS_REMOTE_AGENT', 'OAS_REVIEW_AS_CONFIRMATION', 'OAS_TOOL_AS_SERVER_TOOL',
      'OAS_TOOL_RENAMED', 'OAS_UNKNOWN_FIELD', 'OAS_UNKNOWN_FIELD',
    ]);
    expect((component.tools as ServerTool[]).map((t) => [t.name, t.inputs?.[0]?.title, t.requires_confirmation ?? false])).toEqual([
      ['flights_search', 'input', true], ['hotel-booker', 'request', false], ['visa-checker', 'request', false],
    ]);
    expect(component.tools[2]?.metadata).toMatchObject({ openagentspec: { reference: 'oagent://agents.partner.example/visa/visa-checker', url: 'https://agents.partner.example/visa/visa-checker' } });
    expect(component.system_prompt).toContain('Never paste { {raw}} tool output.');
    expect(component.inputs ?? []).toEqual([]);
    expect(warnings.filter((w) => w.code === 'OAS_UNKNOWN_FIELD').map((w) => w.path)).toEqual(['/capabilities/oagent:~1~1agents.partner.example~1visa~1visa-checker/sandbox', '/x-cost-center']);
    expect(component.metadata).toMatchObject({ openagentspec: { 'x-cost-center': '4711' } });
  });

  it('runs, with the hotel-booker tool implemented by running the imported hotel-booker agent in its own session', async () => {
    const runtime = referenceRuntime();
    const options = { llmUrl: 'http://127.0.0.1:9/v1', model: 'm' };
    const hotel = roundTrip(importOpenAgentSpec(sample('hotel-booker'), options).component).component as Agent;
    const hotelApp = await runtime.load(hotel, { tools: { 'reserve-room': () => 'HB-7' }, llm: { override: { url: llm.url } } });
    const tools: ToolRegistry = {
      flights_search: () => 'TP-123, Friday 08:10',
      // an agent capability: a session of that agent per request, its reply as the result
      'hotel-booker': async ({ request }) => {
        const session = hotelApp.start();
        session.appendUserMessage(String(request));
        const status = await session.run();
        return status.messages.at(-1)?.content ?? '';
      },
      'visa-checker': () => 'no visa needed',
    };
    const planner = roundTrip(importOpenAgentSpec(sample('travel-planner'), options).component).component;
    const session = (await runtime.load(planner, { tools, llm: { override: { url: llm.url } } })).start();
    session.appendUserMessage('Plan a weekend in Lisbon');
    const first = await session.run();
    // flights.search had an output review: confirmation first
    expect(first.type).toBe('tool_confirmation');
    session.decide(first.type === 'tool_confirmation' ? first.requests[0]!.id : '', 'approve');
    const done = await session.run();
    expect(done.type).toBe('user_input');
    expect(done.messages.filter((m) => m.role === 'tool').map((m) => m.content)).toEqual(['TP-123, Friday 08:10', 'Booked: HB-7.']);
    expect(done.messages.at(-1)?.content).toBe('Your flight is TP-123 and your hotel booking is HB-7.');
  });
});

describe('importOpenAgentSpec: documents it refuses', () => {
  it('another kind is AS_IMPORT_FORMAT_VERSION; missing or mistyped fields are one AS_IMPORT_INVALID listing each', () => {
    expect(() => importOpenAgentSpec('kind: openagentspec:v2/agent\nname: x\n')).toThrow(expect.objectContaining({ code: 'AS_IMPORT_FORMAT_VERSION' }));
    let error: unknown;
    try {
      importOpenAgentSpec('kind: "openagentspec:v1/agent"\nname: 3\ncapabilities:\n  t: {collect_results: "yes"}\nlifespan: {short_circuit: -1}\n');
    } catch (e) {
      error = e;
    }
    expect(error).toMatchObject({ code: 'AS_IMPORT_INVALID' });
    const message = (error as Error).message;
    for (const part of ['/name: must be a string', '/description: is required', '/intent: is required', '/owner: is required', '/capabilities/t/collect_results: must be true or false', '/lifespan/short_circuit: must be a positive integer']) {
      expect(message).toContain(part);
    }
  });

  it('malformed YAML, several documents, or an alias bomb is AS_IMPORT_PARSE', () => {
    expect(() => importOpenAgentSpec('kind: [')).toThrow(expect.objectContaining({ code: 'AS_IMPORT_PARSE' }));
    expect(() => importOpenAgentSpec('kind: a\n---\nkind: b\n')).toThrow(expect.objectContaining({ code: 'AS_IMPORT_PARSE' }));
    expect(() => importOpenAgentSpec('kind: "openagentspec:v1/agent"\nname: a\nname: b\n')).toThrow(expect.objectContaining({ code: 'AS_IMPORT_PARSE', message: expect.stringContaining("the key 'name' appears twice") }));
    expect(() => importOpenAgentSpec('{"kind": "openagentspec:v1/agent", "owner": [}')).toThrow(expect.objectContaining({ code: 'AS_IMPORT_PARSE', message: expect.stringContaining('not well-formed') }));
    expect(() => importOpenAgentSpec(`{"kind": "openagentspec:v1/agent", "x": ${'['.repeat(100_000)}${']'.repeat(100_000)}}`)).toThrow(expect.objectContaining({ code: 'AS_IMPORT_PARSE', message: expect.stringContaining('nests deeper than 256 levels') }));
    const bomb = ['a: &a [x, x, x, x, x, x, x, x, x, x]', ...Array.from({ length: 12 }, (_, i) => `${String.fromCharCode(98 + i)}: &${String.fromCharCode(98 + i)} [*${String.fromCharCode(97 + i)}, *${String.fromCharCode(97 + i)}, *${String.fromCharCode(97 + i)}, *${String.fromCharCode(97 + i)}, *${String.fromCharCode(97 + i)}, *${String.fromCharCode(97 + i)}, *${String.fromCharCode(97 + i)}, *${String.fromCharCode(97 + i)}, *${String.fromCharCode(97 + i)}, *${String.fromCharCode(97 + i)}]`)].join('\n');
    expect(() => importOpenAgentSpec(bomb)).toThrow(expect.objectContaining({ code: 'AS_IMPORT_PARSE' }));
  });

  it('a __proto__ key is an ordinary (unknown) field, not a prototype', () => {
    const { warnings, component } = importOpenAgentSpec('{"kind": "openagentspec:v1/agent", "name": "a", "description": "d", "intent": "i", "owner": "o", "__proto__": {"polluted": true}}', { model: 'm' });
    expect(codes(warnings)).toEqual(['OAS_UNKNOWN_FIELD']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.hasOwn(component.metadata!.openagentspec as object, '__proto__')).toBe(true);
  });
});
