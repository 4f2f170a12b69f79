import { deserialize, type Component } from '@agentspec/core';
import { referenceRuntime, type Runtime, type RuntimeLoadOptions, type ToolRegistry } from '@agentspec/runtime';
import { describe, expect, it } from 'vitest';
import { compileMastra, mastraRuntime } from '../src/index.js';
import { caseSpec } from './fixtures.js';

type Entry = { type: string; id?: string; step?: Entry & { id: string }; steps?: Entry[]; serializedStepFlow?: Entry[] };

/** A compact picture of Mastra's serialized step graph: step ids, nested workflows (their entries when they end with `expand`), `.parallel`, `.branch`, `.foreach`. */
function outline(graph: readonly Entry[], expand = /^$/): unknown[] {
  return graph.map((e): unknown => {
    switch (e.type) {
      case 'step': return e.step?.id;
      case 'workflow': return expand.test(e.id ?? '') ? { [e.id as string]: outline(e.serializedStepFlow ?? [], expand) } : e.id;
      case 'parallel': return { parallel: (e.steps ?? []).map((s) => outline([s], expand)[0]) };
      case 'conditional': return { branch: (e.steps ?? []).map((s) => outline([s], expand)[0]) };
      case 'foreach': return { foreach: outline([e.step as Entry], expand)[0] };
      default: return e.type;
    }
  });
}

function graphOf(spec: Component, options = {}, expand?: RegExp): unknown[] {
  const c = compileMastra(spec, options);
  if (c.kind !== 'workflow') throw new Error('expected a workflow');
  return outline(c.workflow.serializedStepGraph as Entry[], expand);
}

const ref = (id: string) => ({ $component_ref: id });
const edge = (id: string, from: string, to: string, branch?: string) => ({ component_type: 'ControlFlowEdge', id, name: id, from_node: ref(from), to_node: ref(to), ...(branch ? { from_branch: branch } : {}) });

/** A flow of `nodes` (after a StartNode with `inputs`) in sequence, each node's `next` to the following one. */
function flow(id: string, inputs: unknown[], nodes: Record<string, unknown>[], extra: { edges?: unknown[]; components?: Record<string, unknown> } = {}) {
  const start = { component_type: 'StartNode', id: `${id}_start`, name: 'start', inputs };
  const all = [start, ...nodes];
  return {
    component_type: 'Flow', id, name: id, start_node: ref(start.id),
    nodes: [...all.map((n) => ref(n.id as string)), ...Object.keys(extra.components ?? {}).map(ref)],
    control_flow_connections: [...all.slice(1).map((n, i) => edge(`${id}_e${i}`, all[i]!.id as string, n.id as string)), ...(extra.edges ?? [])],
    data_flow_connections: null,
    $referenced_components: { ...Object.fromEntries(all.map((n) => [n.id, n])), ...(extra.components ?? {}) },
  };
}

const tool = (nodeId: string, name: string, inputs: unknown[], outputs: unknown[]) => ({
  component_type: 'ToolNode', id: nodeId, name: nodeId, tool: { component_type: 'ServerTool', id: `${nodeId}_${name}`, name, inputs, outputs },
});
const end = (id: string, outputs: unknown[], branch?: string) => ({ component_type: 'EndNode', id, name: id, outputs, ...(branch ? { branch_name: branch } : {}) });
const spec = (root: unknown): Component => deserialize(JSON.stringify({ ...(root as object), agentspec_version: '26.1.2' }));

/** A ParallelFlowNode of `n` subflows; subflow `i` calls `tools[i]` with `ms` and gives `out_<i>`. */
function parallelFlow(tools: readonly string[]): Component {
  const subflows = tools.map((t, i) => flow(`sub_${i}`, [{ title: 'ms', type: 'integer' }], [
    tool(`call_${i}`, t, [{ title: 'ms', type: 'integer' }], [{ title: `out_${i}`, type: 'integer' }]),
    end(`end_${i}`, [{ title: `out_${i}`, type: 'integer' }]),
  ]));
  const outputs = tools.map((_t, i) => ({ title: `out_${i}`, type: 'integer' }));
  return spec(flow('fan_out', [{ title: 'ms', type: 'integer' }], [
    { component_type: 'ParallelFlowNode', id: 'all', name: 'all of them', subflows },
    end('done', outputs),
  ]));
}

