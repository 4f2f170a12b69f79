import type { Flow } from '@agentspec/core';
import { formatError } from '../format-error.js';
import { Warnings, type FormatImport } from '../format-warning.js';
import type { ReadLimits } from '../read-document.js';
import { buildFlow } from './build-flow.js';
import { readAgentsJson, type AgentsJson, type AjFlow } from './read-agents-json.js';
import { SourceDocuments } from './source-documents.js';
import { AGENTS_JSON_WARNING_CODES } from './warning-codes.js';

export interface AgentsJsonImportOptions {
  /** The folder relative source paths (and relative `$ref`s) start from: the agents.json file's. Default: the working directory. */
  readonly baseDir?: string;
  /** Local OpenAPI files to read instead of a source's path, by source id (`--source <id>=<file>`): how a source at a URL is imported. */
  readonly sources?: Readonly<Record<string, string>>;
  /** Base URLs to call instead of the OpenAPI documents' servers, by source id (`--server-url <id>=<url>`). */
  readonly serverUrls?: Readonly<Record<string, string>>;
  /** The flow to import (`--flow`); needed when the document has several. */
  readonly flow?: string;
  /** Read a local file (default: `fs.readFileSync` as UTF-8). */
  readonly readFile?: (path: string) => string;
  readonly limits?: ReadLimits;
}

/**
 * One flow of an agents.json document (text) as an Agent Spec Flow of
 * ApiNodes, each built from its operation in the source's OpenAPI 3
 * document — read from a local file, never fetched — with the overrides
 * applied; links are data edges. Every part without an equivalent is a
 * coded warning. Throws an AgentSpecError with a code of FORMAT_ERROR_CODES
 * for what it cannot import.
 */
export function importAgentsJson(text: string, options: AgentsJsonImportOptions = {}): FormatImport<Flow> {
  const doc = readAgentsJson(text, options.limits);
  return importFlow(doc, chooseFlow(doc, options.flow), options);
}

/** Every flow of an agents.json document, each as `importAgentsJson` imports it with `flow` set. */
export function importAgentsJsonFlows(text: string, options: Omit<AgentsJsonImportOptions, 'flow'> = {}): FormatImport<Flow>[] {
  const doc = readAgentsJson(text, options.limits);
  return doc.flows.map((flow) => importFlow(doc, flow, options));
}

function importFlow(doc: AgentsJson, flow: AjFlow, options: AgentsJsonImportOptions): FormatImport<Flow> {
  for (const option of ['sources', 'serverUrls'] as const) {
    for (const id of Object.keys(options[option] ?? {})) {
      if (!doc.sources.some((s) => s.id === id)) throw formatError('AS_IMPORT_INVALID', `the ${option} option names no source '${id}' (sources: ${doc.sources.map((s) => s.id).join(', ')})`);
    }
  }
  const warnings = new Warnings(AGENTS_JSON_WARNING_CODES);
  const access = { baseDir: options.baseDir ?? process.cwd(), ...(options.sources ? { sources: options.sources } : {}), ...(options.readFile ? { readFile: options.readFile } : {}), ...(options.limits ? { limits: options.limits } : {}) };
  const files = new Map<string, unknown>();
  const budget = { copied: 0 };
  const component = buildFlow(doc, flow, {
    sources: new SourceDocuments(doc.sources, access),
    serverUrls: options.serverUrls ?? {},
    warnings,
    refs: (nodeId, at) => ({
      access, files, budget,
      report: (code, ref) => warnings.add(code, `${at}${ref.startsWith('#') ? ref.slice(1) : ''}`, nodeId, code === 'AJ_REMOTE_REF'
        ? `the $ref '${ref}' is a URL and is not fetched: that schema is left open`
        : `the $ref '${ref}' refers to itself: the schema is cut there`),
    }),
  });
  return { component, warnings: warnings.list };
}

function chooseFlow(doc: AgentsJson, wanted: string | undefined): AjFlow {
  const ids = doc.flows.map((f) => f.id).join(', ');
  if (wanted !== undefined) {
    const flow = doc.flows.find((f) => f.id === wanted);
    if (!flow) throw formatError('AS_IMPORT_FLOW_CHOICE', `the document has no flow '${wanted}' (flows: ${ids || 'none'})`);
    return flow;
  }
  if (doc.flows.length === 1) return doc.flows[0]!;
  throw formatError('AS_IMPORT_FLOW_CHOICE', doc.flows.length === 0 ? 'the document has no flow' : `the document has ${doc.flows.length} flows (${ids}): choose one`, doc.flows.length === 0 ? undefined : 'pass the flow option (--flow <id>)');
}
