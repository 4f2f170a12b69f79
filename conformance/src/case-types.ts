/**
 * A conformance case as data (CASES.md): what the runner reads from a case
 * folder, once checked. Every field mirrors a key of `case.yaml`.
 */
import type { Decision, NetworkPolicy, RuntimeLimits } from '@agentspec/runtime';
import type { ScriptedLlmConfig } from '@agentspec/testing';

export const STATUS_NAMES = ['finished', 'user_input', 'tool_request', 'tool_confirmation', 'error'] as const;
/** What a step expects `run()` to end with; `error` means the run rejects. */
export type StatusName = (typeof STATUS_NAMES)[number];

export const SERVER_NAMES = ['http', 'mcp-http', 'mcp-sse', 'mcp-stdio', 'a2a', 'a2a-blocking', 'a2a-auth'] as const;
/** Local servers a case may ask the runner to start. */
export type ServerName = (typeof SERVER_NAMES)[number];

export interface ExpectedToolCall {
  readonly name: string;
  readonly args?: Readonly<Record<string, unknown>>;
}

export interface ExpectedMessage {
  readonly role: string;
  readonly content?: string;
  readonly sender?: string;
  readonly toolCalls?: readonly ExpectedToolCall[];
}

/** A rejection: its code, and texts its message contains (the component an AS_UNSUPPORTED names, …). */
export interface ExpectedError {
  readonly code: string;
  readonly mentions?: readonly string[];
}

/** What a step checks; omitted keys are not checked, `status` always is. */
export interface StepExpectation {
  readonly status: StatusName;
  readonly outputs?: Readonly<Record<string, unknown>>;
  readonly branch?: string;
  readonly requests?: readonly ExpectedToolCall[];
  readonly messages?: readonly ExpectedMessage[];
  readonly error?: ExpectedError;
}

export type StepAction =
  | { readonly kind: 'run' }
  | { readonly kind: 'user'; readonly text: string }
  | { readonly kind: 'toolResults'; readonly results: readonly { readonly content: unknown }[] }
  | { readonly kind: 'decide'; readonly decisions: readonly { readonly decision: Decision; readonly reason?: string }[] };

export interface CaseStep {
  readonly action: StepAction;
  /** Save the session and resume it through JSON before the action. */
  readonly saveAndResume: boolean;
  readonly expect: StepExpectation;
}

export interface ExpectedOfferedTool {
  readonly name: string;
  readonly description?: string;
  readonly parameters?: unknown;
}

/** One LLM request of a run, as the scripted server recorded it. */
export interface ExpectedLlmRequest {
  readonly systemPrompt?: string;
  readonly tools?: readonly ExpectedOfferedTool[];
  readonly parameters?: Readonly<Record<string, unknown>>;
  readonly responseFormat?: unknown;
  readonly lastMessage?: { readonly role?: string; readonly content?: string };
  /** Every message of the request but the system prompt, in order: role and content (the whole list). */
  readonly messages?: readonly { readonly role: string; readonly content: string }[];
}

export interface CaseRun {
  readonly name?: string;
  readonly inputs?: Readonly<Record<string, unknown>>;
  readonly steps: readonly CaseStep[];
  readonly llmRequests?: readonly ExpectedLlmRequest[];
}

interface CaseBase {
  /** Path of the folder relative to the cases directory, with `/`. */
  readonly id: string;
  readonly dir: string;
  readonly description: string;
  /** Absolute path of spec.yaml or spec.json, or of the document `spec:` names. */
  readonly specFile: string;
  readonly specText: string;
}

/** A document that runs: `cases/<area>/<case>/`. */
export interface ConformanceCase extends CaseBase {
  readonly kind: 'run';
  /** Tool library names (`tools:`). */
  readonly tools: readonly string[];
  /** Absolute path of the case's own tools module (`toolsModule:`, or a tools.ts/.js beside case.yaml). */
  readonly toolsModule?: string;
  readonly servers: readonly ServerName[];
  readonly network?: NetworkPolicy;
  readonly limits?: RuntimeLimits;
  readonly llm: ScriptedLlmConfig;
  /** How the runtime's LLM client is set for this case (`llm.timeoutMs`, `llm.retries` in case.yaml). */
  readonly llmClient: { readonly timeoutMs?: number; readonly retries?: number };
  readonly runs: readonly CaseRun[];
  /**
   * Runtimes that do not run this spec yet (`refusedBy:`, by runtime name):
   * their `load()` must reject it with this error, before any LLM request;
   * the runs are for the others.
   */
  readonly refusedBy?: Readonly<Record<string, ExpectedError>>;
  /** The span tree of each run (`trace.yaml`, recorded from the reference runtime), when the case has one. */
  readonly traces?: readonly string[];
}

export interface ExpectedDiagnostic {
  readonly code: string;
  readonly path: string;
  readonly line?: number;
  readonly column?: number;
}

/** A document core must reject: `cases/_invalid_/<case>/`. */
export interface InvalidCase extends CaseBase {
  readonly kind: 'invalid';
  readonly diagnostics: readonly ExpectedDiagnostic[];
}

export type AnyCase = ConformanceCase | InvalidCase;
