import type { Known, Tool } from '@agentspec/core';
import { admitted } from '../admit/admit.js';
import type { HttpLimits, NetworkPolicy, ToolRegistry } from '../contract.js';
import { RuntimeError, type ErrorSite } from '../errors.js';
import { callHttp } from '../http/index.js';
import { McpConnections } from '../mcp/index.js';
import { specRetryPolicy } from '../llm/spec-retry-policy.js';
import { coerce } from '../semantics/coercion.js';
import { activeLedger, toolOnce, type Ledger } from '../session/ledger.js';

/**
 * Executes the tools a runtime runs itself: ServerTools from the registry,
 * RemoteTools over HTTP, MCPTools through the MCP SDK — arguments coerced to
 * the declared input types first. Shared by the reference interpreter and the
 * framework runtimes; `close()` ends the MCP connections it opened.
 */
export interface ToolRunner {
  /** `ledger`: the session run's (default: the one of the run this code is part of, `withLedger`). */
  run(tool: Tool, args: Readonly<Record<string, unknown>>, site: ErrorSite, signal?: AbortSignal, ledger?: Ledger): Promise<unknown>;
  close(): Promise<void>;
}

export interface ToolRunnerOptions {
  readonly tools?: ToolRegistry;
  readonly network?: NetworkPolicy;
  readonly http?: HttpLimits;
  /** MCP connections shared with others (opened on first use, closed by their owner); default: the runner's own. */
  readonly mcp?: () => McpConnections;
}

export function toolRunner(options: ToolRunnerOptions = {}): ToolRunner {
  const registry = options.tools ?? {};
  const network = options.network ?? {};
  const http = options.http ?? {};
  let mcp: McpConnections | undefined;
  const connections = options.mcp ?? (() => (mcp ??= new McpConnections({ network, ...(http.maxBodyBytes !== undefined ? { maxResultBytes: http.maxBodyBytes } : {}) })));
  return {
    async run(spec, args, site, signal, ledger) {
      const tool = admitted(spec);
      const inputs = coerceArgs(tool, args);
      // at most once per session: a call asked again after a failure or a crash gets its recorded outcome
      return toolOnce(tool.name, inputs, () => execute(tool, inputs, site, signal), ledger ?? activeLedger());
    },
    async close() {
      await mcp?.close();
    },
  };

  async function execute(tool: Known<Tool>, inputs: Record<string, unknown>, site: ErrorSite, signal: AbortSignal | undefined): Promise<unknown> {
    switch (tool.component_type) {
      case 'ServerTool': {
        const impl = Object.hasOwn(registry, tool.name) ? registry[tool.name] : undefined;
        if (!impl) throw new RuntimeError('AS_MISSING_TOOL', `no implementation registered for ServerTool '${tool.name}'`, site);
        try {
          return await impl(inputs);
        } catch (e) {
          throw new RuntimeError('AS_TOOL_FAILED', `tool '${tool.name}' threw: ${(e as Error)?.message ?? String(e)}`, site, { cause: e });
        }
      }
      case 'RemoteTool':
        return callHttp(tool, inputs, { network, ...http, ...(signal ? { signal } : {}), site });
      case 'MCPTool': {
        // the tool's retry_policy (26.3.1; a toolbox's becomes its tools'), else its remote transport's (26.1.2)
        const retry = specRetryPolicy(tool) ?? specRetryPolicy(tool.client_transport);
        return connections().callTool(tool.client_transport, tool.name, mcpArguments(tool, inputs), tool.outputs ?? [], { network, ...(signal ? { signal } : {}), site, ...(retry ? { retry } : {}) });
      }
      case 'ClientTool':
        throw new RuntimeError('AS_UNSUPPORTED', `ClientTool '${tool.name}' is run by the client, not by the runtime`, site);
    }
  }
}

/** Arguments coerced to the tool's declared input types (defaults filled). */
export function coerceArgs(tool: Known<Tool>, args: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...args };
  for (const p of tool.inputs ?? []) {
    if (Object.hasOwn(args, p.title) && args[p.title] !== undefined) out[p.title] = coerce(args[p.title], p);
    else if ('default' in p) out[p.title] = structuredClone(p.default);
  }
  return out;
}

/**
 * The arguments of an MCP call: an argument that is null only because its
 * input defaults to null, while the input's type does not take null, is left
 * out (an MCP server takes an optional parameter as absent, not as null; a
 * toolbox's optional parameters default to null).
 */
export function mcpArguments(tool: Known<Tool>, inputs: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...inputs };
  for (const p of tool.inputs ?? []) {
    if (out[p.title] === null && p.default === null && !takesNull(p)) delete out[p.title];
  }
  return out;
}

function takesNull(schema: Readonly<Record<string, unknown>>): boolean {
  const { type } = schema;
  if (type === 'null' || (Array.isArray(type) && type.includes('null'))) return true;
  const alternatives = [schema.anyOf, schema.oneOf].filter(Array.isArray).flat() as unknown[];
  if (alternatives.length > 0) return alternatives.some((a) => typeof a === 'object' && a !== null && takesNull(a as Record<string, unknown>));
  return type === undefined && schema.enum === undefined && schema.const === undefined;
}
