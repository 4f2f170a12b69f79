// The user's LLM key goes only to the origin it was given for (DESIGN §11), on every runtime:
// a spec-named endpoint on another origin gets no key unless llm.credentialHosts lists it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { load, type Component } from '@agentspec/core';
import { startScriptedLlm, type ScriptedLlm } from '@agentspec/testing';
import { RUNTIMES } from '../src/runtimes.js';

const KEY = 'sk-user-secret-123';
let server: ScriptedLlm;
let component: Component;

beforeAll(async () => {
  // the "spec-named" server: loopback, but another address than the key's origin (api.openai.com)
  server = await startScriptedLlm({ host: '127.0.0.2', rules: [{ match: { lastUserMessage: 'Hi' }, answer: { text: 'Hello' } }] });
  const spec = {
    component_type: 'Agent', id: 'a', name: 'a', system_prompt: 'Be brief.', agentspec_version: '25.4.1',
    llm_config: { component_type: 'OpenAiCompatibleConfig', id: 'llm', name: 'm', model_id: 'scripted-model', url: `http://127.0.0.2:${server.port}` },
  };
  const result = load(spec);
  if (!result.component) throw new Error(JSON.stringify(result.diagnostics));
  component = result.component;
});
afterAll(async () => {
  await server.close();
});

async function authorizationSent(runtime: string, credentialHosts?: string[]): Promise<string | undefined> {
  server.clear();
  const app = await RUNTIMES[runtime]!().load(component, { llm: { apiKey: KEY, retries: 0, ...(credentialHosts ? { credentialHosts } : {}) } });
  try {
    const session = app.start();
    session.appendUserMessage('Hi');
    await session.run();
  } finally {
    await app.close();
  }
  expect(server.requests.length).toBeGreaterThan(0);
  return server.lastRequest()!.headers.authorization;
}

describe.each(Object.keys(RUNTIMES))('llm.apiKey on %s', (runtime) => {
  it('is not sent to an endpoint the spec names on another origin', async () => {
    expect(String(await authorizationSent(runtime))).not.toContain(KEY);
  });
  it('is sent when the user lists the host in llm.credentialHosts', async () => {
    expect(await authorizationSent(runtime, [`127.0.0.2:${server.port}`])).toBe(`Bearer ${KEY}`);
  });
});
