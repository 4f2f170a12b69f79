// An agent's message transforms on every registered runtime (DESIGN §4.5, §11): the summarization is an LLM call of
// the agent that shows in the trace as its own LLM span, before the agent's; and the cache lives in a real PostgreSQL
// (AGENTSPEC_TEST_POSTGRES_URL) — a session resumed by another app of the same runtime reads what the first wrote.
import { deserialize } from '@agentspec/core';
import { openDatastore, type RuntimeEvent, type TraceEvent } from '@agentspec/runtime';
import { startScriptedLlm, type ScriptedLlm } from '@agentspec/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RUNTIMES } from '../src/runtimes.js';

const POSTGRES = process.env.AGENTSPEC_TEST_POSTGRES_URL;
const LONG = 'Hello, my parcel number 42 arrived today and the box was completely crushed.';

const datastore = (collection: string): string => POSTGRES === undefined ? '    datastore: null' : `    cache_collection_name: ${collection}
    datastore:
      component_type: PostgresDatabaseDatastore
      id: cache
      name: cache
      datastore_schema:
        ${collection}:
          type: object
          properties:
            cache_key: {type: string}
            cache_content: {type: string}
            created_at: {type: number}
            last_used_at: {type: number}
      connection_config:
        component_type: TlsPostgresDatabaseConnectionConfig
        id: pg
        name: pg
        user: {$component_ref: pg.user}
        password: {$component_ref: pg.password}
        url: "${POSTGRES}"
        sslmode: disable`;

const spec = (collection: string) => deserialize(`
component_type: Agent
id: support
name: Support
system_prompt: You answer customer emails.
llm_config: {component_type: OpenAiCompatibleConfig, id: agent-llm, name: agent model, model_id: m, url: http://unused}
transforms:
  - component_type: MessageSummarizationTransform
    id: shorten
    name: shorten
    llm: {component_type: OpenAiCompatibleConfig, id: summarizer-llm, name: summarizer model, model_id: s, url: http://unused}
    max_message_size: 60
    summarization_instructions: Summarize this message in a few words.
    summarized_message_template: "Summary: {{summary}}"
${datastore(collection)}
agentspec_version: 26.1.2
`, { components: { 'pg.user': POSTGRES ? decodeURIComponent(new URL(POSTGRES).username) || 'postgres' : '', 'pg.password': POSTGRES ? decodeURIComponent(new URL(POSTGRES).password) : '' } });

let llm: ScriptedLlm;
beforeAll(async () => {
  llm = await startScriptedLlm({
    strict: true,
    rules: [
      { match: { systemPromptContains: 'Summarize this message', lastMessage: { contains: 'parcel number 42' } }, answer: { text: 'parcel 42 arrived crushed' } },
      { match: { systemPromptContains: 'customer emails', lastMessage: 'Summary: parcel 42 arrived crushed' }, answer: { text: 'Sorry about parcel 42.' } },
      { match: { systemPromptContains: 'customer emails', lastMessage: 'Can I get a refund?' }, answer: { text: 'Yes, refunded.' } },
    ],
  });
});
afterAll(() => llm.close());

describe.each(Object.keys(RUNTIMES))('message transforms on %s', (runtime) => {
  const collection = `summaries_${runtime.replace(/-/g, '_')}_${process.pid}_${Date.now().toString(36)}`;

  it("trace the summarization as an LLM span of the transform's LLM inside the agent's run, before the agent's call", async () => {
    const app = await RUNTIMES[runtime]!().load(spec(`${collection}_t`), { llm: { override: { url: llm.url } } });
    try {
      const session = app.start();
      session.appendUserMessage(LONG);
      const events: RuntimeEvent[] = [];
      for await (const e of session.stream()) events.push(e);
      const trace = events.filter((e): e is TraceEvent => e.type !== 'RunStatus' && e.type !== 'RunError');
      const requests = trace.filter((e) => e.type === 'LlmGenerationRequest');
      // the agent's own LLM span follows
      expect(requests.map((e) => e.name)).toEqual(['summarizer model', 'agent model']);
      expect(requests[0]!.attributes).toMatchObject({ llm_config: 'summarizer-llm', prompt: [{ role: 'system', content: 'Summarize this message in a few words.' }, { role: 'user', content: LONG }] });
      const response = trace.find((e) => e.type === 'LlmGenerationResponse' && e.spanId === requests[0]!.spanId);
      expect(response?.attributes).toMatchObject({ content: 'parcel 42 arrived crushed' });
      const agentSpan = trace.find((e) => e.type === 'AgentExecutionStart')!;
      expect(trace.indexOf(agentSpan)).toBeLessThan(trace.indexOf(requests[0]!));
      // the summarization is a child of the agent's span (RunSpans), as the agent's own call is
      expect(requests[0]!.parentSpanId).toBe(agentSpan.spanId);
      expect(events.at(-1)).toMatchObject({ type: 'RunStatus', status: { type: 'user_input', messages: [{ role: 'user', content: LONG }, { role: 'assistant', content: 'Sorry about parcel 42.' }] } });
    } finally {
      await app.close();
    }
  });

  it.skipIf(!POSTGRES)('cache summaries in PostgreSQL, read back by a session resumed in another app (AGENTSPEC_TEST_POSTGRES_URL)', async () => {
    // LangGraph keeps a paused thread in its checkpointer: one that outlives the app
    const load = { llm: { override: { url: llm.url } }, ...(runtime === 'langgraph' ? { checkpointer: { kind: 'postgres', url: POSTGRES } } : {}) } as const;
    const first = await RUNTIMES[runtime]!().load(spec(collection), load);
    const session = first.start();
    session.appendUserMessage(LONG);
    expect((await session.run()).type).toBe('user_input');
    const saved = JSON.parse(JSON.stringify(await session.save())) as { conversation: string };
    await first.close();
    const store = await openDatastore((spec(collection) as unknown as { transforms: [{ datastore: never }] }).transforms[0].datastore);
    try {
      expect(await store.list(collection)).toMatchObject([{ cache_key: `${saved.conversation}_0_content`, cache_content: 'Summary: parcel 42 arrived crushed' }]);
    } finally {
      await store.close();
    }
    const before = llm.requests.length;
    const second = await RUNTIMES[runtime]!().load(spec(collection), load);
    try {
      const resumed = await second.resume(saved as never);
      resumed.appendUserMessage('Can I get a refund?');
      expect((await resumed.run()).type).toBe('user_input');
      expect(llm.requests.slice(before).map((r) => r.model)).toEqual(['m']);
    } finally {
      await second.close();
    }
  });
});
