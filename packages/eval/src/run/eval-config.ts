import { readFileSync } from 'node:fs';
import { basename, extname, isAbsolute, resolve } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { ADAPTER_NAMES } from '@agentspec/adapters';
import { parseRulesText, RulesError } from '@agentspec/testing';
import { readDataset } from '../dataset/read-dataset.js';
import { EvalError } from '../errors.js';
import type { MetricConfig } from '../metrics/metric-registry.js';
import type { EvalPlan, PlanLlm, PlanSpec, PriceTable } from './eval-plan.js';

/** A spec or LLM config of a config file: a path, or `{ id, path }`. */
export type NamedPath = string | { readonly id?: string; readonly path: string };

/** An eval config (a YAML or JSON file, or the CLI's options): paths relative to `dir`. */
export interface EvalConfig {
  readonly name?: string;
  readonly dataset: string;
  /** The SQLite database of the dataset (overrides the dataset's own). */
  readonly database?: string;
  readonly specs: readonly NamedPath[];
  /** Runtime names, or `all`. */
  readonly runtimes?: readonly string[] | 'all';
  readonly llms?: readonly NamedPath[];
  readonly repeats?: number;
  readonly metrics?: readonly MetricConfig[];
  /** The metric whose pass is an item's pass. */
  readonly pass?: string;
  /** The output metrics compare. */
  readonly answer?: string;
  readonly offline?: boolean;
  readonly llmUrl?: string;
  readonly concurrency?: number;
  readonly timeoutMs?: number;
  readonly retries?: number;
  readonly retryOn?: readonly string[];
  readonly tools?: string;
  /** A price table, or the path of a YAML/JSON file holding one. */
  readonly prices?: PriceTable | string;
  readonly confirm?: 'approve' | 'reject';
  /** A scripted LLM rules file (the format of @agentspec/testing) used by every item after its own rules (offline runs). */
  readonly scripted?: string;
}

const KEYS = ['name', 'dataset', 'database', 'specs', 'spec', 'runtimes', 'llms', 'repeats', 'metrics', 'pass', 'answer', 'offline', 'llmUrl', 'concurrency', 'timeoutMs', 'retries', 'retryOn', 'tools', 'prices', 'confirm', 'scripted', 'description'];

const fail = (m: string): never => {
  throw new EvalError('AS_EVAL_CONFIG', m);
};

/** An eval config file (YAML or JSON), checked for unknown keys; `spec:` is accepted for one spec. */
export function readEvalConfig(path: string): EvalConfig {
  let raw: unknown;
  try {
    raw = parseYaml(readFileSync(path, 'utf8'));
  } catch (e) {
    return fail(`cannot read the eval config ${path}: ${(e as Error).message}`);
  }
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return fail(`${path} must hold an object (dataset, specs, runtimes, metrics, …)`);
  const o = raw as Record<string, unknown>;
  const unknown = Object.keys(o).filter((k) => !KEYS.includes(k));
  if (unknown.length > 0) fail(`${path}: unknown key${unknown.length > 1 ? 's' : ''} ${unknown.join(', ')} (known: ${KEYS.join(', ')})`);
  const { spec, ...rest } = o;
  if (spec !== undefined && o.specs !== undefined) fail(`${path}: give spec or specs, not both`);
  return { ...(spec !== undefined ? { specs: [spec] } : {}), ...rest } as unknown as EvalConfig;
}

/** Whether a file is an eval config (an object with `dataset`) rather than a dataset. */
export function isEvalConfigFile(path: string): boolean {
  if (!/\.(ya?ml|json)$/i.test(path)) return false;
  try {
    const raw = parseYaml(readFileSync(path, 'utf8')) as unknown;
    return typeof raw === 'object' && raw !== null && !Array.isArray(raw) && 'dataset' in raw && !('items' in raw);
  } catch {
    return false;
  }
}

const positive = (v: unknown, what: string, min = 1): number | undefined => {
  if (v === undefined) return undefined;
  if (typeof v !== 'number' || !Number.isInteger(v) || v < min) return fail(`${what} must be a whole number ≥ ${min}, not ${JSON.stringify(v)}`);
  return v;
};

