import { deserialize, type Agent, type Component, type Flow } from '@agentspec/core';
import { RuntimeError, type ImportedComponent, type ToolRegistry } from '@agentspec/runtime';
import { AGENTSPEC_METADATA_KEY } from '../constants.js';
import type { MastraWarning } from '../warnings.js';
import { isAgent, type AgentLike } from './agent-like.js';
import { importFlow } from './graph/import-flow.js';
import { Ids } from './flow-builder.js';
import type { ImportedTools, ImportRun } from './graph/scope.js';
import { importAgent } from './import-agent.js';
import type { ImportEntry, Json } from './import-entry.js';
import { ImportWarnings } from './import-warnings.js';
import { liveEntries } from './live-entries.js';
import { toJsonSchema } from './schemas.js';
import { storedEntries } from './stored-entries.js';

export interface ImportMastraOptions {
  /**
   * A workflow or agent made by `compileMastra` carries its Agent Spec
   * component in `metadata.agentspec`: import that (default `true`, an exact
   * round trip), or `false` to import from the Mastra objects alone.
   */
  readonly useMetadata?: boolean;
  /** Base URL of the OpenAI-compatible endpoint for an imported agent's model when the model does not name one. */
  readonly llmUrl?: string;
  /**
   * The source text of the program that defines the workflow (`agentspec
   * import` reads the module): a step whose code only asks an agent, found
   * there by its id, becomes an AgentNode (Mastra keeps no step's source).
   */
  readonly programSource?: string;
}

export interface MastraImported extends ImportedComponent {
  /** An Agent or a Flow; a Swarm or ManagerWorkers when the Mastra Agent is the one `compileMastra` made it start with (from `metadata.agentspec`). */
  readonly component: Agent | Flow | Component;
  readonly warnings: readonly MastraWarning[];
  /** Implementations of the imported ServerTools (the workflow's steps, routers, mappings, the agents' tools), by tool name. */
  readonly tools: ToolRegistry;
}

interface LiveWorkflow {
  id: string;
  description?: string;
  metadata?: Json;
  inputSchema?: unknown;
  outputSchema?: unknown;
  stepGraph: unknown[];
  mastra?: unknown;
}

const isWorkflow = (x: unknown): x is LiveWorkflow => Array.isArray((x as { stepGraph?: unknown })?.stepGraph) && typeof (x as { createRun?: unknown }).createRun === 'function';

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

/** The agents the entries run as steps, nested workflows' too. */
function agentsOf(entries: readonly ImportEntry[], into: Set<AgentLike> = new Set()): Set<AgentLike> {
  for (const e of entries) {
    if (e.kind === 'agent') into.add(e.agent);
    else if (e.kind === 'workflow') agentsOf(e.entries, into);
    else if (e.kind === 'branch') agentsOf(e.arms.map((a) => a.body), into);
    else if (e.kind === 'parallel') agentsOf(e.steps, into);
    else if (e.kind === 'loop' || e.kind === 'foreach') agentsOf([e.body], into);
  }
  return into;
}

/** Whether an entry (or one inside it) is a step whose code is known to call agents. */
function knownCalls(entries: readonly ImportEntry[]): boolean {
  return entries.some((e) => (e.kind === 'step' && e.step.callsAgents !== undefined) || (e.kind === 'workflow' && knownCalls(e.entries))
    || (e.kind === 'branch' && knownCalls(e.arms.map((a) => a.body))) || (e.kind === 'parallel' && knownCalls(e.steps))
    || ((e.kind === 'loop' || e.kind === 'foreach') && knownCalls([e.body])));
}

/** Whether the source of every step (nested ones too) was found in the program's text. */
function sourcesKnown(entries: readonly ImportEntry[]): boolean {
  return entries.every((e) => {
    switch (e.kind) {
      case 'step': return e.step.sourceKnown === true;
      case 'workflow': return sourcesKnown(e.entries);
      case 'branch': return sourcesKnown(e.arms.map((a) => a.body));
      case 'parallel': return sourcesKnown(e.steps);
      case 'loop':
      case 'foreach':
        return sourcesKnown([e.body]);
      default: return true;
    }
  });
}

/**
 * Mastra gives steps the Mastra their workflow is registered with, and binds
 * their code (its source cannot be read): when that Mastra has agents, a step
 * may call one — then its LLM calls happen inside the step's ServerTool.
 */
