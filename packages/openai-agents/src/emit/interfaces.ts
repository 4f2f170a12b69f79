import type { Agent } from '@agentspec/core';
import { inputsField } from './inputs.js';
import { key, networkOptionFields } from '@agentspec/runtime/emit';

export const LLM_OPTIONS = `/** Where the LLM is, overriding the spec's endpoint (never put keys in the spec). */
export interface LlmOptions {
  /** Base URL of an OpenAI-compatible API, ending in /v1 (default: the spec's): \`apiKey\` goes there. */
  readonly baseURL?: string;
  /**
   * API key (default: OPENAI_API_KEY). Without \`baseURL\`, sent to the spec's endpoint only on OPENAI_BASE_URL's origin
   * (else api.openai.com's) or a host of \`credentialHosts\`.
   */
  readonly apiKey?: string;
  /** Model name (default: the spec's). */
  readonly model?: string;
  /** Hosts (or host:port) of the spec's endpoint that may receive the key although it is for another origin. */
  readonly credentialHosts?: readonly string[];
  /** Per-request timeout in milliseconds, retries included (default 60 000). */
  readonly timeoutMs?: number;
  /** Retries on 429, 5xx and network errors (default 2); the LLM config's retry_policy decides when it has one. */
  readonly retries?: number;
  /** A Retry-After up to this many milliseconds is waited for; a longer one ends the retries (default 10 000). */
  readonly maxRetryAfterMs?: number;
  /** The fetch of each attempt (it must not retry itself). */
  readonly fetch?: typeof fetch;
}`;

/** The Built interface; `transforms`: its runOptions carry the agent's message transforms as a `callModelInputFilter`. */
export function built(transforms: boolean): string {
  const runOptions = transforms
    ? [
      '  /** Spread into `run(agent, input, { ...runOptions })`: the message transforms are its `callModelInputFilter`. */',
      '  readonly runOptions: { readonly maxTurns: number; readonly callModelInputFilter: CallModelInputFilter };',
    ]
    : ['  /** Spread into `run(agent, input, { ...runOptions })`. */', '  readonly runOptions: { readonly maxTurns: number };'];
  return [
    '/** What build() returns: the SDK agent, and what to run it with. */',
    'export interface Built {',
    '  readonly agent: Agent<unknown, AgentOutputType>;',
    '  /** What of the spec this module does not carry over exactly. */',
    "  readonly warnings: readonly { readonly kind: 'unsupported' | 'approximated'; readonly component: string; readonly message: string }[];",
    ...runOptions,
    '  /** Release what the agent holds open (MCP connections). */',
    '  close(): Promise<void>;',
    '}',
  ].join('\n');
}

/** The BuildOptions interface. */
export function buildOptions(agent: Agent, serverTools: readonly string[], remote: boolean, mcp: boolean): string {
  const fields: string[] = [];
  if (serverTools.length > 0) {
    fields.push(
      '  /** ServerTool implementations, by tool name (the spec holds no code). */',
      `  readonly tools: {\n${serverTools.map((n) => `    readonly ${key(n)}: ToolImplementation;`).join('\n')}\n  };`,
    );
  }
  if ((agent.inputs ?? []).length > 0) fields.push(inputsField(agent.inputs ?? []));
  fields.push('  /** Where the LLM is (default: the endpoint of the spec). */', '  readonly llm?: LlmOptions;');
  if ((agent.outputs ?? []).length > 0) {
    fields.push(
      "  /** How the agent returns its outputs: a submit_result tool (default) or the SDK's native `outputType`. */",
      "  readonly structuredOutput?: 'submit_result' | 'native';",
    );
  }
  if (remote || mcp) {
    const what = [remote ? 'hosts RemoteTools may reach although their host comes from an argument, is a private or link-local address, or is another host a redirect leads to' : '', mcp ? 'commands MCP stdio servers may start' : ''];
    fields.push(
      `  /** What the tools may reach: ${what.filter(Boolean).join('; ')}. */`,
      '  readonly network?: {',
      ...networkOptionFields('    '),
      '  };',
    );
  }
  if (remote) {
    fields.push(
      '  /** RemoteTool calls: time per attempt (default 30 000 ms), retries (default 2), redirects followed (default 5), bytes of a body read (default 10 MB). */',
      '  readonly http?: { readonly timeoutMs?: number; readonly retries?: number; readonly maxRedirects?: number; readonly maxBodyBytes?: number };',
    );
  }
  if ((agent.transforms ?? []).length > 0) {
    fields.push(
      "  /** The conversation's id: the key of the summaries its message transforms cache (default: one per build). */",
      '  readonly conversationId?: string;',
      '  /** How a caller takes part in the message transforms (openaiAgentsRuntime: the session\'s conversation id, its traced summarizer). */',
      '  readonly transformHooks?: TransformHooks;',
    );
  }
  fields.push(
    '  /** LLM turns per run (default MAX_TURNS), for `runOptions.maxTurns`. */',
    '  readonly maxTurns?: number;',
    '  /** Export traces to OpenAI (default false: `setTracingDisabled(true)` is called). */',
    '  readonly tracing?: boolean;',
  );
  return `/** What build() takes besides the spec. */\nexport interface BuildOptions {\n${fields.join('\n')}\n}`;
}
