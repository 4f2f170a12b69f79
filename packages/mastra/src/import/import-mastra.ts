import { deserialize, type Agent, type Flow } from '@agentspec/core';
import { RuntimeError, type ImportedComponent, type ToolRegistry } from '@agentspec/runtime';
import { AGENTSPEC_METADATA_KEY } from '../constants.js';
import { Warnings, type MastraWarning } from '../warnings.js';
import { liveEntries, storedEntries } from './entries.js';
import { importAgent, type AgentLike } from './import-agent.js';
import { importEntries, type ImportedTools } from './import-graph.js';
import { toJsonSchema } from './schemas.js';

export interface ImportMastraOptions {
  /**
   * A workflow or agent made by `compileMastra` carries its Agent Spec
   * component in `metadata.agentspec`: import that (default `true`, an exact
   * round trip), or `false` to import from the Mastra objects alone.
   */
  readonly useMetadata?: boolean;
  /** Base URL of the OpenAI-compatible endpoint for an imported agent's model. */
  readonly llmUrl?: string;
}

export interface MastraImported extends ImportedComponent {
  readonly component: Agent | Flow;
  readonly warnings: readonly MastraWarning[];
  /** Implementations of the imported ServerTools (the workflow's steps, routers, the agent's tools), by tool name. */
  readonly tools: ToolRegistry;
}

type Json = Record<string, unknown>;

const isAgent = (x: unknown): x is AgentLike => typeof (x as AgentLike)?.getInstructions === 'function' && typeof (x as AgentLike)?.listTools === 'function';
const isWorkflow = (x: unknown): x is { id: string; description?: string; metadata?: Json; inputSchema?: unknown; outputSchema?: unknown; stepGraph: unknown[] } =>
  Array.isArray((x as { stepGraph?: unknown })?.stepGraph) && typeof (x as { createRun?: unknown }).createRun === 'function';

function parsed(v: unknown): Json | undefined {
  if (typeof v === 'string') {
    try {
      return JSON.parse(v) as Json;
    } catch {
      return undefined;
    }
  }
  return typeof v === 'object' && v !== null ? (v as Json) : undefined;
}

/**
 * Mastra → Agent Spec (DESIGN §5): a workflow (live, or Mastra's JSON graph —
 * a stored definition `{ id, inputSchema, outputSchema, graph }`, a workflow
 * info `{ stepGraph }`, or a bare list of graph entries) becomes a Flow; an
 * Agent becomes an Agent. What has no Agent Spec equivalent is a warning that
 * names it.
 */
export async function importMastra(source: unknown, options: ImportMastraOptions = {}): Promise<MastraImported> {
  const warnings = new Warnings();
  const tools: ImportedTools = {};
  const useMetadata = options.useMetadata ?? true;
  const done = (component: Agent | Flow): MastraImported => ({ component, warnings: warnings.list, tools });
  if (isAgent(source)) {
    const meta = parsed(await (source as { getMetadata?: () => unknown }).getMetadata?.())?.[AGENTSPEC_METADATA_KEY];
    if (useMetadata && meta) return done(deserialize(meta as Json) as Agent);
    return done(await importAgent(source, options, warnings, tools));
  }
  if (isWorkflow(source)) {
    const meta = source.metadata?.[AGENTSPEC_METADATA_KEY];
    if (useMetadata && meta) return done(deserialize(meta as Json) as Flow);
    const input = toJsonSchema(source.inputSchema);
    const output = toJsonSchema(source.outputSchema);
    return done(importEntries({ id: source.id, name: source.id, ...(source.description ? { description: source.description } : {}), ...(input ? { input } : {}), ...(output ? { output } : {}) }, liveEntries(source.stepGraph), warnings, tools));
  }
  const graph = Array.isArray(source) ? source : (parsed(source)?.graph ?? parsed(source)?.stepGraph ?? parsed(source)?.serializedStepGraph);
  if (Array.isArray(graph)) {
    const def = (Array.isArray(source) ? {} : parsed(source)) as Json;
    const meta = parsed(def.metadata)?.[AGENTSPEC_METADATA_KEY];
    if (useMetadata && meta) return done(deserialize(meta as Json) as Flow);
    const input = parsed(def.inputSchema);
    const output = parsed(def.outputSchema);
    const id = String(def.id ?? def.name ?? 'workflow');
    return done(importEntries({ id, name: String(def.name ?? id), ...(typeof def.description === 'string' ? { description: def.description } : {}), ...(input ? { input } : {}), ...(output ? { output } : {}) }, storedEntries(graph), warnings, tools));
  }
  throw new RuntimeError('AS_UNSUPPORTED', 'importMastra takes a Mastra Agent, a Mastra workflow, or a workflow\'s JSON graph');
}
