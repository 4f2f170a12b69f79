/**
 * Helper functions an emitted module may need, written out in it (an Agent
 * has no dependency on @agentspec packages): each is the module's copy of a
 * piece of Agent Spec semantics (DESIGN §4.2) that the AI SDK has no setting
 * for. The emitter includes only those it uses, in this order.
 */
export interface Helper {
  readonly code: string;
  /** Other helpers it calls. */
  readonly uses?: readonly HelperName[];
  readonly imports?: Readonly<Record<string, readonly string[]>>;
  readonly types?: Readonly<Record<string, readonly string[]>>;
}

const args: Helper = {
  code: `
/** Tool arguments, as the LLM sends them. */
type Args = Record<string, unknown>;

/** Tool arguments must be a JSON object; anything else is an invalid tool call. */
function objectArguments(value: unknown): { success: true; value: Args } | { success: false; error: Error } {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? { success: true, value: value as Args }
    : { success: false, error: new TypeError('tool arguments must be a JSON object') };
}`,
};

const text: Helper = {
  code: `
/** A value as text, as Agent Spec renders templates: strings as they are, anything else as JSON. */
function text(value: unknown): string {
  return typeof value === 'string' ? value : value === undefined ? '' : JSON.stringify(value);
}`,
};

const toolText: Helper = {
  code: `
/** What the LLM reads of a tool result: strings as they are, anything else as JSON. */
function toolText({ output }: { output: unknown }): { type: 'text'; value: string } {
  return { type: 'text', value: typeof output === 'string' ? output : JSON.stringify(output ?? null) };
}`,
};

const coerceArgs: Helper = {
  uses: ['args', 'coerce'],
  types: { ai: ['JSONSchema7'] },
  code: `
/** Arguments coerced to the declared parameter types (see \`coerce\`), defaults filled in. */
function coerceArgs<T = Args>(args: Args, parameters: JSONSchema7): T {
  const out: Args = { ...args };
  for (const [name, schema] of Object.entries(parameters.properties ?? {})) {
    if (Object.hasOwn(args, name) && args[name] !== undefined) out[name] = coerce(args[name], schema);
    else if (typeof schema === 'object' && schema.default !== undefined) out[name] = structuredClone(schema.default);
  }
  return out as T;
}`,
};

const coerce: Helper = {
  code: `
/**
 * A value coerced to a JSON Schema's type, by Agent Spec's rules: anything to
 * string (JSON for non-strings), integer and number and boolean among
 * themselves, numeric strings to numbers, recursively in arrays and objects.
 * A value that does not coerce is returned unchanged.
 */
function coerce(value: unknown, schema: unknown): unknown {
  if (!isRecord(schema) || value === undefined) return value;
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (Array.isArray(alternatives)) {
    for (const alt of alternatives) if (fits(value, alt)) return coerceParts(value, alt);
    for (const alt of alternatives) {
      const coerced = coerce(value, alt);
      if (fits(coerced, alt)) return coerced;
    }
    return value;
  }
  const types = typesOf(schema);
  if (!types || types.some((t) => isType(value, t))) return coerceParts(value, schema);
  for (const t of types) {
    const coerced = toType(value, t);
    if (coerced !== undefined) return coerceParts(coerced, schema);
  }
  return value;
}

function toType(value: unknown, type: string): unknown {
  const numeric = typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value));
  switch (type) {
    case 'string':
      return typeof value === 'string' ? value : JSON.stringify(value);
    case 'number':
      return typeof value === 'boolean' ? Number(value) : numeric ? Number(value) : undefined;
    case 'integer':
      if (typeof value === 'boolean') return Number(value);
      if (typeof value === 'number' && Number.isFinite(value)) return Math.trunc(value);
      return numeric ? Math.trunc(Number(value)) : undefined;
    case 'boolean':
      if (typeof value === 'number') return value !== 0;
      return value === 'true' || value === 'false' ? value === 'true' : undefined;
    default:
      return undefined;
  }
}

function coerceParts(value: unknown, schema: unknown): unknown {
  if (!isRecord(schema)) return value;
  if (Array.isArray(value) && schema.items !== undefined) return value.map((v) => coerce(v, schema.items));
  if (isRecord(value) && (isRecord(schema.properties) || isRecord(schema.additionalProperties))) {
    const properties = isRecord(schema.properties) ? schema.properties : {};
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = coerce(v, Object.hasOwn(properties, k) ? properties[k] : schema.additionalProperties);
    return out;
  }
  return value;
}

function fits(value: unknown, schema: unknown): boolean {
  const types = isRecord(schema) ? typesOf(schema) : undefined;
  return !types || types.some((t) => isType(value, t));
}

function isType(value: unknown, type: string): boolean {
  switch (type) {
    case 'string': return typeof value === 'string';
    case 'number': return typeof value === 'number';
    case 'integer': return typeof value === 'number' && Number.isInteger(value);
    case 'boolean': return typeof value === 'boolean';
    case 'null': return value === null;
    case 'array': return Array.isArray(value);
    case 'object': return isRecord(value);
    default: return true;
  }
}

function typesOf(schema: Record<string, unknown>): string[] | undefined {
  if (typeof schema.type === 'string') return [schema.type];
  return Array.isArray(schema.type) ? schema.type.filter((t): t is string => typeof t === 'string') : undefined;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}`,
};