/** The plan of a config: files read (specs, LLM configs, dataset, prices) relative to `dir`. */
export function planFromConfig(config: EvalConfig, dir: string): EvalPlan {
  const at = (p: string) => (isAbsolute(p) ? p : resolve(dir, p));
  const read = (p: string, what: string) => {
    try {
      return readFileSync(at(p), 'utf8');
    } catch (e) {
      return fail(`cannot read the ${what} ${p}: ${(e as Error).message}`);
    }
  };
  const named = (n: NamedPath, what: string): { id: string; path: string } => {
    if (typeof n === 'string') return { id: basename(n, extname(n)), path: n };
    if (typeof n !== 'object' || n === null || typeof n.path !== 'string') return fail(`a ${what} is a path or { id, path }, not ${JSON.stringify(n)}`);
    return { id: n.id ?? basename(n.path, extname(n.path)), path: n.path };
  };
  if (typeof config.dataset !== 'string') fail('dataset: the path of a .jsonl, .csv, .yaml or .json dataset is needed');
  if (!Array.isArray(config.specs) || config.specs.length === 0) fail('specs: at least one spec (a JSON or YAML Agent Spec document) is needed');
  const read0 = readDataset(at(config.dataset), config.database !== undefined ? { database: at(config.database) } : {});
  const dataset = config.scripted === undefined ? read0 : { ...read0, scripted: [...(read0.scripted ?? []), ...scriptedRules(read(config.scripted, 'scripted rules file'), config.scripted)] };
  const specs: PlanSpec[] = config.specs.map((s) => {
    const { id, path } = named(s, 'spec');
    return { id, path: at(path), text: read(path, 'spec') };
  });
  const llms: PlanLlm[] = config.llms && config.llms.length > 0 ? config.llms.map((l) => {
    const { id, path } = named(l, 'LLM config');
    return { id, text: read(path, 'LLM config') };
  }) : [{ id: 'spec' }];
  const runtimes = config.runtimes === undefined ? ['reference'] : config.runtimes === 'all' ? [...ADAPTER_NAMES] : config.runtimes;
  if (!Array.isArray(runtimes)) fail('runtimes: a list of runtime names, or all');
  const prices = typeof config.prices === 'string' ? (parseYaml(read(config.prices, 'price table')) as PriceTable) : config.prices;
  if (prices !== undefined) checkPrices(prices);
  if (config.confirm !== undefined && config.confirm !== 'approve' && config.confirm !== 'reject') fail(`confirm is approve or reject, not ${String(config.confirm)}`);
  const optional = {
    offline: config.offline === true ? true : undefined,
    llmUrl: config.llmUrl,
    answerOutput: config.answer,
    passMetric: config.pass,
    concurrency: positive(config.concurrency, 'concurrency'),
    timeoutMs: positive(config.timeoutMs, 'timeoutMs'),
    retries: positive(config.retries, 'retries', 0),
    retryOn: config.retryOn,
    toolsModule: config.tools === undefined ? undefined : at(config.tools),
    prices,
    confirm: config.confirm,
  };
  return {
    name: config.name ?? dataset.name,
    dataset,
    specs,
    runtimes,
    llms,
    repeats: positive(config.repeats, 'repeats') ?? 1,
    metrics: config.metrics ?? [],
    ...Object.fromEntries(Object.entries(optional).filter(([, v]) => v !== undefined)),
  };
}

function checkPrices(prices: unknown): void {
  if (typeof prices !== 'object' || prices === null) fail('prices: an object of { input, output } US dollars per million tokens, by model');
  for (const [model, p] of Object.entries(prices as Record<string, unknown>)) {
    const price = p as { input?: unknown; output?: unknown } | null;
    if (typeof price?.input !== 'number' || typeof price.output !== 'number') fail(`prices.${model}: { input, output } US dollars per million tokens`);
  }
}

/** The rules of a scripted rules file (its options other than the rules are not used). */
function scriptedRules(text: string, path: string) {
  try {
    return parseRulesText(text, path).rules;
  } catch (e) {
    if (e instanceof RulesError) return fail(`${path} is not a scripted LLM rules file: ${e.problems.join('; ')}`);
    throw e;
  }
}
