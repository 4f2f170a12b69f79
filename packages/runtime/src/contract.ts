/**
 * The Runnable contract (DESIGN §4.1): what every runtime — the reference
 * interpreter and each framework compiler — offers, so that one conformance
 * suite can drive them all.
 *
 *   const app = await runtime.load(component, { tools, llm, limits });
 *   const session = app.start({ inputs });      // nothing runs yet
 *   session.appendUserMessage('30x6');
 *   const status = await session.run();         // runs until it needs something
 */
import type { Component } from '@agentspec/core';
import type { RuntimeEvent } from './events.js';
import type { SessionOptions } from './session/kernel-session.js';

export type Role = 'user' | 'assistant' | 'system' | 'tool';

/** A call the LLM asked for (or a tool request/confirmation shown to the caller). */
export interface ToolCall {
  readonly id: string;
  readonly name: string;
  readonly args: Readonly<Record<string, unknown>>;
}

/** One message of the conversation shared by a flow, its sub-flows, agents and map iterations. */
export interface Message {
  readonly role: Role;
  readonly content: string;
  /** Name of the component (agent, node) that produced it, when not the user. */
  readonly sender?: string;
  readonly toolCalls?: readonly ToolCall[];
  readonly toolCallId?: string;
}

export type RunStatus =
  | { readonly type: 'finished'; readonly outputs: Readonly<Record<string, unknown>>; readonly branch?: string; readonly messages: readonly Message[] }
  | { readonly type: 'user_input'; readonly messages: readonly Message[] }
  | { readonly type: 'tool_request'; readonly requests: readonly ToolCall[]; readonly messages: readonly Message[] }
  | { readonly type: 'tool_confirmation'; readonly requests: readonly ToolCall[]; readonly messages: readonly Message[] };

export type StatusType = RunStatus['type'];

/** The result of a ClientTool call, answered by the caller. */
export interface ToolResult {
  readonly id: string;
  readonly content: unknown;
}

export type Decision = 'approve' | 'reject';

/** ServerTool implementations by tool name. Never taken from a spec. */
export type ToolRegistry = Readonly<Record<string, (args: Record<string, unknown>) => unknown>>;

/** Where LLM configs send their requests. */
export interface LlmOptions {
  /** Point every LLM config at this OpenAI-compatible endpoint (tests: the scripted server). */
  readonly override?: { readonly url: string; readonly apiKey?: string; readonly model?: string };
  /** API key (else OPENAI_API_KEY), sent only to OPENAI_BASE_URL (else https://api.openai.com) or a `credentialHosts` host. */
  readonly apiKey?: string;
  /** Hosts (or host:port) of spec-named LLM endpoints that may receive `apiKey` / OPENAI_API_KEY. Default: none. */
  readonly credentialHosts?: readonly string[];
  /** Per-request timeout in milliseconds, the answer's body or stream included (default 60 000: DEFAULT_LLM_TIMEOUT_MS). */
  readonly timeoutMs?: number;
  /** Retries on 429/5xx/network errors (default 2). */
  readonly retries?: number;
  /** A Retry-After up to this many milliseconds is waited for; a longer one fails the run with AS_LLM_HTTP at once
   * (default 10 000). The same on every runtime (`retryingFetch`). */
  readonly maxRetryAfterMs?: number;
}

/** What network access a spec's HTTP and MCP components get. */
export interface NetworkPolicy {
  /** Hosts (or host:port) HTTP calls may reach besides a spec's own fixed public or loopback host: a templated host,
   * a redirect to another host, a private or link-local address (SSRF guard). Default: none. */
  readonly allow?: readonly string[];
  /**
   * What an MCP StdioTransport may start. Default: nothing. A command name (`'node'`) allows that command
   * with any args except those that run code given inline (`-e`, `-c`, `--eval`, `--import`, …) and
   * with no code-loading env (NODE_OPTIONS, PYTHONPATH, LD_PRELOAD, …); an exact argv — a string with
   * blanks (`'node /abs/server.mjs'`) or `{ command, args }` — allows exactly that command line.
   */
  readonly allowStdio?: readonly (string | StdioAllowEntry)[];
  /**
   * How the host names of HTTP calls (ApiNode, RemoteTool) are resolved; default: the system resolver
   * (`dns.lookup`). Every address a name resolves to must be public unless `allow` lists the name (a name
   * resolving to a loopback, link-local or private address is refused: DNS rebinding), and the connection goes
   * to an address checked, never to a second answer.
   */
  readonly lookup?: HostLookup;
}

