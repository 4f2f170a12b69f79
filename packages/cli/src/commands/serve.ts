import { formatDiagnostic, load, type Component } from '@agentspec/core';
import { openSessionStore, redactUrl, storeLocation, type LlmOptions, type Runtime, type SessionStore, type ToolRegistry } from '@agentspec/runtime';
import type { AgentServer, GuardLimits } from '@agentspec/server';
import type { ScriptedLlm } from '@agentspec/testing';
import { EXIT } from '../exit-codes.js';
import { errorLine } from '../errors.js';
import { componentGraph } from '../graph/flow-graph.js';
import { toSvg } from '../graph/svg.js';
import { holdInterrupts, interruptSignal } from '../interrupt.js';
import { readInput, UsageError, type Io } from '../io.js';
import { loadTools } from '../run/module-loader.js';
import { llmTarget } from '../run/scripted-llm.js';
import { checkTraceTargets } from '../run/run-traces.js';
import { DEFAULT_STORE } from '../run/session-persistence.js';
import { traceHtml } from '../trace-view/trace-html.js';
import { checkRuntimeNames, loadRuntimes, RUNTIME_NAMES } from '../runtimes.js';

export interface ServeOptions {
  readonly runtime?: string;
  readonly host?: string;
  readonly port?: string;
  readonly tools?: string;
  readonly store?: string;
  readonly token?: string;
  readonly llmUrl?: string;
  readonly llmKey?: string;
  readonly offline?: string;
  readonly maxTokens?: string;
  readonly maxLlmCalls?: string;
  readonly maxToolCalls?: string;
  readonly maxRepeatedToolCalls?: string;
  readonly maxRequestBytes?: string;
  readonly runTimeout?: string;
  readonly cors?: string;
  readonly otlp?: string;
  readonly otlpContent?: boolean;
  readonly maxIdleApps?: string;
}

/** The environment variable that gives `serve` its bearer token when --token is not given. */
export const TOKEN_ENV = 'AGENTSPEC_SERVE_TOKEN';

/** The spec of `serve` and `acp`, its tools, LLM and store, loaded from the command line. */
export interface Served {
  readonly component: Component;
  readonly runtimes: Record<string, () => Runtime>;
  readonly tools: ToolRegistry;
  readonly llm: LlmOptions | undefined;
  readonly llmServer: ScriptedLlm | undefined;
  readonly store: SessionStore;
}

/** Load what `serve` and `acp` serve: the spec (exit 1 on errors, printed), runtimes, tools, the LLM target, the store. */
export async function loadServed(io: Io, file: string, options: ServeOptions): Promise<Served | number> {
  const names = options.runtime === undefined ? ['reference'] : options.runtime === 'all' ? [...RUNTIME_NAMES] : [...new Set(options.runtime.split(',').map((n) => n.trim()).filter(Boolean))];
  checkRuntimeNames(names, RUNTIME_NAMES, ', all');
  const result = load(readInput(io, file));
  const errors = result.diagnostics.filter((d) => d.severity === 'error');
  for (const d of errors) io.stderr(`${formatDiagnostic(d, file)}\n`);
  if (errors.length > 0 || !result.component) return EXIT.INVALID;
  const tools: ToolRegistry = options.tools ? await loadTools(options.tools) : {};
  const target = await llmTarget(io, options);
  const opened = await target.open();
  const llm: LlmOptions | undefined = opened.llm ?? (options.llmKey ? { apiKey: options.llmKey } : undefined);
  const withKey = llm?.override && options.llmKey ? { ...llm, override: { ...llm.override, apiKey: options.llmKey } } : llm;
  const store = await openSessionStore(storeLocation(options.store ?? DEFAULT_STORE));
  return { component: result.component, runtimes: await loadRuntimes(names), tools, llm: withKey, llmServer: opened.server, store };
}

/**
 * `agentspec serve <spec>`: serve a spec over AG-UI, A2A, MCP, the chat API
 * and the playground until SIGINT/SIGTERM (then it closes and exits 0).
 */
