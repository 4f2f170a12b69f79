/**
 * Helper functions an emitted module may need, written out in it (an Agent
 * has no dependency on @agentspec packages): each is the module's copy of a
 * piece of Agent Spec semantics (DESIGN §4.2) that the AI SDK has no setting
 * for. The emitter includes only those it uses, in this order. Those every
 * emitter needs are shared: EMIT_SNIPPETS of @agentspec/runtime.
 */
import { EMIT_SNIPPETS, type SnippetName } from '@agentspec/runtime';
import type { ModuleHelper, ModuleHelpers, ModuleWriter } from '@agentspec/runtime/emit';
import type { CompileWarning } from '../options.js';

type Helper = ModuleHelper<HelperName>;

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

const toolText: Helper = {
  needs: ['toolResultText'],
  code: `
/** What the LLM reads of a tool result (\`toModelOutput\`): strings as they are, anything else as JSON. */
function toolText({ output }: { output: unknown }): { type: 'text'; value: string } {
  return { type: 'text', value: toolResultText(output) };
}`,
};

const fetchWithTimeout: Helper = {
  code: `
/** \`fetch\` (or \`base\`) giving each LLM request \`timeoutMs\`, its body included (no limit when undefined). */
function fetchWithTimeout(timeoutMs: number | undefined, base?: typeof fetch): typeof fetch | undefined {
  if (timeoutMs === undefined) return base;
  const send = base ?? fetch;
  return (input, init) => {
    const timeout = AbortSignal.timeout(timeoutMs);
    return send(input, { ...init, signal: init?.signal ? AbortSignal.any([init.signal, timeout]) : timeout });
  };
}`,
};

const speakFirst: Helper = {
  imports: { ai: ['type ToolLoopAgentSettings', 'type ToolSet'] },
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
  needs: ['args', 'coerce', 'submissionProblem'],
  imports: { ai: ['type StopCondition', 'type ToolSet'] },
  code: `
/** The tool message of an accepted submission. */
const SUBMITTED = 'Result submitted.';

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

const mcp: Helper = {
  needs: ['mcpRequest'],
  imports: { '@modelcontextprotocol/sdk/client/index.js': ['Client'], '@modelcontextprotocol/sdk/shared/transport.js': ['type Transport'] },
  code: `
/** MCP clients by server, connected on first use (again after a failure or a drop); \`close()\` ends them all. */
interface McpClients {
  link(server: string, transport: () => Transport): McpLink<Client>;
  close(): Promise<void>;
}

function mcpClients(): McpClients {
  const clients = new Map<string, Promise<Client>>();
  return {
    link(server, transport) {
      return {
        open() {
          let client = clients.get(server);
          if (!client) {
            const c = new Client({ name: 'agentspec-emitted-agent', version: '1.0.0' });
            const opening = c.connect(transport()).then(() => c);
            opening.catch(() => clients.get(server) === opening && clients.delete(server));
            clients.set(server, (client = opening));
          }
          return client;
        },
        async drop(client) {
          const current = clients.get(server);
          if (current && (await current.catch(() => undefined)) === client) clients.delete(server);
          await client.close();
        },
      };
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
  needs: ['mcp'],
  code: `
/** The value of an MCP tool result for non-string outputs: its structured content, else its text parsed as JSON. */
function mcpValue(result: Record<string, unknown>, tool: string): unknown {
  const text = mcpText(result, tool);
  return result.structuredContent ?? JSON.parse(text);
}`,
};

export type HelperName = 'args' | SnippetName | 'toolText' | 'fetchWithTimeout' | 'speakFirst' | 'submitResult' | 'mcp' | 'mcpValue';

/** Every helper, in the order they are written (a new name breaks the build until listed). */
export const HELPERS: ModuleHelpers<HelperName> = {
  args,
  ...EMIT_SNIPPETS,
  coerceArgs: { ...EMIT_SNIPPETS.coerceArgs, needs: ['args', ...EMIT_SNIPPETS.coerceArgs.needs] },
  toolText,
  fetchWithTimeout,
  speakFirst,
  submitResult,
  mcp,
  mcpValue,
};

/** The module being written: the shared ModuleWriter over these helpers. */
export type AiSdkModule = ModuleWriter<HelperName, CompileWarning>;