const fetchWithTimeout: Helper = {
  code: `
/** \`fetch\` giving each LLM request \`timeoutMs\`, its body included (no limit when undefined). */
function fetchWithTimeout(timeoutMs: number | undefined): typeof fetch | undefined {
  if (timeoutMs === undefined) return undefined;
  return (input, init) => {
    const timeout = AbortSignal.timeout(timeoutMs);
    return fetch(input, { ...init, signal: init?.signal ? AbortSignal.any([init.signal, timeout]) : timeout });
  };
}`,
};

const speakFirst: Helper = {
  types: { ai: ['ToolLoopAgentSettings', 'ToolSet'] },
  code: `
/**
 * An agent called with no messages speaks first: the AI SDK refuses an empty
 * message list, so the instructions are sent as the one (system) message.
 */
const speakFirst: NonNullable<ToolLoopAgentSettings<never, ToolSet>['prepareCall']> = (call) => {
  const { prompt, messages, instructions } = call;
  if (prompt !== undefined || (messages !== undefined && messages.length > 0) || typeof instructions !== 'string') return call;
  return { ...call, instructions: undefined, allowSystemInMessages: true, messages: [{ role: 'system', content: instructions }] };
};`,
};

const submitResult: Helper = {
  uses: ['args', 'coerce'],
  types: { ai: ['StopCondition', 'ToolSet'] },
  code: `
/** An output of the agent: the JSON kinds of value it accepts (Agent Spec's casting rules) and its type, as told to the LLM. */
interface OutputRule {
  readonly title: string;
  readonly accepts: readonly string[];
  readonly type: string;
  readonly required: boolean;
}

/** The tool message of an accepted submission. */
const SUBMITTED = 'Result submitted.';

/** Why a submit_result call does not fit the outputs (goes back to the LLM), or undefined when it does. */
function submissionProblem(args: Args): string | undefined {
  const problems: string[] = [];
  for (const output of OUTPUTS) {
    const value = args[output.title];
    if (!Object.hasOwn(args, output.title)) {
      if (output.required) problems.push("'" + output.title + "' is missing");
      continue;
    }
    const kind = value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value;
    if (!output.accepts.includes(kind)) problems.push("'" + output.title + "' should be " + output.type);
  }
  for (const name of Object.keys(args)) if (!OUTPUTS.some((o) => o.title === name)) problems.push("'" + name + "' is not an output");
  if (problems.length === 0) return undefined;
  return 'invalid submission: ' + problems.join('; ') + '. Call submit_result again with corrected arguments.';
}

/** The outputs of an accepted submission, coerced to their types. */
function submittedOutputs(args: Args): Args {
  const outputs: Args = {};
  for (const [name, schema] of Object.entries(SUBMIT_RESULT_PARAMETERS.properties ?? {})) {
    if (Object.hasOwn(args, name) && args[name] !== undefined) outputs[name] = coerce(args[name], schema);
  }
  return outputs;
}

/** Ends the loop once a submit_result call was accepted; an invalid one goes back to the LLM, which may correct it. */
const submitResultAccepted: StopCondition<ToolSet> = ({ steps }) =>
  steps.at(-1)?.toolResults.some((r) => r.toolName === 'submit_result' && typeof r.output === 'object' && r.output !== null) ?? false;`,
};

