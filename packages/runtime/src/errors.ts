import { AgentSpecError } from '@agentspec/core';

/** Every code a runtime error may carry (DESIGN §4.1, §11). Stable: added to, never renamed. */
export const RUNTIME_ERROR_CODES = {
  AS_MISSING_INPUT: 'A required input has no value and no default.',
  AS_MISSING_TOOL: 'ServerTools of the spec have no implementation in the tools registry (load error listing them all).',
  AS_UNSUPPORTED: 'A component this runtime cannot run (load error naming it).',
  AS_NO_TRANSITION: 'A node finished on a branch that has no control edge.',
  AS_MAX_ITERATIONS: 'A run exceeded limits.maxSteps node executions, or an agent limits.maxAgentSteps LLM turns.',
  AS_HANDOFF_LIMIT: 'The agents of a Swarm handed the conversation over more than limits.maxHandoffs times in a row without answering the user, or asked one another that many times inside one another.',
  AS_MAP_LENGTH: 'The list inputs of a MapNode have different lengths.',
  AS_TOOL_FAILED: 'A tool implementation threw, or an MCP tool reported an error.',
  AS_TOOL_RESULT_SHAPE: 'A tool result cannot be mapped to the outputs (several outputs need an object).',
  AS_TOOL_CALL_INVALID: 'The LLM called an unknown tool or gave arguments that are not a JSON object.',
  AS_LLM_HTTP: 'The LLM endpoint answered with an HTTP error.',
  AS_LLM_TIMEOUT: 'The LLM endpoint did not answer in time.',
  AS_LLM_RESPONSE: 'The LLM answer was malformed (bad JSON, structured output not matching the schema).',
  AS_HTTP_STATUS: 'An ApiNode/RemoteTool call answered with an HTTP error status.',
  AS_HTTP_TIMEOUT: 'An ApiNode/RemoteTool call did not answer in time.',
  AS_HTTP_REFUSED: 'An HTTP call was refused by the network policy (templated host, redirect to another host, private or link-local address or a host name resolving to a non-public one, not in network.allow; an MCP stdio command line network.allowStdio does not allow, e.g. inline code).',
  AS_HTTP_BODY_TOO_LARGE: 'An ApiNode/RemoteTool response body was larger than limits.http.maxBodyBytes (default 10 MB); reading stopped at the cap.',
  AS_HTTP_REDIRECTS: 'An ApiNode/RemoteTool call was redirected more than limits.http.maxRedirects times (default 5).',
  AS_MCP: 'An MCP server could not be reached or did not answer.',
  AS_TOOLBOX: "An MCPToolBox's tools do not fit: its tool_filter names a tool its server does not list, an MCPToolSpec's inputs or outputs differ from the tool's, or a listed tool has the name of another tool of the agent.",
  AS_INVALID_STATE: 'The session was asked for something its status does not allow (e.g. tool results nobody asked for).',
  AS_RESUME_MISMATCH: 'A saved session does not fit this spec (it was saved from another spec or version).',
  AS_CANCELLED: 'The run was aborted through the signal.',
  AS_OPTIONS_INVALID: 'A runtime factory or load() was given an option it does not take (the message names the key and the one meant) or a value of the wrong kind.',
  AS_EMIT_VALUE: 'An emitter was given what has no TypeScript source form: a value that is not JSON-like (a function, symbol, bigint, object of a class, a cycle) or a name that is not an identifier.',
  AS_STORE: 'The session store (a SQLite file, a PostgreSQL database) could not be opened, read or written.',
  AS_SESSION_NOT_FOUND: 'No session of that name is in the session store.',
  AS_SESSION_BUSY: 'Another process holds the lease of that session (it is resuming or saving it): nothing ran; the message names the holder and when its lease expires. Also a write whose lease was taken over.',
  AS_TRACE_INVALID: 'A trace file is not JSON, not an agentspec trace (format, version) or is malformed.',
  AS_DATASTORE: "A datastore (a transform's cache) could not be opened, read or written: the database cannot be reached, a table lacks a column of the datastore_schema, an entity does not fit its collection's schema.",
  AS_A2A: 'A remote A2A agent could not be reached (its agent card, its endpoint), answered with an error, did not finish in time, or its task failed, was rejected, canceled or asks for authentication.',
  AS_TRACE_EXPORT: 'Exporting a trace failed: the OTLP endpoint could not be reached, did not answer in time or refused the spans.',
} as const;

export type RuntimeErrorCode = keyof typeof RUNTIME_ERROR_CODES;

/** Where a runtime error happened. */
export interface ErrorSite {
  readonly node?: string;
  readonly tool?: string;
  readonly llm?: string;
  readonly agent?: string;
}

/** A run failed: `code` says why, `site` which node / tool / LLM call it was. */
export class RuntimeError extends AgentSpecError {
  readonly site: ErrorSite;

  constructor(code: RuntimeErrorCode, message: string, site: ErrorSite = {}, options?: { hint?: string; cause?: unknown }) {
    const where = [site.node && `node '${site.node}'`, site.agent && `agent '${site.agent}'`, site.tool && `tool '${site.tool}'`, site.llm && `LLM '${site.llm}'`]
      .filter(Boolean)
      .join(', ');
    super(code, where ? `${message} [${where}]` : message, options);
    this.name = 'RuntimeError';
    this.site = site;
  }
}