export async function serveCommand(io: Io, file: string, options: ServeOptions): Promise<number> {
  const port = options.port === undefined ? 8787 : integer(options.port, '--port');
  const guards = guardOptions(options);
  const token = options.token ?? process.env[TOKEN_ENV];
  await checkTraceTargets({ ...(options.otlp ? { otlp: options.otlp } : {}), ...(options.otlpContent ? { otlpContent: true } : {}) });
  const served = await loadServed(io, file, options);
  if (typeof served === 'number') return served;
  const { startAgentServer } = await import('@agentspec/server');
  const tracing = options.otlp ? (await import('@agentspec/otel')).otlpTracing({ url: options.otlp, captureContent: options.otlpContent === true }) : undefined;
  let server: AgentServer | undefined;
  const release = holdInterrupts();
  try {
    const graph = componentGraph(served.component);
    server = await startAgentServer({
      component: served.component, runtimes: served.runtimes, store: served.store, tools: served.tools, guards,
      ...(served.llm ? { llm: served.llm } : {}), ...(options.host ? { host: options.host } : {}), port, ...(token ? { token } : {}),
      ...(graph ? { graphSvg: toSvg(graph) } : {}),
      ...(options.cors ? { cors: options.cors.split(',').map((o) => o.trim()).filter(Boolean) } : {}),
      ...(options.maxIdleApps !== undefined ? { maxIdleApps: integer(options.maxIdleApps, '--max-idle-apps') } : {}),
      traceView: traceHtml, ...(tracing ? { traceListeners: () => [tracing.listener()] } : {}),
    });
    const page = `${server.url}/${token ? `?token=${encodeURIComponent(token)}` : ''}`;
    io.stdout(`agentspec serve: ${served.component.name} on ${Object.keys(served.runtimes).join(', ')} at ${server.url}\n`);
    io.stdout(`  playground  ${page}\n  AG-UI       POST ${server.url}/ag-ui\n  A2A         ${server.url}/.well-known/agent-card.json (JSON-RPC at /a2a)\n  MCP         ${server.url}/mcp\n  chat API    ${server.url}/api/chats\n  traces      ${server.url}/traces/<session> (HTML at /traces/<session>/view)${options.otlp ? `, exported to ${redactUrl(options.otlp)}` : ''}\n`);
    if (!interruptSignal.aborted) await new Promise((resolve) => interruptSignal.addEventListener('abort', resolve, { once: true }));
    io.stdout('agentspec serve: stopped\n');
    return EXIT.OK;
  } catch (e) {
    const err = e as { code?: unknown; message?: unknown; hint?: unknown };
    const code = typeof err.code === 'string' ? err.code : 'ERROR';
    io.stderr(errorLine(code, String(err.message ?? e).replace(`${code}: `, '').replace(typeof err.hint === 'string' ? ` (hint: ${err.hint})` : '', ''), typeof err.hint === 'string' ? err.hint : undefined));
    return code === 'AS_INSECURE_BIND' || code === 'AS_INSECURE_CORS' ? EXIT.USAGE : EXIT.RUN_FAILED;
  } finally {
    release();
    await server?.close();
    if (tracing) {
      try {
        const n = await tracing.shutdown();
        io.stderr(`trace: ${n} spans exported to ${redactUrl(options.otlp as string)}\n`);
      } catch (e) {
        io.stderr(errorLine('AS_TRACE_EXPORT', String((e as Error).message).replace(/^AS_TRACE_EXPORT: /, '')));
      }
    }
    await served.store.close();
    await served.llmServer?.close();
  }
}

function guardOptions(o: ServeOptions): GuardLimits {
  const pick = (v: string | undefined, name: string) => (v === undefined ? undefined : integer(v, name));
  const entries: [keyof GuardLimits, number | undefined][] = [
    ['maxTokens', pick(o.maxTokens, '--max-tokens')], ['maxLlmCalls', pick(o.maxLlmCalls, '--max-llm-calls')], ['maxToolCalls', pick(o.maxToolCalls, '--max-tool-calls')],
    ['maxRepeatedToolCalls', pick(o.maxRepeatedToolCalls, '--max-repeated-tool-calls')], ['maxRequestBytes', pick(o.maxRequestBytes, '--max-request-bytes')],
    ['runTimeoutMs', pick(o.runTimeout, '--run-timeout')],
  ];
  return Object.fromEntries(entries.filter(([, v]) => v !== undefined));
}

function integer(v: string, name: string): number {
  const n = Number(v);
  if (!Number.isInteger(n) || n < 0) throw new UsageError(`${name} must be a whole number, not '${v}'`, { code: 'AS_BAD_OPTION' });
  return n;
}
