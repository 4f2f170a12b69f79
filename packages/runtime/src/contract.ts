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
  /** Per-request timeout in milliseconds (default 60 000). */
  readonly timeoutMs?: number;
  /** Retries on 429/5xx/network errors (default 2). */
  readonly retries?: number;
  /** A Retry-After up to this many milliseconds is waited for; a longer one fails the run with AS_LLM_HTTP at once
   * (default 10 000). The same on every runtime (`retryingFetch`). */
  readonly maxRetryAfterMs?: number;
}

/** What network access a spec's HTTP and MCP components get. */
export interface NetworkPolicy {
  /** Hosts (or host:port) a templated URL host may resolve to (SSRF guard). Default: none. */
  readonly allow?: readonly string[];
  /** Commands an MCP StdioTransport may start. Default: none. */
  readonly allowStdio?: readonly string[];
}

export interface RuntimeLimits {
  /** Node executions per run before AS_MAX_ITERATIONS (default 1000). */
  readonly maxSteps?: number;
  /** LLM turns of one agent before AS_MAX_ITERATIONS (default 20). */
  readonly maxAgentSteps?: number;
  /** MapNode iterations run at once (default 1); results keep input order. */
  readonly mapConcurrency?: number;
  /** HTTP calls of ApiNode/RemoteTool. */
  readonly http?: { readonly timeoutMs?: number; readonly retries?: number };
}

export interface RuntimeLoadOptions {
  readonly tools?: ToolRegistry;
  readonly llm?: LlmOptions;
  readonly limits?: RuntimeLimits;
  readonly network?: NetworkPolicy;
  readonly signal?: AbortSignal;
  /** Framework-specific persistence (LangGraph checkpointers, Mastra storage); the reference runtime ignores it. */
  readonly checkpointer?: unknown;
}

export interface StartOptions {
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
  resume(saved: SavedSession): Promise<Session>;
  /** Release what the app holds open (MCP connections and servers, checkpointer handles). Sessions stop working. */
  close(): Promise<void>;
}

export interface Runtime {
  /** The name in the conformance matrix: `reference`, `langgraph`, … */
  readonly name: string;
  load(component: Component, options?: RuntimeLoadOptions): Promise<App>;
}
