import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Agent } from '@agentspec/core';
import { admitted, hasBuiltinTools, referenceRuntime, type Runtime, type RunStatus } from '@agentspec/runtime';
import { startScriptedLlm, type RecordedRequest, type Rule, type ScriptedLlm } from '@agentspec/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aiSdkRuntime } from '../src/index.js';
import { conformanceAgents } from './helpers/conformance-agents.js';
import { sampleArgs } from './helpers/sample-values.js';

/**
 * The AI SDK runtime sends the LLM what the reference runtime sends: for
 * every Agent of the conformance cases, driven through a scripted
 * conversation that calls every tool (confirmations approved, client tools
 * answered) and submits the outputs, both runtimes' recorded requests carry
 * the same system prompt, tool schemas, generation parameters, structured
 * output and messages (tool call ids aside).
 */

let http: Server;
let httpUrl = '';
beforeAll(async () => {
  http = createServer((req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ path: req.url, country: 'Japan', capital: 'Tokyo' })));
  await new Promise<void>((r) => http.listen(0, '127.0.0.1', r));
  httpUrl = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => http.close(() => r())));

function script(agent: Agent): Rule[] {
  const outputs = agent.outputs ?? [];
  const finish = outputs.length > 0 ? { toolCalls: [{ name: 'submit_result', arguments: sampleArgs(outputs) }] } : { text: 'Done.' };
  return [
    ...agent.tools.map((t) => ({ match: { lastToolResult: { tool: t.name } }, answer: finish })),
    { match: { lastUserMessage: 'Hello' }, answer: agent.tools.length > 0 ? { toolCalls: agent.tools.map((t) => ({ name: t.name, arguments: sampleArgs(admitted(t).inputs) })) } : finish },
  ];
}

async function drive(runtime: Runtime, agent: Agent, llm: ScriptedLlm, decision: 'approve' | 'reject' = 'approve'): Promise<{ statuses: RunStatus[]; requests: RecordedRequest[] }> {
  llm.clear();
  const tools = Object.fromEntries(agent.tools.map((t) => [t.name, (args: Record<string, unknown>) => `${t.name} of ${JSON.stringify(args)}`]));
  const app = await runtime.load(agent, { tools, llm: { override: { url: llm.url, apiKey: 'test' } }, network: { allow: ['127.0.0.1'] } });
  try {
    const session = app.start({ inputs: sampleArgs((agent.inputs ?? []).filter((p) => !('default' in p))) });
    session.appendUserMessage('Hello');
    const statuses: RunStatus[] = [];
    for (let i = 0; i < 5; i++) {
      const status = await session.run();
      statuses.push(status);
      if (status.type === 'tool_confirmation') for (const r of status.requests) session.decide(r.id, decision, decision === 'reject' ? 'not now' : undefined);
      else if (status.type === 'tool_request') session.appendToolResults(status.requests.map((r) => ({ id: r.id, content: `client ${r.name}` })));
      else break;
    }
    return { statuses, requests: [...llm.requests] };
  } finally {
    await app.close();
  }
}

/** What both runtimes must agree on in a request (call ids are made up by the scripted server, so they are left out). */
function essentials(r: RecordedRequest) {
  return {
    model: r.model,
    systemPrompt: r.systemPrompt,
    tools: r.tools.map((t) => ({ name: t.name, description: t.description, parameters: t.parameters })),
    parameters: r.parameters,
    responseFormat: r.responseFormat?.type === 'json_schema' ? r.responseFormat.schema : r.responseFormat,
    messages: r.messages.map((m) => ({
      role: m.role, content: m.content,
      ...(m.toolCalls ? { toolCalls: m.toolCalls.map((c) => ({ name: c.name, args: JSON.parse(c.arguments || '{}') })) } : {}),
    })),
  };
}

const view = (s: RunStatus) => ({ type: s.type, outputs: s.type === 'finished' ? s.outputs : undefined, messages: s.messages.map((m) => [m.role, m.content, m.toolCalls?.map((c) => [c.name, c.args])]) });

describe('LLM requests of agents: ai-sdk against reference', () => {
  // not agents with BuiltinTools, which the reference runtime refuses (conformance/tests/builtin-tools.test.ts checks their requests)
  const agents = conformanceAgents('${http}').filter((c) => !c.agent.tools.some((t) => t.component_type === 'MCPTool') && !hasBuiltinTools(c.agent));

  const confirming = agents.filter((c) => c.agent.tools.some((t) => t.requires_confirmation === true)).map((c) => [`${c.id} (rejected)`, c, 'reject'] as const);

  it.each([...agents.map((c) => [c.id, c, 'approve'] as const), ...confirming])('%s', async (_id, c, decision) => {
    const agent = conformanceAgents(httpUrl).find((x) => x.id === c.id)!.agent;
    const llm = await startScriptedLlm({ strict: true, rules: script(agent) });
    try {
      const reference = await drive(referenceRuntime(), agent, llm, decision);
      const ours = await drive(aiSdkRuntime(), agent, llm, decision);
      expect(reference.requests.length).toBeGreaterThan(0);
      expect(ours.requests.map(essentials)).toEqual(reference.requests.map(essentials));
      expect(ours.statuses.map(view)).toEqual(reference.statuses.map(view));
    } finally {
      await llm.close();
    }
  });
});