/** A probe tool: after `ms`, the most calls of it in flight at once so far; `calls` counts them. */
function probe() {
  let inFlight = 0;
  let peak = 0;
  const calls = { n: 0 };
  const fn = async ({ ms }: Record<string, unknown>) => {
    calls.n++;
    peak = Math.max(peak, ++inFlight);
    await new Promise((resolve) => setTimeout(resolve, Number(ms)));
    inFlight--;
    return peak;
  };
  return { fn, calls };
}

/** Runs `component` to its first status on a runtime (an error as `{ error: code, message }`). */
async function firstStatus(runtime: Runtime, component: Component, load: RuntimeLoadOptions, inputs: Record<string, unknown> = {}) {
  const app = await runtime.load(component, load);
  try {
    return await app.start({ inputs }).run().catch((e: { code?: string; message?: string }) => ({ error: e.code, message: e.message }));
  } finally {
    await app.close();
  }
}

describe('ParallelFlowNode on Mastra', () => {
  it('is a nested workflow: .parallel of one workflow per subflow (its :call, then the subflow), then :merge', () => {
    expect(graphOf(caseSpec('parallel/flow-node-merges-outputs'), { tools: { lookup_capital: () => 'x', square: () => 1 } }, /both(\[\d\])?$/)).toEqual([
      'start', 'both',
      { 'facts/both': [{ parallel: [{ 'facts/both[0]': ['both[0]:call', 'facts/both[0]/capital_flow'] }, { 'facts/both[1]': ['both[1]:call', 'facts/both[1]/square_flow'] }] }, 'both:merge'] },
      'end', '$finish',
    ]);
  });

  it('runs the subflows in batches of limits.parallelism, one .parallel after the other, with every output merged', async () => {
    const tools = ['probe', 'probe', 'probe'];
    expect(graphOf(parallelFlow(tools), { tools: { probe: () => 1 }, limits: { parallelism: 2 } }, /all$/)).toEqual([
      'fan_out_start', 'all',
      { 'fan_out/all': [{ parallel: ['fan_out/all[0]', 'fan_out/all[1]'] }, 'all:batch1', { parallel: ['fan_out/all[2]'] }, 'all:merge'] },
      'done', '$finish',
    ]);
    for (const parallelism of [1, 2, 16]) {
      const p = probe();
      const status = await firstStatus(mastraRuntime(), parallelFlow(tools), { tools: { probe: p.fn }, limits: { parallelism } }, { ms: 30 });
      const peak = Math.min(parallelism, tools.length);
      expect(status).toMatchObject({ type: 'finished', outputs: { out_0: expect.any(Number), out_1: expect.any(Number), out_2: expect.any(Number) }, branch: 'next' });
      expect(Math.max(...Object.values((status as { outputs: Record<string, number> }).outputs))).toBe(peak);
      expect(p.calls.n).toBe(3);
    }
  });

  it('fails with the first failed subflow in subflow order, after the others ended, as the reference runtime does', async () => {
    const started: string[] = [];
    const tools: ToolRegistry = {
      slow_fail: async ({ ms }) => {
        started.push('slow_fail');
        await new Promise((resolve) => setTimeout(resolve, Number(ms)));
        throw new Error('slow');
      },
      fast_fail: () => {
        started.push('fast_fail');
        throw new Error('fast');
      },
      ok: () => {
        started.push('ok');
        return 1;
      },
    };
    const component = parallelFlow(['slow_fail', 'fast_fail', 'ok']);
    const mastra = await firstStatus(mastraRuntime(), component, { tools }, { ms: 40 });
    expect(mastra).toMatchObject({ error: 'AS_TOOL_FAILED', message: expect.stringContaining("tool 'slow_fail' threw: slow") });
    expect([...started].sort()).toEqual(['fast_fail', 'ok', 'slow_fail']);
    started.length = 0;
    expect(await firstStatus(referenceRuntime(), component, { tools }, { ms: 40 })).toEqual(mastra);
  });

  it('waits for the user in one subflow while the others end, and goes on from there when resumed, as the reference runtime does', async () => {
    const sub = (id: string, nodes: Record<string, unknown>[], out: string) => flow(id, [{ title: 'ms', type: 'integer' }], [...nodes, end(`${id}_end`, [{ title: out, type: 'string', default: '-' }])]);
    const component = spec(flow('mixed', [{ title: 'ms', type: 'integer' }], [
      {
        component_type: 'ParallelFlowNode', id: 'both', name: 'both',
        subflows: [
          sub('asking', [ask('ask')], 'answer'),
          sub('working', [tool('work', 'work', [{ title: 'ms', type: 'integer' }], [{ title: 'result', type: 'string' }])], 'result'),
        ],
      },
      end('done', [{ title: 'answer', type: 'string' }, { title: 'result', type: 'string' }]),
    ]));
    const results: unknown[] = [];
    for (const runtime of [mastraRuntime(), referenceRuntime()]) {
      let calls = 0;
      const app = await runtime.load(component, { tools: { work: () => `work #${++calls}` } });
      const session = app.start({ inputs: { ms: 1 } });
      const first = await session.run();
      session.appendUserMessage('yes');
      const resumed = await app.resume(JSON.parse(JSON.stringify(await session.save())));
      results.push([first, await resumed.run(), calls]);
      await app.close();
    }
    expect(results[0]).toEqual([
      { type: 'user_input', messages: [{ role: 'assistant', content: 'Go on?', sender: 'ask' }] },
      { type: 'finished', outputs: { answer: '-', result: 'work #1' }, branch: 'next', messages: [{ role: 'assistant', content: 'Go on?', sender: 'ask' }, { role: 'user', content: 'yes' }] },
      1,
    ]);
    expect(results[1]).toEqual(results[0]);
  });
});

