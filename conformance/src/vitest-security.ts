/**
 * The security rules of DESIGN §11 that a case file cannot express, as vitest
 * tests for any runtime (and for the modules `agentspec compile` emits, run
 * through a runtime's `build` hook): the user's LLM key goes only to the
 * origin it was given for; an MCP stdio server runs inline code, or code a
 * spec env variable loads, only when its exact command line is allowed; a
 * RemoteTool's redirect to another host is refused unless `network.allow`
 * lists it. Loopback only: the scripted LLM and a second HTTP server listen on
 * 127.0.0.2 (another origin than the key's, api.openai.com, and another host
 * than 127.0.0.1), the conformance MCP server runs over stdio.
 *
 *   import { describeSecurityRules } from '@agentspec/conformance';
 *   await describeSecurityRules(() => myRuntime());
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { load, type Component } from '@agentspec/core';
import type { Runtime, RuntimeLoadOptions } from '@agentspec/runtime';
import { startScriptedLlm, type ScriptedLlm } from '@agentspec/testing';
import { MCP_STDIO_COMMAND } from './servers/mcp.js';

const KEY = 'sk-user-secret-123';
const SCRIPT = MCP_STDIO_COMMAND.args[0];
const INLINE = ['-e', 'import(process.argv[1])', SCRIPT];

/** An Agent on the scripted LLM at `url` (its own URL: no override) with `tools`. */
function agent(url: string, tools: readonly unknown[] = []): Component {
  const spec = {
    component_type: 'Agent', id: 'guarded', name: 'guarded agent', system_prompt: 'Be brief.', agentspec_version: '25.4.1',
    llm_config: { component_type: 'OpenAiCompatibleConfig', id: 'llm', name: 'm', model_id: 'scripted-model', url },
    tools,
  };
  const result = load(spec);
  if (!result.component) throw new Error(JSON.stringify(result.diagnostics));
  return result.component;
}

/** An MCPTool on the conformance MCP server started with this command line (and env). */
function capitalsTool(args: readonly string[], env?: Record<string, string>): unknown {
  return {
    component_type: 'MCPTool', id: 'lookup_capital', name: 'lookup_capital', description: 'Capital of a country.',
    inputs: [{ title: 'country', type: 'string' }], outputs: [{ title: 'capital', type: 'string' }],
    client_transport: { component_type: 'StdioTransport', id: 'mcp', name: 'conformance MCP server', command: MCP_STDIO_COMMAND.command, args, ...(env ? { env } : {}) },
  };
}

/** Starts an HTTP server on `host`; `handle` answers each request. */
async function listen(host: string, handle: Parameters<typeof createServer>[1]): Promise<{ server: Server; base: string }> {
  const server = createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  return { server, base: `http://${host}:${(server.address() as AddressInfo).port}` };
}