const httpBody: Helper = {
  code: `
/** The body of an HTTP response: parsed JSON when it says so, else text; an error status fails the tool. */
async function httpBody(response: Response, tool: string): Promise<unknown> {
  const raw = await response.text();
  const json = /[/+]json\\b/i.test(response.headers.get('content-type') ?? '');
  const body: unknown = json && raw.trim() !== '' ? JSON.parse(raw) : raw;
  if (!response.ok) throw new Error(tool + ': HTTP ' + response.status + ' ' + raw.slice(0, 300));
  return body;
}`,
};

const allowedHost: Helper = {
  code: `
/** A URL whose host comes from an argument must be in \`allowHosts\` (host or host:port): no request to where the LLM says. */
function checkHost(url: URL, allowHosts: readonly string[] | undefined, tool: string): URL {
  const port = url.port || (url.protocol === 'https:' ? '443' : '80');
  const host = url.hostname.replace(/^\\[(.*)\\]$/, '$1').toLowerCase();
  const allowed = (allowHosts ?? []).some((entry) => {
    const e = entry.trim().toLowerCase();
    return e.replace(/^\\[(.*)\\]$/, '$1') === host || e === host + ':' + port;
  });
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(tool + ': only http: and https: URLs are allowed');
  if (!allowed) throw new Error(tool + ": the host '" + url.hostname + "' comes from an argument and is not in allowHosts");
  return url;
}`,
};

const mcp: Helper = {
  imports: { '@modelcontextprotocol/sdk/client/index.js': ['Client'] },
  types: { '@modelcontextprotocol/sdk/shared/transport.js': ['Transport'] },
  code: `
/** MCP clients by server, connected on first use; \`close()\` ends them all. */
interface McpClients {
  client(server: string, transport: () => Transport): Promise<Client>;
  close(): Promise<void>;
}

function mcpClients(): McpClients {
  const clients = new Map<string, Promise<Client>>();
  return {
    client(server, transport) {
      let client = clients.get(server);
      if (!client) {
        const c = new Client({ name: 'agentspec-emitted-agent', version: '1.0.0' });
        client = c.connect(transport()).then(() => c);
        clients.set(server, client);
      }
      return client;
    },
    async close() {
      const all = [...clients.values()];
      clients.clear();
      await Promise.allSettled(all.map(async (c) => (await c).close()));
    },
  };
}

/** The text of an MCP tool result (its text blocks); an error result fails the tool. */
function mcpText(result: Record<string, unknown>, tool: string): string {
  const blocks = Array.isArray(result.content) ? (result.content as { type?: unknown; text?: unknown }[]) : [];
  const text = blocks.flatMap((b) => (b.type === 'text' && typeof b.text === 'string' ? [b.text] : [])).join('\\n');
  if (result.isError === true) throw new Error(tool + ': the MCP tool reported an error: ' + (text || '(no text)'));
  return text;
}`,
};

const mcpValue: Helper = {
  uses: ['mcp'],
  code: `
/** The value of an MCP tool result for non-string outputs: its structured content, else its text parsed as JSON. */
function mcpValue(result: Record<string, unknown>, tool: string): unknown {
  const text = mcpText(result, tool);
  return result.structuredContent ?? JSON.parse(text);
}`,
};

export const HELPERS = { args, text, toolText, coerceArgs, coerce, fetchWithTimeout, speakFirst, submitResult, httpBody, allowedHost, mcp, mcpValue } satisfies Record<string, Helper>;

export type HelperName = keyof typeof HELPERS;