describe('ParallelMapNode on Mastra', () => {
  it('is a .foreach with limits.parallelism as its concurrency', () => {
    const c = compileMastra(caseSpec('parallel/map-node-concurrency-bound'), { tools: { concurrency_probe: () => 1 }, limits: { parallelism: 3 } });
    if (c.kind !== 'workflow') throw new Error('expected a workflow');
    const graph = c.workflow.serializedStepGraph as (Entry & { opts?: { concurrency?: number } })[];
    expect(outline(graph)).toEqual(['start', 'map', 'map:items', { foreach: expect.anything() }, 'map:collect', 'end', '$finish']);
    expect(graph.find((e) => e.type === 'foreach')?.opts?.concurrency).toBe(3);
  });

  it('catches the failure of one iteration in a CatchExceptionNode of its subflow; the others go on, as the reference runtime does', async () => {
    const tools: ToolRegistry = { check: ({ n }) => { if (Number(n) === 2) throw new Error('two'); return Number(n) * 10; } };
    const out = [{ title: 'value', type: 'integer', default: -1 }];
    const iteration = flow('iteration', [{ title: 'n', type: 'integer' }], [
      { component_type: 'CatchExceptionNode', id: 'guard', name: 'guard', subflow: flow('checked', [{ title: 'n', type: 'integer' }], [tool('call', 'check', [{ title: 'n', type: 'integer' }], [{ title: 'value', type: 'integer' }]), end('checked_end', out)]) },
      end('iteration_end', out),
    ], { edges: [edge('caught', 'guard', 'iteration_end', 'caught_exception_branch')] });
    const component = spec({
      ...flow('each', [{ title: 'iterated_n', type: 'array', items: { type: 'integer' } }], [
        { component_type: 'ParallelMapNode', id: 'map', name: 'map', subflow: iteration },
        end('done', [{ title: 'collected_value', type: 'array', items: { type: 'integer' } }]),
      ]),
    });
    const mastra = await firstStatus(mastraRuntime(), component, { tools }, { iterated_n: [1, 2, 3] });
    expect(mastra).toMatchObject({ type: 'finished', outputs: { collected_value: [10, -1, 30] } });
    expect(await firstStatus(referenceRuntime(), component, { tools }, { iterated_n: [1, 2, 3] })).toEqual(mastra);
  });

  it('runs 40 iterations 16 at a time without a MaxListenersExceededWarning (no listener per running iteration on a shared emitter)', async () => {
    const iteration = flow('iteration', [{ title: 'n', type: 'integer' }], [tool('call', 'twice', [{ title: 'n', type: 'integer' }], [{ title: 'value', type: 'integer' }]), end('iteration_end', [{ title: 'value', type: 'integer' }])]);
    const component = spec({
      ...flow('each', [{ title: 'iterated_n', type: 'array', items: { type: 'integer' } }], [
        { component_type: 'ParallelMapNode', id: 'map', name: 'map', subflow: iteration },
        end('done', [{ title: 'collected_value', type: 'array', items: { type: 'integer' } }]),
      ]),
    });
    let running = 0;
    let peak = 0;
    const tools: ToolRegistry = { twice: async ({ n }) => { peak = Math.max(peak, ++running); await new Promise((resolve) => setTimeout(resolve, 1)); running--; return Number(n) * 2; } };
    const warnings: Error[] = [];
    const onWarning = (w: Error) => { if (w.name === 'MaxListenersExceededWarning') warnings.push(w); };
    process.on('warning', onWarning);
    try {
      const n = Array.from({ length: 40 }, (_, i) => i);
      const status = await firstStatus(mastraRuntime(), component, { tools, limits: { parallelism: 16 } }, { iterated_n: n });
      await new Promise((resolve) => setImmediate(resolve)); // warnings are emitted on the next tick
      expect(status).toMatchObject({ type: 'finished', outputs: { collected_value: n.map((i) => i * 2) } });
      expect(peak).toBe(16);
      expect(warnings.map((w) => w.message)).toEqual([]);
    } finally {
      process.off('warning', onWarning);
    }
  });
});

