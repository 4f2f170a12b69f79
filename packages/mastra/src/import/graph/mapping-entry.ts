import { serverTool, toolNode, type Property } from '@agentspec/core';
import type { Cursor, Producer } from '../flow-builder.js';
import type { EntryOf, Json } from '../import-entry.js';
import { stepParams } from '../run-step.js';
import { optional } from '../schemas.js';
import { contextReads } from './context-reads.js';
import { joinArms } from './place.js';
import { inputDataOf, producedProperties, toolName, type Scope, type Wanted } from './scope.js';

const INIT = 'init.';
const STEP = 'step:';

type Compute = (args: Readonly<Record<string, unknown>>) => unknown;

/** A value at a dotted path (`.` or '' is the value itself). */
function at(value: unknown, path: string): unknown {
  if (path === '' || path === '.') return value;
  return path.split('.').reduce<unknown>((v, k) => (v !== null && typeof v === 'object' ? (v as Record<string, unknown>)[k] : undefined), value);
}

/** A producer's value, rebuilt from its outputs (inputs `<prefix><title>`). */
function valueOf(p: Producer, args: Readonly<Record<string, unknown>>, prefix: string): unknown {
  if (p.whole) return args[`${prefix}${p.whole}`];
  return Object.fromEntries(p.outputs.map((o) => [o.title, args[`${prefix}${o.title}`]]).filter(([, v]) => v !== undefined && v !== null));
}

/** The inputs and computation of one key of an object `.map({ key: … })`, or undefined with a warning when it cannot be carried over. */
function keyMapping(s: Scope, id: string, key: string, source: Json, previous: readonly Producer[], sources: { p: Producer; prefix: string }[]): Compute | undefined {
  const from = (p: Producer | undefined, path: string, what: string): Compute | undefined => {
    if (!p) {
      s.warnings.add('MA_MISSING_SOURCE', id, `'${key}' maps ${what}, which is not a step before it`);
      return undefined;
    }
    const prefix = `${key}<-`;
    sources.push({ p, prefix });
    return (args) => at(valueOf(p, args, prefix), path);
  };
  if ('value' in source) return () => source.value;
  if ('step' in source) {
    const steps = (Array.isArray(source.step) ? source.step : [source.step]) as { id?: string }[];
    const p = steps.map((st) => s.byStep.get(String(st?.id))).find(Boolean);
    return from(p, String(source.path ?? '.'), `step '${steps.map((st) => st?.id).join("' or '")}'`);
  }
  if ('initData' in source) return from(s.start, String(source.path ?? '.'), 'the workflow input');
  if (typeof source.fn === 'function') {
    const fn = source.fn as (p: unknown) => unknown;
    const only = previous.length === 1 ? previous[0] : undefined;
    if (!only) {
      s.warnings.add('MA_MAP', id, `'${key}' maps a function of the output of several steps: not carried over (the output is left unset)`);
      return undefined;
    }
    const prefix = `${key}<-`;
    sources.push({ p: only, prefix });
    return (args) => fn(stepParams(id, valueOf(only, args, prefix)));
  }
  s.warnings.add('MA_MAP', id, `'${key}' maps ${'requestContextPath' in source ? 'a request context path' : 'a template'}: not carried over (the output is left unset)`);
  return undefined;
}

/**
 * `getStepResult(step)` in a mapping function: the outputs of every step
 * before it (in this flow) become inputs `step:<id>.<output>` (absent when
 * the step did not run: a branch arm), rebuilt into that step's value.
 */
function stepResults(s: Scope, sources: { p: Producer; prefix: string }[]): (step: unknown, args: Readonly<Record<string, unknown>>) => unknown {
  const known = [...s.byStep.entries()];
  for (const [id, p] of known) sources.push({ p, prefix: `${STEP}${id}.` });
  const byId = new Map(known);
  return (step, args) => {
    const id = typeof step === 'string' ? step : (step as { id?: unknown } | null)?.id;
    const p = typeof id === 'string' ? byId.get(id) : undefined;
    if (!p) return undefined;
    const v = valueOf(p, args, `${STEP}${id as string}.`);
    return v === null ? undefined : v;
  };
}