/** Registers a `describe('security rules: <runtime>')`. Await it at the top of a test file. */
export async function describeSecurityRules(runtimeFactory: () => Runtime | Promise<Runtime>): Promise<void> {
  const { afterAll, beforeAll, describe, expect, it } = await import('vitest');
  const runtime = await runtimeFactory();
  let llm: ScriptedLlm;
  let origin: { server: Server; base: string };
  let other: { server: Server; base: string };
  let otherHits = 0;

  /** One session: `message` from the user, then run; the status, or the code it failed with. */
  async function runOnce(component: Component, options: RuntimeLoadOptions, message: string): Promise<{ type: string; last?: unknown; code?: string }> {
    const app = await runtime.load(component, options);
    try {
      const session = app.start();
      session.appendUserMessage(message);
      const status = await session.run();
      return { type: status.type, last: status.messages.at(-1)?.content };
    } catch (e) {
      return { type: 'error', code: String((e as { code?: unknown }).code) };
    } finally {
      await app.close();
    }
  }

  describe(`security rules: ${runtime.name}`, { timeout: 60_000 }, () => {
    beforeAll(async () => {
      llm = await startScriptedLlm({
        host: '127.0.0.2',
        rules: [
          { match: { lastUserMessage: 'Hi' }, answer: { text: 'Hello' } },
          { match: { lastToolResult: { tool: 'lookup_capital' } }, answer: { text: 'Tokyo.' } },
          { match: { lastUserMessage: 'Capital of Japan?' }, answer: { toolCalls: [{ name: 'lookup_capital', arguments: { country: 'Japan' } }] } },
          { match: { lastToolResult: { tool: 'fetch_note' } }, answer: { text: 'Done.' } },
          { match: { lastUserMessage: 'Fetch it' }, answer: { toolCalls: [{ name: 'fetch_note', arguments: {} }] } },
        ],
      });
      other = await listen('127.0.0.2', (_req, res) => {
        otherHits++;
        res.writeHead(200, { 'content-type': 'application/json' }).end('{"note":"from another host"}');
      });
      origin = await listen('127.0.0.1', (_req, res) => void res.writeHead(302, { location: `${other.base}/note` }).end());
    });
    afterAll(async () => {
      await llm.close();
      for (const s of [origin.server, other.server]) {
        s.closeAllConnections();
        await new Promise((resolve) => s.close(resolve));
      }
    });

    /** The Authorization header of the LLM request, when the key is `apiKey` of the load options. */
    async function authorizationSent(llmOptions: RuntimeLoadOptions['llm']): Promise<string | undefined> {
      llm.clear();
      const status = await runOnce(agent(llm.url.replace(/\/v1$/, '')), { llm: { retries: 0, ...llmOptions } }, 'Hi');
      expect(status).toMatchObject({ type: 'user_input', last: 'Hello' });
      return llm.lastRequest()?.headers.authorization;
    }

    it('llm.apiKey is not sent to an endpoint the spec names on another origin', async () => {
      expect(String(await authorizationSent({ apiKey: KEY }))).not.toContain(KEY);
    });

    it('llm.apiKey is sent when llm.credentialHosts lists the host (or host:port)', async () => {
      expect(await authorizationSent({ apiKey: KEY, credentialHosts: [`127.0.0.2:${llm.port}`] })).toBe(`Bearer ${KEY}`);
      expect(await authorizationSent({ apiKey: KEY, credentialHosts: ['127.0.0.2'] })).toBe(`Bearer ${KEY}`);
    });

    it('llm.override.apiKey is sent to the override URL', async () => {
      expect(await authorizationSent({ override: { url: llm.url, apiKey: KEY } })).toBe(`Bearer ${KEY}`);
    });

    it('an MCP stdio server runs code given inline only when its exact command line is allowed', async () => {
      const inline = agent(llm.url, [capitalsTool(INLINE)]);
      expect(await runOnce(inline, { network: { allowStdio: ['node'] } }, 'Capital of Japan?')).toEqual({ type: 'error', code: 'AS_HTTP_REFUSED' });
      expect(await runOnce(inline, { network: { allowStdio: [] } }, 'Capital of Japan?')).toEqual({ type: 'error', code: 'AS_HTTP_REFUSED' });
      const exact = { network: { allowStdio: [{ command: 'node', args: INLINE }] } };
      expect(await runOnce(inline, exact, 'Capital of Japan?')).toEqual({ type: 'user_input', last: 'Tokyo.' });
    });

    it('an MCP stdio server whose spec sets an env variable that loads code starts only when its exact command line is allowed', async () => {
      const loading = agent(llm.url, [capitalsTool([SCRIPT], { NODE_OPTIONS: '--no-warnings' })]);
      expect(await runOnce(loading, { network: { allowStdio: ['node'] } }, 'Capital of Japan?')).toEqual({ type: 'error', code: 'AS_HTTP_REFUSED' });
      expect(await runOnce(loading, { network: { allowStdio: [`node ${SCRIPT}`] } }, 'Capital of Japan?')).toEqual({ type: 'user_input', last: 'Tokyo.' });
    });

    it('a RemoteTool redirected to another host is refused before connecting, unless network.allow lists it', async () => {
      const remote = agent(llm.url, [{
        component_type: 'RemoteTool', id: 'fetch_note', name: 'fetch_note', description: 'Fetches the note.', url: `${origin.base}/note`, http_method: 'GET',
        outputs: [{ title: 'note', type: 'object' }],
      }]);
      otherHits = 0;
      expect(await runOnce(remote, {}, 'Fetch it')).toEqual({ type: 'error', code: 'AS_HTTP_REFUSED' });
      expect(otherHits).toBe(0);
      expect(await runOnce(remote, { network: { allow: ['127.0.0.2'] } }, 'Fetch it')).toEqual({ type: 'user_input', last: 'Done.' });
      expect(otherHits).toBe(1);
    });
  });
}