/** Resolve a host name to its addresses (`network.lookup`), like `dns.promises.lookup(name, { all: true })`. */
export type HostLookup = (hostname: string) => Promise<readonly { readonly address: string; readonly family: number }[]>;

/** An exact command line (with `args`) or a command name (without) in `network.allowStdio`. */
export interface StdioAllowEntry {
  readonly command: string;
  readonly args?: readonly string[];
}

/** Limits of the HTTP calls of ApiNode/RemoteTool. */
export interface HttpLimits {
  /** Time allowed to each attempt, body included (default 30 000 ms). */
  readonly timeoutMs?: number;
  /** Retries on network errors, 429 and 5xx (default 2). */
  readonly retries?: number;
  /** Redirects followed per attempt (default 5); one more is AS_HTTP_REDIRECTS. */
  readonly maxRedirects?: number;
  /** Bytes of a response body read at most (default 10 MB); a longer one is AS_HTTP_BODY_TOO_LARGE. */
  readonly maxBodyBytes?: number;
}

export interface RuntimeLimits {
  /** Node executions per run before AS_MAX_ITERATIONS (default 1000). */
  readonly maxSteps?: number;
  /** LLM turns of one agent before AS_MAX_ITERATIONS (default 20). */
  readonly maxAgentSteps?: number;
  /** MapNode iterations run at once (default 1); results keep input order. */
  readonly mapConcurrency?: number;
  /** ParallelMapNode iterations and ParallelFlowNode subflows run at once at most (default 16); results keep their order. */
  readonly parallelism?: number;
  /**
   * Handoffs in a row of a Swarm without an answer to the user, and agents of a Swarm asking one another
   * inside one another, at most (default 10); one more is AS_HANDOFF_LIMIT.
   */
  readonly maxHandoffs?: number;
  /** HTTP calls of ApiNode/RemoteTool. */
  readonly http?: HttpLimits;
}

export interface RuntimeLoadOptions {
  readonly tools?: ToolRegistry;
  readonly llm?: LlmOptions;
  readonly limits?: RuntimeLimits;
  readonly network?: NetworkPolicy;
  readonly signal?: AbortSignal;
  /** Framework-specific persistence (LangGraph checkpointers, Mastra storage); the reference runtime ignores it. */
  readonly checkpointer?: unknown;
  /**
   * How many finished sessions the framework's store keeps (the most recent; `'all'`: none is pruned). Default: 0
   * when the runtime made the store (LangGraph's MemorySaver, Mastra's in-memory store), `'all'` when the
   * `checkpointer` names one (a file, a database, a saver or store object): that store is the user's to prune.
   */
  readonly retainFinished?: number | 'all';
}

export interface StartOptions extends SessionOptions {
  readonly inputs?: Readonly<Record<string, unknown>>;
}

/** A session saved by `save()`: plain JSON, resumable in another process with `app.resume()`. */
export interface SavedSession {
  readonly runtime: string;
  readonly format: number;
  readonly [key: string]: unknown;
}

export interface Session {
  /** The conversation so far. */
  readonly messages: readonly Message[];
  appendUserMessage(text: string): void;
  /** Run until finished or until the caller must act; rejects with a RuntimeError on failure. */
  run(): Promise<RunStatus>;
  appendToolResults(results: readonly ToolResult[]): void;
  decide(id: string, decision: Decision, reason?: string): void;
  /** The same as `run()`, as events; the last event is `run.status` (or `run.error`). */
  stream(): AsyncIterable<RuntimeEvent>;
  save(): Promise<SavedSession>;
}

export interface App {
  readonly component: Component;
  start(options?: StartOptions): Session;
  /** A session from what `save()` returned (an envelope of this runtime and spec, else AS_RESUME_MISMATCH). */
  resume(saved: SavedSession, options?: SessionOptions): Promise<Session>;
  /** Release what the app holds open (MCP connections and servers, checkpointer handles). Sessions stop working. */
  close(): Promise<void>;
}

export interface Runtime {
  /** The name in the conformance matrix: `reference`, `langgraph`, … */
  readonly name: string;
  load(component: Component, options?: RuntimeLoadOptions): Promise<App>;
}
