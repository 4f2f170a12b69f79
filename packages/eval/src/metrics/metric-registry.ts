import { isAbsolute, resolve } from 'node:path';
import { readFileSync } from 'node:fs';
import { deserialize, type LlmConfig } from '@agentspec/core';
import { startScriptedLlm, type ScriptedLlm } from '@agentspec/testing';
import { EvalError } from '../errors.js';
import { rules } from '../dataset/check-item.js';
import { exactMatchMetric } from './exact-match.js';
import { f1Metric } from './f1.js';
import { jsonFieldsMetric } from './json-fields.js';
import { llmJudgeMetric } from './llm-judge.js';
import { defineMetric, type Metric, type MetricInput, type MetricResult } from './metric.js';
import { numericMetric } from './numeric.js';
import { regexMetric } from './regex.js';
import { sqlExecutionMetric } from './sql-execution.js';
import { trajectoryMetric } from './trajectory.js';

/** A metric as an eval config names it: a name, or `{ metric: name, ...options }`. */
export type MetricConfig = string | ({ readonly metric: string } & Readonly<Record<string, unknown>>);

/** What building metrics from configs needs from its host. */
export interface MetricContext {
  /** The folder relative paths (modules, LLM config files, databases) are resolved against. */
  readonly dir: string;
  /** Imports a user module (the CLI's loader takes TypeScript); default: `import()`. */
  readonly loadModule?: (path: string) => Promise<Record<string, unknown>>;
}

type Options = Readonly<Record<string, unknown>>;
type Factory = (options: Options, context: MetricContext) => Metric | Promise<Metric>;

const num = (o: Options, key: string): number | undefined => {
  const v = o[key];
  if (v === undefined) return undefined;
  if (typeof v !== 'number' || !Number.isFinite(v)) throw new EvalError('AS_EVAL_METRIC', `metric option ${key} must be a number, not ${JSON.stringify(v)}`);
  return v;
};
const str = (o: Options, key: string): string | undefined => {
  const v = o[key];
  if (v === undefined) return undefined;
  if (typeof v !== 'string') throw new EvalError('AS_EVAL_METRIC', `metric option ${key} must be a text, not ${JSON.stringify(v)}`);
  return v;
};
const named = (o: Options) => (typeof o.name === 'string' ? { name: o.name } : {});
const defined = <T extends object>(o: T): T => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;
const pathIn = (context: MetricContext, p: string) => (isAbsolute(p) ? p : resolve(context.dir, p));

/** The metrics an eval config names, with their options (documented in the README). */
export const METRIC_FACTORIES: Readonly<Record<string, { readonly options: readonly string[]; readonly make: Factory }>> = {
  exact: { options: ['normalize'], make: (o) => exactMatchMetric(defined({ normalize: o.normalize === true, ...named(o) })) },
  f1: { options: ['threshold'], make: (o) => f1Metric(defined({ threshold: num(o, 'threshold'), ...named(o) })) },
  numeric: { options: ['tolerance', 'relative'], make: (o) => numericMetric(defined({ tolerance: num(o, 'tolerance'), relative: num(o, 'relative'), ...named(o) })) },
  json_fields: {
    options: ['fields'],
    make: (o) => {
      if (o.fields !== undefined && !(Array.isArray(o.fields) && o.fields.every((f) => typeof f === 'string'))) throw new EvalError('AS_EVAL_METRIC', 'json_fields: fields must be a list of dotted paths');
      return jsonFieldsMetric(defined({ fields: o.fields as string[] | undefined, ...named(o) }));
    },
  },
  regex: { options: ['pattern', 'flags'], make: (o) => regexMetric(defined({ pattern: str(o, 'pattern'), flags: str(o, 'flags'), ...named(o) })) },
  sql_execution: {
    options: ['database', 'compare', 'maxRows'],
    make: (o, c) => {
      const compare = str(o, 'compare');
      if (compare !== undefined && !['set', 'multiset', 'ordered'].includes(compare)) throw new EvalError('AS_EVAL_METRIC', `sql_execution: compare is set, multiset or ordered, not ${compare}`);
      const database = str(o, 'database');
      return sqlExecutionMetric(defined({ database: database && pathIn(c, database), compare: compare as 'set' | undefined, maxRows: num(o, 'maxRows'), ...named(o) }));
    },
  },
  trajectory: {
    options: ['order', 'allowExtra', 'args'],
    make: (o) => {
      const order = str(o, 'order') ?? 'ordered';
      const args = str(o, 'args') ?? 'subset';
      if (!['ordered', 'unordered'].includes(order)) throw new EvalError('AS_EVAL_METRIC', `trajectory: order is ordered or unordered, not ${order}`);
      if (!['subset', 'exact', 'ignore'].includes(args)) throw new EvalError('AS_EVAL_METRIC', `trajectory: args is subset, exact or ignore, not ${args}`);
      return trajectoryMetric({ order: order as 'ordered', args: args as 'subset', allowExtra: o.allowExtra === true, ...named(o) });
    },
  },
  llm_judge: { options: ['llm', 'rubric', 'threshold', 'url', 'scripted'], make: judge },
  module: { options: ['module', 'export', 'threshold'], make: moduleMetric },
};