/** A CatchExceptionNode around `subflow`, its branches to `done` (next) and `recovered` (caught_exception_branch). */
function guarded(subflow: Record<string, unknown>, outputs: unknown[]): Component {
  const withInfo = [...outputs, { title: 'caught_exception_info', anyOf: [{ type: 'string' }, { type: 'null' }] }];
  return spec(flow('outer', [{ title: 'text', type: 'string' }], [
    { component_type: 'CatchExceptionNode', id: 'guard', name: 'guard', subflow },
    end('done', withInfo),
  ], {
    edges: [edge('to_recovered', 'guard', 'recovered', 'caught_exception_branch')],
    components: { recovered: end('recovered', withInfo, 'recovered') },
  }));
}

const say = (id: string, message: string) => ({ component_type: 'OutputMessageNode', id, name: id, message });
const ask = (id: string) => ({ component_type: 'InputMessageNode', id, name: id, message: 'Go on?' });
const shout = [{ title: 'shout', type: 'string', default: '(nothing)' }];

describe('CatchExceptionNode on Mastra', () => {
  it('runs the subflow in a :try step; :return gives its outputs or the caught failure\'s, and .branch follows its exit branch', () => {
    expect(graphOf(caseSpec('exceptions/no-exception'), { tools: { to_upper: () => 'X' } })).toEqual([
      'start', 'guard', 'guard:call', 'guard:try', 'guard:return', { branch: ['recovered', 'done', 'guard->else'] }, '$finish',
    ]);
  });

  it('does not catch a suspension: the subflow waits for the user, then goes on; a failure after the resume is caught', async () => {
    const tools: ToolRegistry = { to_upper: ({ text }) => String(text).toUpperCase(), explode: () => { throw new Error('boom'); } };
    for (const [name, expected] of [['to_upper', { shout: 'HI', caught_exception_info: null }], ['explode', { shout: '(nothing)', caught_exception_info: expect.stringContaining("AS_TOOL_FAILED: tool 'explode' threw") }]] as const) {
      const component = guarded(flow('sub', [{ title: 'text', type: 'string' }], [ask('ask'), tool('call', name, [{ title: 'text', type: 'string' }], [{ title: 'shout', type: 'string' }]), end('sub_end', shout)]), shout);
      const app = await mastraRuntime().load(component, { tools });
      const session = app.start({ inputs: { text: 'hi' } });
      expect(await session.run()).toMatchObject({ type: 'user_input', messages: [{ role: 'assistant', content: 'Go on?' }] });
      session.appendUserMessage('yes');
      const saved = await session.save();
      const resumed = await app.resume(JSON.parse(JSON.stringify(saved)));
      const done = await resumed.run();
      expect(done).toMatchObject({ type: 'finished', outputs: expected, branch: name === 'explode' ? 'recovered' : 'next' });
      expect(done.messages.map((m) => m.content)).toEqual(['Go on?', 'yes']);
      await app.close();
    }
  });

  it('keeps a caught failure in the save: a session resumed in another app (its runs in the save) does not run the subflow again', async () => {
    const calls = { pay: 0, explode: 0 };
    const tools: ToolRegistry = {
      record_payment: ({ amount }) => `payment #${++calls.pay} of ${String(amount)}`,
      explode: () => { calls.explode++; throw new Error('the bank is down'); },
    };
    const component = caseSpec('exceptions/caught-not-repeated-after-resume');
    const first = await mastraRuntime({ storage: { kind: 'in-save' } }).load(component, { tools });
    const session = first.start({ inputs: { amount: 5 } });
    expect(await session.run()).toMatchObject({ type: 'user_input' });
    const saved = JSON.parse(JSON.stringify(await session.save()));
    await first.close();
    const other = await mastraRuntime({ storage: { kind: 'in-save' } }).load(component, { tools });
    const resumed = await other.resume(saved);
    resumed.appendUserMessage('yes');
    expect(await resumed.run()).toMatchObject({ type: 'finished', outputs: { receipt: 'payment #2 of 5' } });
    expect(calls).toEqual({ pay: 2, explode: 1 });
    await other.close();
  });

  it('does not catch a cancelled run', async () => {
    const controller = new AbortController();
    const tools: ToolRegistry = { stop: () => { controller.abort(); return 'stopped'; } };
    const component = guarded(flow('sub', [{ title: 'text', type: 'string' }], [
      tool('call', 'stop', [{ title: 'text', type: 'string' }], [{ title: 'shout', type: 'string' }]), say('after', 'after the stop'), end('sub_end', shout),
    ]), shout);
    expect(await firstStatus(mastraRuntime(), component, { tools, signal: controller.signal }, { text: 'hi' })).toMatchObject({ error: 'AS_CANCELLED' });
  });

  it('keeps the messages the subflow added before it failed, as the reference runtime does', async () => {
    const tools: ToolRegistry = { explode: () => { throw new Error('boom'); } };
    const component = guarded(flow('sub', [{ title: 'text', type: 'string' }], [
      say('hello', 'Trying {{text}}'), tool('call', 'explode', [{ title: 'text', type: 'string' }], [{ title: 'shout', type: 'string' }]), end('sub_end', shout),
    ]), shout);
    const mastra = await firstStatus(mastraRuntime(), component, { tools }, { text: 'hi' });
    expect(mastra).toMatchObject({ type: 'finished', branch: 'recovered', outputs: { shout: '(nothing)' }, messages: [{ role: 'assistant', content: 'Trying hi' }] });
    const reference = await firstStatus(referenceRuntime(), component, { tools }, { text: 'hi' });
    expect(mastra).toEqual(reference);
  });
});
