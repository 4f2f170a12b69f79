/**
 * What the importer reads of a LangGraph graph: its StateGraph (the builder
 * a compiled graph keeps), nodes with their metadata and subgraphs, edges,
 * conditional edges with their path maps, and state channels. Typed
 * structurally, so graphs of another copy of LangGraph are read alike.
 */
import { getJsonSchemaFromSchema } from '@langchain/langgraph';

export interface NodeSpecLike {
  readonly runnable?: unknown;
  readonly metadata?: Record<string, unknown>;
  readonly subgraphs?: readonly unknown[];
  /** Where the node's `Command`s may go (`addNode(…, { ends })`). */
  readonly ends?: readonly string[];
  readonly retryPolicy?: unknown;
  readonly timeout?: unknown;
  readonly cachePolicy?: unknown;
  readonly defer?: boolean;
  /** The node `addNode(…, { errorHandler })` added for it. */
  readonly errorHandlerNode?: string;
}

export interface BranchLike {
  readonly path?: { invoke?: (input: unknown, config?: unknown) => Promise<unknown> } | unknown;
  readonly ends?: Record<string, string>;
}

export interface StateGraphLike {
  readonly nodes: Record<string, NodeSpecLike>;
  readonly edges: Set<[string, string]>;
  readonly branches: Record<string, Record<string, BranchLike>>;
  readonly waitingEdges?: Set<[string[], string]>;
  readonly channels: Record<string, unknown>;
  readonly _inputDefinition?: Record<string, unknown>;
  readonly _outputDefinition?: Record<string, unknown>;
  readonly _schemaRuntimeDefinition?: unknown;
  readonly _inputRuntimeDefinition?: unknown;
  readonly _outputRuntimeDefinition?: unknown;
}

export const START_KEY = '__start__';
export const END_KEY = '__end__';

function isBuilder(v: unknown): v is StateGraphLike {
  const b = v as StateGraphLike | null;
  return typeof b === 'object' && b !== null && typeof b.nodes === 'object' && b.edges instanceof Set && typeof b.branches === 'object';
}

/** Nodes a compiled graph pauses before or after (`compile({ interruptBefore, interruptAfter })`; `'*'`: all). */
export interface Breakpoints {
  readonly before: readonly string[] | '*';
  readonly after: readonly string[] | '*';
}

/** The StateGraph of a compiled graph or of a builder, with the graph's name and breakpoints. */
export function graphOf(value: unknown): { builder: StateGraphLike; name: string | undefined; breakpoints: Breakpoints } | undefined {
  if (isBuilder(value)) return { builder: value, name: undefined, breakpoints: { before: [], after: [] } };
  const compiled = value as { builder?: unknown; name?: unknown; interruptBefore?: unknown; interruptAfter?: unknown } | null;
  if (compiled && isBuilder(compiled.builder)) {
    const name = typeof compiled.name === 'string' && compiled.name !== 'LangGraph' ? compiled.name : undefined;
    const list = (v: unknown) => (v === '*' ? '*' : Array.isArray(v) ? (v as string[]) : []);
    return { builder: compiled.builder, name, breakpoints: { before: list(compiled.interruptBefore), after: list(compiled.interruptAfter) } };
  }
  return undefined;
}

/** Whether a node's runnable is itself a compiled graph (a subgraph node). */
export function isGraph(v: unknown): boolean {
  return graphOf(v) !== undefined && typeof (v as { invoke?: unknown }).invoke === 'function';
}

/** State keys of a graph: its input keys, output keys and every key. Internal channels (`__…`) left out. */
export function stateKeys(b: StateGraphLike): { inputs: string[]; outputs: string[]; all: string[] } {
  const visible = (o: Record<string, unknown> | undefined) => Object.keys(o ?? {}).filter((k) => !k.startsWith('__'));
  const all = visible(b.channels);
  return { inputs: b._inputDefinition ? visible(b._inputDefinition) : all, outputs: b._outputDefinition ? visible(b._outputDefinition) : all, all };
}

/**
 * JSON Schemas of state keys, and which keys are required, where the state
 * schema gives them (zod and other Standard Schemas; an Annotation gives no
 * types, and every key of it is optional).
 */
export function stateJsonSchemas(b: StateGraphLike): { schemas: Record<string, Record<string, unknown>>; required: Set<string> } {
  const schemas: Record<string, Record<string, unknown>> = {};
  const required = new Set<string>();
  for (const schema of [b._schemaRuntimeDefinition, b._inputRuntimeDefinition, b._outputRuntimeDefinition]) {
    const json = schema === undefined ? undefined : getJsonSchemaFromSchema(schema);
    const props = (json?.properties ?? {}) as Record<string, Record<string, unknown>>;
    for (const [k, v] of Object.entries(props)) schemas[k] ??= v;
    if (schema === b._schemaRuntimeDefinition && Array.isArray(json?.required)) for (const k of json.required as string[]) required.add(k);
  }
  return { schemas, required };
}

/** Whether a node's runnable is LangGraph's prebuilt ToolNode (it runs the tool calls of the last AI message). */
export function isPrebuiltToolNode(v: unknown): v is { tools: readonly { name?: string }[] } {
  return typeof v === 'object' && v !== null && Array.isArray((v as { tools?: unknown }).tools) && typeof (v as { invoke?: unknown }).invoke === 'function';
}