export const METRIC_NAMES: readonly string[] = Object.keys(METRIC_FACTORIES);

/** A metric from its config; unknown names and options are AS_EVAL_METRIC naming the known ones. */
export async function metricFromConfig(config: MetricConfig, context: MetricContext): Promise<Metric> {
  const { metric: kind, ...options } = typeof config === 'string' ? { metric: config } : config;
  const entry = Object.hasOwn(METRIC_FACTORIES, kind) ? METRIC_FACTORIES[kind] : undefined;
  if (!entry) throw new EvalError('AS_EVAL_METRIC', `unknown metric '${kind}' (known: ${METRIC_NAMES.join(', ')})`);
  const extra = Object.keys(options).filter((k) => k !== 'name' && !entry.options.includes(k));
  if (extra.length > 0) throw new EvalError('AS_EVAL_METRIC', `metric ${kind}: unknown option${extra.length > 1 ? 's' : ''} ${extra.join(', ')} (known: name${entry.options.map((o) => `, ${o}`).join('')})`);
  return entry.make(options, context);
}

/** `llm_judge`: `llm` an LLM config (a document's path, or inline), `rubric`; `url` an endpoint, or `scripted` rules answered by a scripted server (offline). */
async function judge(o: Options, c: MetricContext): Promise<Metric> {
  const rubric = str(o, 'rubric');
  if (rubric === undefined || o.llm === undefined) throw new EvalError('AS_EVAL_METRIC', 'llm_judge needs llm (an LLM config: a file or inline) and rubric');
  const llm = llmConfigOf(o.llm, c);
  const url = str(o, 'url');
  const fail = (m: string): never => {
    throw new EvalError('AS_EVAL_METRIC', `llm_judge: ${m}`);
  };
  const scripted = o.scripted === undefined ? undefined : rules(o.scripted, 'scripted', fail);
  let server: Promise<ScriptedLlm> | undefined;
  let inner: Metric | undefined;
  const threshold = num(o, 'threshold');
  const make = async () => {
    if (scripted) server ??= startScriptedLlm(scripted);
    const override = scripted ? { url: (await server!).url, apiKey: 'offline' } : url ? { url } : undefined;
    return llmJudgeMetric(defined({ llm, rubric, threshold, llmOptions: override ? { override } : {}, ...named(o) }));
  };
  return {
    name: typeof o.name === 'string' ? o.name : 'llm_judge',
    async score(input) {
      inner ??= await make();
      return inner.score(input);
    },
    async close() {
      if (server) await (await server).close();
    },
  };
}

/** An LLM config from a document path (JSON/YAML) or an inline component. */
export function llmConfigOf(value: unknown, c: MetricContext): LlmConfig {
  try {
    const component = typeof value === 'string' ? deserialize(readFileSync(pathIn(c, value), 'utf8')) : deserialize(JSON.stringify(value));
    if (!/LlmConfig$|Config$/.test(component.component_type)) throw new Error(`a ${component.component_type} is not an LLM config`);
    return component as LlmConfig;
  } catch (e) {
    throw new EvalError('AS_EVAL_METRIC', `llm_judge: llm is not an LLM config: ${(e as Error).message}`);
  }
}

/**
 * `module`: a user-defined metric, the export `export` (default `default`)
 * of `module`: a Metric object (`{ name, score }`), or a function of a
 * MetricInput returning a MetricResult, a score (pass: ≥ `threshold`,
 * default 1) or a boolean; its name is the config's `name`, else the export's.
 */
async function moduleMetric(o: Options, c: MetricContext): Promise<Metric> {
  const path = str(o, 'module');
  if (path === undefined) throw new EvalError('AS_EVAL_METRIC', 'module needs module: the path of a .ts or .js module');
  const exportName = str(o, 'export') ?? 'default';
  const full = pathIn(c, path);
  let mod: Record<string, unknown>;
  try {
    mod = c.loadModule ? await c.loadModule(full) : ((await import(full)) as Record<string, unknown>);
  } catch (e) {
    throw new EvalError('AS_EVAL_METRIC', `cannot load the metric module ${path}: ${(e as Error).message}`);
  }
  const value = mod[exportName];
  const name = typeof o.name === 'string' ? o.name : exportName === 'default' ? path.replace(/^.*[\\/]/, '').replace(/\.[^.]*$/, '') : exportName;
  if (typeof value === 'function') return defineMetric(name, value as (i: MetricInput) => MetricResult, defined({ threshold: num(o, 'threshold') }));
  if (typeof value === 'object' && value !== null && typeof (value as Metric).score === 'function') {
    const m = value as Metric;
    return typeof o.name === 'string' ? { ...m, name, score: m.score.bind(m) } : m;
  }
  throw new EvalError('AS_EVAL_METRIC', `${path} has no metric export '${exportName}' (a function or { name, score })`);
}
