/** The parts of an emitted module's `BuildOptions` every module has alike: where the LLM is, the network policy of its tools. */

/** The `LlmOptions` interface: where the LLM is, each field overriding the spec's endpoint. */
export const LLM_OPTIONS_TYPE: readonly string[] = [
  '/** Where the LLM is: each field overrides the spec\'s endpoint. API keys come from here or the environment, never from the spec. */',
  'export interface LlmOptions {',
  '  /** An OpenAI-compatible base URL, `/v1` included: `apiKey` goes there. */',
  '  readonly baseURL?: string;',
  '  /** The key (else OPENAI_API_KEY): without `baseURL`, sent to the spec\'s endpoint only on OPENAI_BASE_URL\'s origin (else api.openai.com\'s) or a host of `credentialHosts`. */',
  '  readonly apiKey?: string;',
  '  readonly model?: string;',
  '  /** Hosts (or host:port) of the spec\'s endpoint that may receive the key although it is for another origin. */',
  '  readonly credentialHosts?: readonly string[];',
    '  /** Time allowed to each attempt of an LLM request, in milliseconds (default: no limit). */',
    '  readonly timeoutMs?: number;',
    '  /** Retries of an LLM request on 429, 5xx and network errors (default 2); the LLM config\'s retry_policy decides when it has one. */',
    '  readonly retries?: number;',
    '  /** A Retry-After up to this many milliseconds is waited for; a longer one ends the retries (default 10 000). */',
    '  readonly maxRetryAfterMs?: number;',
    '  /** The fetch of each attempt of an LLM request (it must not retry itself). */',
    '  readonly fetch?: typeof fetch;',
    '}',
];

/** The build options the module's tools need: `allowStdio` for MCP stdio servers, `allowHosts`, `lookupHost` and `http` for RemoteTools. */
export function networkOptionLines(needs: ReadonlySet<string>): string[] {
  return [
    ...(needs.has('stdio') ? [
      '  /**',
      '   * MCP stdio servers allowed to start (network.allowStdio): a command name, or an exact command line (a string with blanks, or',
      '   * `{ command, args }`) — only an exact one allows arguments that run inline code (`node -e`, …) or a code-loading env variable.',
      '   */',
      '  readonly allowStdio?: readonly (string | { readonly command: string; readonly args?: readonly string[] })[];',
    ] : []),
    ...(needs.has('http') ? [
      '  /** Hosts (or host:port) a RemoteTool may call although its URL\'s host comes from an argument, is a private or link-local address, or is another host a redirect leads to. */',
      '  readonly allowHosts?: readonly string[];',
      '  /** How RemoteTools resolve host names (default: the system resolver); a name must resolve to public addresses unless allowHosts lists it. */',
      '  readonly lookupHost?: (hostname: string) => Promise<readonly { readonly address: string; readonly family: number }[]>;',
      '  /** RemoteTool calls: time per attempt (default 30 000 ms), retries (default 2), redirects followed (default 5), bytes of a body read (default 10 MB). */',
      '  readonly http?: { readonly timeoutMs?: number; readonly retries?: number; readonly maxRedirects?: number; readonly maxBodyBytes?: number };',
    ] : []),
  ];
}
