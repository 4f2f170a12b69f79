import { deserialize } from '@agentspec/core';
import { startScriptedLlm, type ScriptedLlm } from '@agentspec/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatastore, referenceRuntime, type RuntimeEvent, type TraceEvent } from '../../src/index.js';

const POSTGRES = process.env.AGENTSPEC_TEST_POSTGRES_URL;
const LONG = 'Hello, my parcel number 42 arrived today and the box was completely crushed.';

const datastore = (collection: string, postgres: boolean): string => `
      component_type: ${postgres ? 'PostgresDatabaseDatastore' : 'InMemoryCollectionDatastore'}
      id: cache
      name: cache
      datastore_schema:
        ${collection}:
          type: object
          properties:
            cache_key: {type: string}
            cache_content: {type: string}
            created_at: {type: number}
            last_used_at: {type: number}${postgres ? `
      connection_config:
        component_type: TlsPostgresDatabaseConnectionConfig
        id: pg
        name: pg
        user: {$component_ref: pg.user}
        password: {$component_ref: pg.password}
        url: "${POSTGRES as string}"
        sslmode: disable` : ''}`;

const spec = (collection: string, postgres = false) => deserialize(`
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
    cache_collection_name: ${collection}
    datastore:${datastore(collection, postgres)}
agentspec_version: 26.1.2
`, postgres ? { components: { 'pg.user': 'postgres', 'pg.password': '' } } : {});

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

describe('message transforms on the reference runtime', () => {
  it("trace the summarization as an LLM call of the agent, before the agent's own", async () => {
    const app = await referenceRuntime().load(spec('message_cache'), { llm: { override: { url: llm.url } } });
    const session = app.start();
    session.appendUserMessage(LONG);
    const events: RuntimeEvent[] = [];
    for await (const e of session.stream()) events.push(e);
    const trace = events.filter((e): e is TraceEvent => e.type !== 'RunStatus' && e.type !== 'RunError');
    const agent = trace.find((e) => e.type === 'AgentExecutionStart')!;
    const calls = trace.filter((e) => e.type === 'LlmGenerationRequest');
    expect(calls.map((e) => [e.name, e.parentSpanId])).toEqual([['summarizer model', agent.spanId], ['agent model', agent.spanId]]);
    expect(calls[0]!.attributes).toMatchObject({ llm_config: 'summarizer-llm', prompt: [{ role: 'system', content: 'Summarize this message in a few words.' }, { role: 'user', content: LONG }] });
    expect(calls[1]!.attributes).toMatchObject({ prompt: [{ role: 'system' }, { role: 'user', content: 'Summary: parcel 42 arrived crushed' }] });
    expect(trace.find((e) => e.type === 'LlmGenerationResponse' && e.spanId === calls[0]!.spanId)?.attributes).toMatchObject({ content: 'parcel 42 arrived crushed' });
    await app.close?.();
  });

  it.skipIf(!POSTGRES)('keep the cache in PostgreSQL: a session resumed by another app reads the summary the first one wrote (AGENTSPEC_TEST_POSTGRES_URL)', async () => {
    const collection = `summaries_${process.pid}_${Date.now().toString(36)}`;
    const load = { llm: { override: { url: llm.url } } };
    const first = await referenceRuntime().load(spec(collection, true), load);
    const session = first.start();
    session.appendUserMessage(LONG);
    expect((await session.run()).type).toBe('user_input');
    const saved = await session.save();
    await first.close?.();
    // what the first app wrote: one entry, keyed by the conversation and the message's position
    const store = await openDatastore((spec(collection, true) as unknown as { transforms: [{ datastore: never }] }).transforms[0].datastore);
    const [entry, ...more] = await store.list(collection);
    expect(more).toEqual([]);
    expect(entry).toMatchObject({ cache_key: `${(saved as unknown as { conversation: string }).conversation}_0_content`, cache_content: 'Summary: parcel 42 arrived crushed' });
    await store.close();

    llm.clear();
    const second = await referenceRuntime().load(spec(collection, true), load);
    const resumed = await second.resume(saved);
    resumed.appendUserMessage('Can I get a refund?');
    expect((await resumed.run()).type).toBe('user_input');
    // no summarization request: the agent's LLM saw the cached summary
    expect(llm.requests.map((r) => r.model)).toEqual(['m']);
    expect(llm.requests[0]!.messages.slice(1).map((m) => m.content)).toEqual(['Summary: parcel 42 arrived crushed', 'Sorry about parcel 42.', 'Can I get a refund?']);
    await second.close?.();
  });
});
