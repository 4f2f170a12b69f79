/**
 * The vocabulary of a test script: rules (conditions on a request) and the
 * answers they give. Plain data, so a script can live in YAML or JSON.
 */

/** Text equal to the string, or containing `contains`. */
export type TextCondition = string | { readonly contains: string };

/** A JS regular expression as text: its source, or its source and flags. */
export type RegexCondition = string | { readonly pattern: string; readonly flags?: string };

/** The API a request came through. */
export type Endpoint = 'chat.completions' | 'responses';

/** Conditions on a request; every condition given must hold. No condition matches everything. */
export interface RuleMatch {
  /** Content of the last message (any role). */
  readonly lastMessage?: TextCondition;
  /** Content of the last message with role `user`. */
  readonly lastUserMessage?: TextCondition;
  /** The system prompt (all `system` / `developer` messages and Responses `instructions`) contains this text. */
  readonly systemPromptContains?: string;
  /** Tested against the content of the last message. */
  readonly regex?: RegexCondition;
  /** The last message is the result of a call to `tool` (and its content contains `contains`). */
  readonly lastToolResult?: { readonly tool: string; readonly contains?: string };
  /** The requested model equals this name. */
  readonly model?: string;
  /** Whether the request offers any tool. */
  readonly hasTools?: boolean;
  /** The request offers a tool with this name. */
  readonly toolOffered?: string;
  /** The API the request came through. */
  readonly endpoint?: Endpoint;
  /** Same as `Rule.times` (accepted here too). */
  readonly times?: number;
}

export type FinishReason = 'stop' | 'tool_calls' | 'length' | 'content_filter';

/** Replaces the counted token figures; `totalTokens` defaults to the sum. */
export interface UsageOverride {
  readonly promptTokens?: number;
  readonly completionTokens?: number;
  readonly totalTokens?: number;
}

export interface ToolCallSpec {
  readonly name: string;
  /** An object is sent as its JSON text; a string is sent as it is (even when it is not JSON). */
  readonly arguments?: unknown;
  /** The call id (`call_…` generated when absent). */
  readonly id?: string;
}

/**
 * A call of a hosted (built-in) tool of the Responses API, as the output item
 * the provider ran it as: its `type` (`web_search_call`, `file_search_call`,
 * `code_interpreter_call`, `image_generation_call`, …) and the item's other
 * fields as they are sent (`action`, `queries`, `results`, `code`, `outputs`,
 * …); `id` (generated when absent) and `status: completed` are added.
 */
export interface HostedToolCallSpec {
  readonly type: string;
  readonly id?: string;
  readonly [field: string]: unknown;
}

interface AnswerOptions {
  /**
   * Hosted tool calls the model ran before answering (Responses API only: on
   * Chat Completions the request gets an HTTP 400 naming the rule). Their
   * output items come before the answer's message and function calls.
   */
  readonly hostedToolCalls?: readonly HostedToolCallSpec[];
  /** Wait this long before answering (for timeout tests). */
  readonly delayMs?: number;
  readonly usage?: UsageOverride;
  readonly finishReason?: FinishReason;
}

export interface TextAnswer extends AnswerOptions {
  readonly text: string;
}

export interface ToolCallsAnswer extends AnswerOptions {
  readonly toolCalls: readonly ToolCallSpec[];
  readonly text?: string;
}

export interface StructuredAnswer extends AnswerOptions {
  /** Checked against the request's JSON Schema (if any), then sent as JSON text. */
  readonly structured: unknown;
}

export interface ErrorAnswer {
  readonly error: {
    readonly status: number;
    readonly message?: string;
    readonly type?: string;
    readonly code?: string;
    /** Extra response headers, e.g. `{ 'retry-after-ms': '0' }` or `{ 'x-should-retry': 'false' }`. */
    readonly headers?: Readonly<Record<string, string>>;
  };
  readonly delayMs?: number;
}

/** How a reply breaks its wire format: a body or event that is not JSON, a connection cut mid-way, a response that stalls mid-way. */
export type WireFault = 'body' | 'sse' | 'stall';

/**
 * A faulty reply: `body` — the body (or one SSE event) is not JSON;
 * `tool_arguments` — tool calls whose arguments are not JSON;
 * `sse` — the connection is cut in the middle of the response;
 * `stall` — the response stops in the middle and the connection stays open
 * (until the client leaves or the server closes): for timeouts that must
 * cover the answer's body or stream, not only its headers.
 */
export interface MalformedAnswer extends AnswerOptions {
  readonly malformed: 'body' | 'tool_arguments' | WireFault;
  readonly text?: string;
  readonly toolCalls?: readonly ToolCallSpec[];
}

/** The Nth matching request gets the Nth answer; the last one repeats. */
export interface SequenceAnswer {
  readonly sequence: readonly SingleAnswer[];
}

export type SingleAnswer = TextAnswer | ToolCallsAnswer | StructuredAnswer | ErrorAnswer | MalformedAnswer;
export type Answer = SingleAnswer | SequenceAnswer;

export interface Rule {
  /** Shown in errors and recorded with each request it answers. */
  readonly name?: string;
  readonly match?: RuleMatch;
  /** The rule stops matching after this many uses. */
  readonly times?: number;
  readonly answer: Answer;
}

/** What a rules file holds, and what `startScriptedLlm` takes. */
export interface ScriptedLlmConfig {
  readonly rules: readonly Rule[];
  /** Answer an unmatched request with HTTP 400 instead of the default answer. */
  readonly strict?: boolean;
  /** The answer to an unmatched request when not strict. */
  readonly defaultAnswer?: Answer;
}

/** The answer to an unmatched request when none is configured. */
export const DEFAULT_ANSWER: TextAnswer = { text: 'No scripted rule matched this request.' };

/** The rule's name, or its position in the list. */
export function ruleLabel(rule: Rule, index: number): string {
  return rule.name === undefined ? `rules[${index}]` : `"${rule.name}" (rules[${index}])`;
}