/**
 * `.map()`: a ToolNode named after the mapping whose outputs are what the
 * next entry reads. A mapping function gets the previous outputs as
 * `inputData` (and the workflow input through `getInitData()`); an object
 * mapping is wired from the steps and the workflow input it names.
 */
export function mappingEntry(s: Scope, e: EntryOf<'mapping'>, cursor: Cursor, wanted: Wanted): Cursor {
  const c = joinArms(s, cursor, wanted?.props ?? []);
  const name = toolName(s, e.id);
  const sources: { p: Producer; prefix: string }[] = [];
  let compute: Compute | undefined;
  let outputs: Property[] = [...(wanted?.props ?? [])].map(({ default: _d, ...p }) => p as Property);
  if (e.fn) {
    const fn = e.fn;
    const reads = contextReads(fn);
    for (const p of c.producers) sources.push({ p, prefix: '' });
    if (reads.includes('getInitData')) sources.push({ p: s.start, prefix: INIT });
    const results = reads.includes('getStepResult') ? stepResults(s, sources) : undefined;
    const unsupported = reads.filter((r) => r !== 'getInitData' && r !== 'getStepResult');
    if (unsupported.length > 0) s.warnings.add('MA_CONDITION_CONTEXT', e.id, `the mapping reads ${unsupported.join(', ')}: its ServerTool sees undefined there`);
    const producers = c.producers;
    compute = (args) => fn({
      ...stepParams(e.id, inputDataOf(producers, args)), getInitData: () => valueOf(s.start, args, INIT),
      ...(results ? { getStepResult: (step: unknown) => results(step, args) } : {}),
    });
  } else if (e.config) {
    const keys = Object.entries(e.config).map(([key, source]) => [key, keyMapping(s, e.id, key, (source ?? {}) as Json, c.producers, sources)] as const);
    outputs = keys.filter(([, k]) => k).map(([key]) => outputs.find((o) => o.title === key) ?? ({ title: key } as Property));
    compute = (args) => Object.fromEntries(keys.filter(([, k]) => k).map(([key, k]) => [key, (k as Compute)(args)]));
  } else {
    s.warnings.add('MA_NO_IMPLEMENTATION', e.id, `the mapping is known only from its source${e.source ? ` (${e.source.slice(0, 60)})` : ''}: its ServerTool '${name}' needs an implementation in \`tools\``);
  }
  if (outputs.length === 0) s.warnings.add('MA_MISSING_SOURCE', e.id, 'nothing after the mapping says what it gives (no step schema follows it): its ToolNode has no outputs');
  const inputs: Property[] = [];
  const seen = new Set<string>();
  for (const { p, prefix } of sources) {
    for (const o of prefix === '' ? producedProperties([p]) : p.outputs) {
      const title = `${prefix}${o.title}`;
      if (!seen.has(title)) inputs.push((c.arms && !c.arms.all) || prefix.startsWith(STEP) ? optional({ ...o, title }) : { ...o, title });
      seen.add(title);
    }
  }
  const node = s.b.add(toolNode({
    id: s.b.id(e.id), name, inputs, outputs,
    tool: serverTool({ id: s.ids.take(`${name}_tool`), name, description: `the .map() '${e.id}'`, inputs, outputs }),
  }));
  if (compute) {
    const run = compute;
    s.tools[name] = async (args) => run(args);
  }
  s.warnings.add('MA_MAP', e.id, `.map(): a ToolNode whose ServerTool '${name}' runs the mapping, giving ${outputs.map((o) => o.title).join(', ') || 'nothing'}`);
  s.b.link(c, node);
  for (const { p, prefix } of sources) for (const o of p.outputs) s.b.wire(p.node, o.title, node, `${prefix}${o.title}`);
  return { tails: [{ node, branch: 'next' }], producers: [{ node, outputs, ...(wanted?.whole && outputs[0] ? { whole: outputs[0].title } : {}) }] };
}
