import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { load } from '@agentspec/core';
import { cli, cliWithInput, tempFiles } from './helpers.js';

const fixture = (path: string) => fileURLToPath(new URL(`../../formats/tests/fixtures/${path}`, import.meta.url));

describe('agentspec import --from openagentspec | agents-json', () => {
  it('writes an OpenAgentSpec agent as a valid Agent Spec document, each warning with its code and field on stderr', async () => {
    const out = tempFiles({})('agent.yaml');
    const r = await cli('import', fixture('openagentspec/expense-approver.yaml'), '--from', 'openagentspec', '--llm-url', 'http://127.0.0.1:8000/v1', '--model', 'm-1', '--out', out);
    expect(r.code).toBe(0);
    expect(r.stderr).toContain('warning OAS_GUARDRAIL (unsupported) /guardrails/input: ');
    expect(r.stderr).toContain('warning OAS_REVIEW_AS_CONFIRMATION (approximated) /capabilities/submit-expense/input_restriction/require_review: ');
    expect(r.stderr).toMatch(/imported Agent 'expense-approver' from openagentspec \(13 warnings\)\n$/);
    const loaded = load(readFileSync(out, 'utf8'));
    expect(loaded.diagnostics).toEqual([]);
    expect(loaded.version).toBe('25.4.2');
    expect(loaded.component).toMatchObject({ component_type: 'Agent', llm_config: { url: 'http://127.0.0.1:8000/v1', model_id: 'm-1' } });
  });

  it('--to-version 25.4.1 drops the review with OAS_REVIEW_DROPPED; options of the other format are refused', async () => {
    const r = await cli('import', fixture('openagentspec/expense-approver.yaml'), '--from', 'openagentspec', '--to-version', '25.4.1', '--format', 'json');
    expect(r.code).toBe(0);
    expect(r.stderr).toContain('warning OAS_REVIEW_DROPPED (unsupported)');
    expect(JSON.parse(r.stdout)).toMatchObject({ agentspec_version: '25.4.1', component_type: 'Agent' });
    const alias = await cli('import', fixture('openagentspec/expense-approver.yaml'), '--from', 'openagentspec', '--version', '25.4.1');
    expect(alias.stdout).toContain('agentspec_version: 25.4.1');
    const wrong = await cli('import', fixture('openagentspec/expense-approver.yaml'), '--from', 'openagentspec', '--flow', 'x');
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toContain('AS_BAD_OPTION: --flow is an option of --from agents-json');
  });

  it('writes one agents.json flow, chosen with --flow, with --server-url per source', async () => {
    const r = await cli('import', fixture('agents-json/orders/agents.json'), '--from', 'agents-json', '--flow', 'order_status_flow', '--server-url', 'user_service=http://127.0.0.1:9', 'payment_gateway=http://127.0.0.1:9/api');
    expect(r.code).toBe(0);
    expect(r.stderr).toContain('warning AJ_LINK_INFERRED (approximated) user_service:/paths/~1orders~1{orderId}/get: ');
    const loaded = load(r.stdout);
    expect(loaded.diagnostics).toEqual([]);
    expect(loaded.component).toMatchObject({ component_type: 'Flow', id: 'order_status_flow' });
    expect(r.stdout).toContain('url: http://127.0.0.1:9/orders/{{ orderId }}');
  });

  it('exits 1 with the importer\'s code: several flows and none chosen, a source at a URL (with the hint to pass a local copy)', async () => {
    const several = await cli('import', fixture('agents-json/orders/agents.json'), '--from', 'agents-json');
    expect(several.code).toBe(1);
    expect(several.stderr).toContain('agentspec: error AS_IMPORT_FLOW_CHOICE: the document has 2 flows (process_order_flow, order_status_flow): choose one');
    const file = tempFiles({ 'agents.json': JSON.stringify({
      agentsJson: '1.0.0', info: { title: 't', version: '1', description: 'd' },
      sources: [{ id: 'api', path: 'https://api.example.com/openapi.yaml' }],
      flows: [{ id: 'f', title: 'f', description: 'd', actions: [{ id: 'a', sourceId: 'api', operationId: 'op' }], fields: { parameters: [], responses: { success: {} } } }],
    }) })('agents.json');
    const remote = await cli('import', file, '--from', 'agents-json');
    expect(remote.code).toBe(1);
    expect(remote.stderr).toContain("agentspec: error AS_IMPORT_REMOTE_SOURCE: source 'api' is at https://api.example.com/openapi.yaml, and importers never fetch");
    expect(remote.stderr).toContain('hint: download it');
    const badPair = await cli('import', file, '--from', 'agents-json', '--source', 'api');
    expect(badPair.code).toBe(2);
    expect(badPair.stderr).toContain("--source takes id=file, not 'api'");
  });

  it('the imported agent runs with agentspec run: its tools from a --tools module, the LLM scripted', async () => {
    const files = tempFiles({
      'tools.ts': "export const tools = { 'web-search': ({ input }: { input: string }) => `found: ${input}`, summarise_v2: () => 'short' };\n",
      'rules.yaml': [
        'rules:',
        '  - match: {lastToolResult: {tool: web-search}}',
        '    answer: {text: "Tides follow the moon."}',
        '  - match: {lastUserMessage: {contains: tides}}',
        '    answer: {toolCalls: [{name: web-search, arguments: {input: tides}}]}',
        '',
      ].join('\n'),
    });
    const imported = await cli('import', fixture('openagentspec/research-assistant.yaml'), '--from', 'openagentspec', '--out', files('agent.yaml'));
    expect(imported.code).toBe(0);
    const ran = await cliWithInput(['Why are there tides?'], 'run', files('agent.yaml'), '--tools', files('tools.ts'), '--offline', files('rules.yaml'), '--json');
    expect(ran.code).toBe(0);
    expect(ran.stdout).toContain('Tides follow the moon.');
    expect(ran.stdout).toContain('found: tides');
  });

  it('an unknown --from lists the document formats too', async () => {
    const r = await cli('import', 'x.yaml', '--from', 'crewai');
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('openagentspec, agents-json');
  });
});
