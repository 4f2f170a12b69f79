// A PostgreSQL checkpointer URL's secrets (userinfo password, ?password=, ?sslpassword=) appear in no error text and no save() (DESIGN §11).
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { deserialize } from '@agentspec/core';
import { startScriptedLlm, type ScriptedLlm } from '@agentspec/testing';
import { langgraphRuntime } from '../src/index.js';
import { PAUSE_FLOW, PAUSE_FLOW_RULES, PAUSE_FLOW_TOOLS } from './fixtures/pause-flow.js';

let llm: ScriptedLlm;
beforeAll(async () => {
  llm = await startScriptedLlm({ strict: true, rules: PAUSE_FLOW_RULES });
});
afterAll(() => llm.close());

const load = (url: string) => langgraphRuntime().load(deserialize(PAUSE_FLOW), {
  tools: PAUSE_FLOW_TOOLS, llm: { override: { url: llm.url } }, checkpointer: { kind: 'postgres', url },
});

describe('a PostgreSQL checkpointer URL with secrets', { timeout: 30_000 }, () => {
  it('is not in the error when the server cannot be reached', async () => {
    const error = await load('postgres://me:pw1@127.0.0.1:1/none?password=s3cret&sslpassword=k3y').catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'AS_UNSUPPORTED' });
    const text = `${(error as Error).message} ${JSON.stringify(error)}`;
    expect(text).toContain('127.0.0.1:1');
    expect(text).not.toMatch(/pw1|s3cret|k3y/);
  });

  it('is not in save(), and the session resumes from that save', async () => {
    const pg = inject('postgres');
    if (!pg.url) throw new Error(`no PostgreSQL server for this test: ${pg.error ?? 'unknown reason'} (set AGENTSPEC_TEST_POSTGRES_URL to use one)`);
    // the test server trusts local connections: the password is sent and ignored
    const url = `${pg.url}${pg.url.includes('?') ? '&' : '?'}password=s3cret`;
    const app = await load(url);
    try {
      const session = app.start({ inputs: { place: 'Oslo' } });
      expect(await session.run()).toMatchObject({ type: 'user_input' });
      const saved = JSON.stringify(await session.save());
      expect(saved).not.toContain('s3cret');
      expect(saved).toContain('password=***');
      const resumed = await app.resume(JSON.parse(saved));
      expect(await resumed.run()).toMatchObject({ type: 'user_input' });
    } finally {
      await app.close();
    }
  });
});
