import type { RuntimeEvent, ToolRegistry } from '@agentspec/runtime';
import { ServerError } from './errors.js';

/** The seed's guards: per-session usage limits, loop detection, request size and run time. */
export interface GuardLimits {
  /** Tokens (prompt + completion, as the runtime reports them) a session may use in all; default: no limit. */
  readonly maxTokens?: number;
  /** LLM calls a session may make in all; default: no limit. */
  readonly maxLlmCalls?: number;
  /** Tool executions a session may make in all; default: no limit. */
  readonly maxToolCalls?: number;
  /** The same tool with the same arguments, called more than this many times in a row, is a loop (default 5). */
  readonly maxRepeatedToolCalls?: number;
  /** Bytes of a request body (default 1 MB). */
  readonly maxRequestBytes?: number;
  /** Milliseconds one run may take (default 300 000). */
  readonly runTimeoutMs?: number;
}

export const DEFAULT_GUARDS = { maxRepeatedToolCalls: 5, maxRequestBytes: 1_048_576, runTimeoutMs: 300_000 } as const;

/** What a session has used, kept with it in the store. */
export interface Usage {
  readonly tokens: number;
  readonly llmCalls: number;
  readonly toolCalls: number;
  /** The last tool call (name and arguments) and how many times in a row it was made. */
  readonly lastToolCall?: string;
  readonly repeats?: number;
}

export const NO_USAGE: Usage = { tokens: 0, llmCalls: 0, toolCalls: 0 };

/**
 * The guards of one run: counts what the run uses (LLM calls and tokens from
 * its events, ServerTool calls as they are made), and stops it — its abort
 * controller aborted, a ServerTool call refused before it runs — when it goes
 * over a limit, loops, or takes too long. `tripped` is then the error the
 * caller sees (instead of the runtime's AS_CANCELLED / AS_TOOL_FAILED).
 */
export class RunGuard {
  tripped: ServerError | undefined;
  private used: { tokens: number; llmCalls: number; toolCalls: number; lastToolCall?: string; repeats: number };
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly limits: GuardLimits, usage: Usage, private readonly controller: AbortController) {
    this.used = { repeats: 0, ...usage };
  }

  get usage(): Usage {
    return { ...this.used };
  }

  /** Refuse a run of a session that used up a limit. */
  before(): void {
    const over = this.overLimit(true);
    if (over) throw over;
  }

  start(): void {
    const ms = this.limits.runTimeoutMs ?? DEFAULT_GUARDS.runTimeoutMs;
    this.timer = setTimeout(() => this.trip(new ServerError('AS_TIMEOUT', `the run took longer than ${ms} ms and was stopped`, { hint: 'raise guards.runTimeoutMs (--run-timeout) if runs of this spec take longer' })), ms);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearTimeout(this.timer);
  }

  /** The ServerTools, each call counted (and refused when over a limit or looping) before it runs. */
  wrapTools(tools: ToolRegistry): ToolRegistry {
    return Object.fromEntries(Object.entries(tools).map(([name, f]) => [name, (args: Record<string, unknown>) => {
      this.toolCall(name, args);
      if (this.tripped) throw this.tripped;
      return f(args);
    }]));
  }

  /** One event of the run: LLM calls and tokens counted; other tools' executions counted (ServerTools are counted by {@link wrapTools}). */
  observe(e: RuntimeEvent, serverTools: ReadonlySet<string>): void {
    if (e.type === 'LlmGenerationRequest') {
      this.used.llmCalls++;
    } else if (e.type === 'LlmGenerationResponse') {
      this.used.tokens += tokensOf(e.attributes.usage);
    } else if (e.type === 'ToolExecutionRequest' && !serverTools.has(e.name)) {
      this.toolCall(e.name, e.attributes.inputs);
    } else {
      return;
    }
    const over = this.overLimit(false);
    if (over) this.trip(over);
  }

  private toolCall(name: string, args: unknown): void {
    this.used.toolCalls++;
    const key = `${name} ${stableJson(args)}`;
    this.used.repeats = key === this.used.lastToolCall ? this.used.repeats + 1 : 1;
    this.used.lastToolCall = key;
    const max = this.limits.maxRepeatedToolCalls ?? DEFAULT_GUARDS.maxRepeatedToolCalls;
    if (this.used.repeats > max) {
      this.trip(new ServerError('AS_LOOP_DETECTED', `${name} was called ${this.used.repeats} times in a row with the same arguments (${stableJson(args).slice(0, 200)}); the run was stopped`, {
        hint: 'the agent is looping: change its prompt or tools, or raise guards.maxRepeatedToolCalls',
      }));
      return;
    }
    const over = this.overLimit(false);
    if (over) this.trip(over);
  }

  /** The usage limit a session went over (`atLimit`: reached, for a run about to start). */
  private overLimit(atLimit: boolean): ServerError | undefined {
    const checks: [string, number, number | undefined][] = [
      ['tokens', this.used.tokens, this.limits.maxTokens],
      ['LLM calls', this.used.llmCalls, this.limits.maxLlmCalls],
      ['tool calls', this.used.toolCalls, this.limits.maxToolCalls],
    ];
    for (const [what, used, max] of checks) {
      if (max !== undefined && (atLimit ? used >= max : used > max)) {
        return new ServerError('AS_USAGE_LIMIT', `the session used ${used} ${what}; its limit is ${max}`, { hint: 'start a new session (another thread or chat id), or raise the limit' });
      }
    }
    return undefined;
  }

  private trip(error: ServerError): void {
    if (this.tripped) return;
    this.tripped = error;
    this.controller.abort(error);
  }
}

/** Tokens of an LLM response's usage, whatever names the runtime gives them. */
function tokensOf(usage: unknown): number {
  if (typeof usage !== 'object' || usage === null) return 0;
  const u = usage as Record<string, unknown>;
  const n = (k: string) => (typeof u[k] === 'number' ? u[k] : 0);
  if (typeof u.totalTokens === 'number') return u.totalTokens;
  if (typeof u.total_tokens === 'number') return u.total_tokens;
  return n('promptTokens') + n('completionTokens') + n('prompt_tokens') + n('completion_tokens') + n('inputTokens') + n('outputTokens');
}

function stableJson(v: unknown): string {
  if (typeof v !== 'object' || v === null) return JSON.stringify(v) ?? 'null';
  if (Array.isArray(v)) return `[${v.map(stableJson).join(',')}]`;
  return `{${Object.keys(v).sort().map((k) => `${JSON.stringify(k)}:${stableJson((v as Record<string, unknown>)[k])}`).join(',')}}`;
}