function reportRegisteredAgents(workflow: LiveWorkflow, entries: readonly ImportEntry[], warnings: ImportWarnings): void {
  const registered = (workflow.mastra as { listAgents?: () => Record<string, unknown> } | undefined)?.listAgents?.() ?? {};
  const names = Object.keys(registered);
  if (names.length === 0 || knownCalls(entries) || sourcesKnown(entries)) return;
  warnings.add('MA_STEP_CALLS_AGENT', workflow.id, `its steps are given the workflow's Mastra, which registers agent${names.length > 1 ? 's' : ''} ${names.map((n) => `'${n}'`).join(', ')}: a step that calls one is a ToolNode whose ServerTool runs the step, the agent's LLM calls inside it (createStep(agent) gives an AgentNode)`);
}

/** The Flow of a workflow's entries: the agents its steps run are imported first (once each). */
async function importWorkflow(meta: { id: string; name: string; description?: string; input?: Json; output?: Json }, entries: readonly ImportEntry[], options: ImportMastraOptions, warnings: ImportWarnings, tools: ImportedTools): Promise<Flow> {
  const agents = new Map<AgentLike, Agent>();
  for (const a of agentsOf(entries)) agents.set(a, await importAgent(a, options, warnings, tools));
  const run: ImportRun = { ids: new Ids(), warnings, tools, toolNames: new Set(Object.keys(tools)), agents };
  return importFlow(run, meta, entries);
}

/**
 * Mastra → Agent Spec (DESIGN §5): a workflow (live, or Mastra's JSON graph —
 * a stored definition `{ id, inputSchema, outputSchema, graph }`, a workflow
 * info `{ stepGraph }`, or a bare list of graph entries) becomes a Flow; an
 * Agent becomes an Agent. What has no Agent Spec equivalent is a coded
 * warning (`MASTRA_IMPORT_WARNINGS`) that names it.
 */
export async function importMastra(source: unknown, options: ImportMastraOptions = {}): Promise<MastraImported> {
  const warnings = new ImportWarnings();
  const tools: ImportedTools = {};
  const useMetadata = options.useMetadata ?? true;
  const done = (component: MastraImported['component']): MastraImported => ({ component, warnings: warnings.list, tools });
  if (isAgent(source)) {
    const meta = parsed(await (source as { getMetadata?: () => unknown }).getMetadata?.())?.[AGENTSPEC_METADATA_KEY];
    if (useMetadata && meta) return done(deserialize(meta as Json) as MastraImported['component']);
    return done(await importAgent(source, options, warnings, tools));
  }
  if (isWorkflow(source)) {
    const meta = source.metadata?.[AGENTSPEC_METADATA_KEY];
    if (useMetadata && meta) return done(deserialize(meta as Json) as Flow);
    const input = toJsonSchema(source.inputSchema);
    const output = toJsonSchema(source.outputSchema);
    const info = { id: source.id, name: source.id, ...(source.description ? { description: source.description } : {}), ...(input ? { input } : {}), ...(output ? { output } : {}) };
    const entries = liveEntries(source.stepGraph, source.mastra, options.programSource);
    reportRegisteredAgents(source, entries, warnings);
    return done(await importWorkflow(info, entries, options, warnings, tools));
  }
  const graph = Array.isArray(source) ? source : (parsed(source)?.graph ?? parsed(source)?.stepGraph ?? parsed(source)?.serializedStepGraph);
  if (Array.isArray(graph)) {
    const def = (Array.isArray(source) ? {} : parsed(source)) as Json;
    const meta = parsed(def.metadata)?.[AGENTSPEC_METADATA_KEY];
    if (useMetadata && meta) return done(deserialize(meta as Json) as Flow);
    const input = parsed(def.inputSchema);
    const output = parsed(def.outputSchema);
    const id = String(def.id ?? def.name ?? 'workflow');
    const info = { id, name: String(def.name ?? id), ...(typeof def.description === 'string' ? { description: def.description } : {}), ...(input ? { input } : {}), ...(output ? { output } : {}) };
    return done(await importWorkflow(info, storedEntries(graph), options, warnings, tools));
  }
  throw new RuntimeError('AS_UNSUPPORTED', 'importMastra takes a Mastra Agent, a Mastra workflow, or a workflow\'s JSON graph');
}
