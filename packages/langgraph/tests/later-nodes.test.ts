/**
 * The nodes of later Agent Spec versions on compiled graphs, beyond what the
 * conformance cases check: what the graphs look like, and what their
 * checkpoints keep — finished iterations of a ParallelMapNode do not run
 * again when the thread resumes (after an interrupt, in another app on the
 * same SQLite file; after a failure), interrupts and cancelled runs are not
 * caught by a CatchExceptionNode, and the messages of a caught subflow stay.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Command, MemorySaver } from '@langchain/langgraph';
import { deserialize, laterComponent, type Flow, type Node } from '@agentspec/core';
import { referenceRuntime, type RunStatus, type SavedSession } from '@agentspec/runtime';
import { compileLangGraph, flowNodes, langgraphRuntime } from '../src/index.js';
import { caseSpec, type Invoked } from './fixtures/cases.js';
import { ASK_IN_MAP, GUARDED_QUESTION, GUARDED_TOOL } from './fixtures/later-nodes.js';
import { recorder } from './fixtures/recorder.js';

const dir = mkdtempSync(join(tmpdir(), 'agentspec-later-nodes-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('ParallelFlowNode and ParallelMapNode compile to fan-outs', () => {
  it('a branch per subflow in one step, a join waiting for them; the graph bounds the tasks of a step by limits.parallelism', async () => {
    const { graph, builder } = compileLangGraph(caseSpec('parallel/flow-node-merges-outputs'), {
      tools: { lookup_capital: () => 'Tokyo', square: ({ x }: Record<string, unknown>) => Number(x) ** 2 },
      limits: { parallelism: 3 },
    });
    expect(Object.keys(builder.nodes)).toEqual(['start', 'capital and square', 'capital and square (capital)', 'capital and square (square)', 'capital and square (merge)', 'end (end)']);
    expect([...builder.edges]).toEqual(expect.arrayContaining([['capital and square', 'capital and square (capital)'], ['capital and square', 'capital and square (square)'], ['capital and square (merge)', 'end (end)']]));
    expect([...builder.waitingEdges]).toEqual([[['capital and square (capital)', 'capital and square (square)'], 'capital and square (merge)']]);
    expect(builder.nodes['capital and square (square)']?.subgraphs).toHaveLength(1);
    expect(graph.config).toMatchObject({ maxConcurrency: 3 });
    expect(await graph.invoke({ country: 'Japan', x: 7 })).toMatchObject({ capital: 'Tokyo', squared: 49, agentspec_branch: 'next' });
  });

  it('a Send per iteration from a conditional edge; results in input order', async () => {
    const { calls, tools } = recorder();
    const { graph, builder, warnings } = compileLangGraph(deserialize(ASK_IN_MAP), { tools });
    expect(builder.branches['each item']?.condition?.ends).toEqual({ 'each item (each)': 'each item (each)', 'each item (collect)': 'each item (collect)' });
    expect(warnings.filter((w) => w.component === 'map')).toEqual([]);
    expect(graph.config).toMatchObject({ maxConcurrency: 16 });
    expect(await graph.invoke({ iterated_item: ['c', 'a', 'b'] })).toMatchObject({ collected_value: ['C', 'A', 'B'] });
    expect(await graph.invoke({ iterated_item: [] })).toMatchObject({ collected_value: [] });
    expect(calls.sort()).toEqual(['a', 'b', 'c']);
  });
});

describe('checkpoints of a ParallelMapNode', () => {
  it('resumes the iteration that waits for the user; the finished ones do not run again', async () => {
    const { calls, tools } = recorder();
    const { graph } = compileLangGraph(deserialize(ASK_IN_MAP), { tools, checkpointer: new MemorySaver() });
    const config = { configurable: { thread_id: 'map' } };
    const paused = (await graph.invoke({ iterated_item: ['a', 'ask', 'b', 'c'] }, config)) as Invoked;
    expect(paused.__interrupt__).toHaveLength(1);
    expect(paused.__interrupt__?.[0]?.value).toMatchObject({ type: 'user_input', component: 'ask', messages: [{ role: 'assistant', content: 'Value for ask?' }] });
    expect([...calls].sort()).toEqual(['a', 'b', 'c']);
    const done = (await graph.invoke(new Command({ resume: { [paused.__interrupt__?.[0]?.id as string]: ['x'] } }), config)) as Invoked;
    expect(done).toMatchObject({ collected_value: ['A', 'x', 'B', 'C'] });
    expect(done.messages.map((m) => m.content)).toEqual(['Value for ask?', 'x']);
    expect(calls).toHaveLength(3);
  });

  it('waits for one iteration after the other when several ask the user, in input order, and ends as the reference runtime does', async () => {
    const finished: RunStatus[] = [];
    // run() and stream() (the graph's stream, where the engine reads which interrupts the run stopped on)
    for (const [runtime, streamed] of [[referenceRuntime(), false], [langgraphRuntime(), false], [langgraphRuntime(), true]] as const) {
      const { calls, tools } = recorder();
      const app = await runtime.load(deserialize(ASK_IN_MAP), { tools });
      const session = app.start({ inputs: { iterated_item: ['ask', 'a', 'ask again'] } });
      const run = async (): Promise<RunStatus> => {
        if (!streamed) return session.run();
        let status: RunStatus | undefined;
        for await (const e of session.stream()) if (e.type === 'RunStatus') status = e.status;
        return status as RunStatus;
      };
      // each pause shows the conversation as its iteration sees it (on the reference runtime, the others' messages too)
      const said = async () => (await run()).messages.filter((m) => m.role === 'assistant').map((m) => m.content);
      expect(await said()).toContain('Value for ask?');
      session.appendUserMessage('x');
      expect((await said()).at(-1)).toBe('Value for ask again?');
      session.appendUserMessage('y');
      finished.push(await run());
      expect(calls).toEqual(['a']);
      await app.close();
    }
    expect(finished[1]).toEqual(finished[0]);
    expect(finished[2]).toEqual(finished[0]);
    expect(finished[1]).toMatchObject({ type: 'finished', outputs: { collected_value: ['x', 'A', 'y'] } });
  });

  it('goes on in another app on the same SQLite file, from the save', async () => {
    const { calls, tools } = recorder();
    const path = join(dir, 'map.sqlite');
    const first = await langgraphRuntime().load(deserialize(ASK_IN_MAP), { tools, checkpointer: { kind: 'sqlite', path } });
    const session = first.start({ inputs: { iterated_item: ['a', 'ask', 'b'] } });
    expect(await session.run()).toMatchObject({ type: 'user_input', messages: [{ role: 'assistant', content: 'Value for ask?', sender: 'ask' }] });
    const saved = JSON.parse(JSON.stringify(await session.save())) as SavedSession;
    await first.close();

    const second = await langgraphRuntime().load(deserialize(ASK_IN_MAP), { tools, checkpointer: { kind: 'sqlite', path } });
    const resumed = await second.resume(saved);
    resumed.appendUserMessage('x');
    expect(await resumed.run()).toMatchObject({
      type: 'finished',
      outputs: { collected_value: ['A', 'x', 'B'] },
      messages: [{ role: 'assistant', content: 'Value for ask?' }, { role: 'user', content: 'x' }],
    });
    expect([...calls].sort()).toEqual(['a', 'b']);
    await second.close();
  });

  it('after a failed iteration, the next run runs it again, and only it', async () => {
    const { calls, tools } = recorder(1);
    const app = await langgraphRuntime().load(deserialize(ASK_IN_MAP), { tools });
    const session = app.start({ inputs: { iterated_item: ['a', 'boom', 'b'] } });
    await expect(session.run()).rejects.toMatchObject({ code: 'AS_TOOL_FAILED', message: expect.stringContaining('the recorder is jammed') });
    expect(await session.run()).toMatchObject({ type: 'finished', outputs: { collected_value: ['A', 'BOOM', 'B'] } });
    expect([...calls].sort()).toEqual(['a', 'b', 'boom', 'boom']);
    await app.close();
  });
});

describe('a failing task of a fan-out', () => {
  it('lets the running ones finish, and fails with the first failure in task order, whatever the timing', async () => {
    const finished: string[] = [];
    const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));
    const record = async ({ item }: Record<string, unknown>) => {
      const [what, ms] = String(item).split(':');
      await wait(Number(ms));
      if (what!.startsWith('fail')) throw new Error(`${what} failed`);
      finished.push(what!);
      return what!.toUpperCase();
    };
    const app = await langgraphRuntime().load(deserialize(ASK_IN_MAP), { tools: { record } });
    // the first task fails last; the third fails first; the second finishes in between
    const session = app.start({ inputs: { iterated_item: ['fail-first:60', 'ok:30', 'fail-second:1'] } });
    await expect(session.run()).rejects.toMatchObject({ code: 'AS_TOOL_FAILED', message: expect.stringContaining('fail-first failed') });
    expect(finished).toEqual(['ok']);
    const reference = referenceRuntime().load(deserialize(ASK_IN_MAP), { tools: { record } });
    await expect((await reference).start({ inputs: { iterated_item: ['fail-first:60', 'ok:30', 'fail-second:1'] } }).run()).rejects.toMatchObject({ code: 'AS_TOOL_FAILED', message: expect.stringContaining('fail-first failed') });
    await app.close();
  });

  it('starts no task once one failed: with one task at a time, the tasks after it never run', async () => {
    const { calls, tools } = recorder(5);
    const app = await langgraphRuntime().load(deserialize(ASK_IN_MAP), { tools, limits: { parallelism: 1 } });
    await expect(app.start({ inputs: { iterated_item: ['a', 'boom', 'b', 'c'] } }).run()).rejects.toMatchObject({ code: 'AS_TOOL_FAILED' });
    expect(calls).toEqual(['a', 'boom']);
    await app.close();
  });
});

describe('CatchExceptionNode', () => {
  it('does not catch an interrupt: the subflow waits for the user, and goes on when resumed', async () => {
    const app = await langgraphRuntime().load(deserialize(GUARDED_QUESTION));
    const session = app.start({ inputs: { x: 'tea' } });
    expect(await session.run()).toMatchObject({ type: 'user_input', messages: [{ content: 'Say something about tea' }] });
    session.appendUserMessage('hot');
    expect(await session.run()).toMatchObject({ type: 'finished', outputs: { out: 'hot', caught_exception_info: null }, branch: 'next' });
    await app.close();
  });

  it('does not catch a cancelled run: nothing is recorded, the node runs again', async () => {
    let started!: () => void;
    const waiting = new Promise<void>((resolve) => (started = resolve));
    let release!: (v: string) => void;
    const tools = { wait_then: () => { started(); return new Promise<string>((resolve) => (release = resolve)); } };
    const { graph } = compileLangGraph(deserialize(GUARDED_TOOL), { tools, checkpointer: new MemorySaver() });
    const controller = new AbortController();
    const config = { configurable: { thread_id: 'cancel' } };
    const run = graph.invoke({ x: 'tea' }, { ...config, signal: controller.signal });
    await waiting;
    controller.abort();
    await expect(run).rejects.toThrow();
    release('late');
    const state = await graph.getState(config);
    expect(state.next).toEqual(['guard']);
    expect(state.values).not.toHaveProperty('agentspec_branch', 'caught_exception_branch');
  });

  it('catches a failure of its subflow, but not one of a run whose signal was aborted meanwhile (the node step itself)', async () => {
    const flow = deserialize(GUARDED_TOOL) as Flow;
    const guard = flow.nodes.find((n) => n.id === 'guard') as Node;
    const controller = new AbortController();
    let cancelling = false;
    // the run is cancelled while the tool runs; what the subflow fails with is not the cancellation's own error
    const tools = { wait_then: () => { if (cancelling) controller.abort(); throw new Error('no tea left'); } };
    const subgraph = compileLangGraph(laterComponent(guard, 'CatchExceptionNode')!.subflow, { tools }).graph;
    const step = flowNodes.step(flow, guard, flowNodes.context({ tools }), subgraph);
    const state = { agentspec_values: { x: 'tea' }, messages: [] };
    expect(await step(state, {})).toMatchObject({ agentspec_branch: 'caught_exception_branch', agentspec_values: { caught_exception_info: expect.stringContaining('no tea left') } });
    cancelling = true;
    await expect(step(state, { signal: controller.signal })).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('keeps what the subflow said before it failed, as the reference runtime does', async () => {
    const tools = { wait_then: () => { throw new Error('no tea left'); } };
    const statuses: RunStatus[] = [];
    for (const runtime of [referenceRuntime(), langgraphRuntime()]) {
      const app = await runtime.load(deserialize(GUARDED_TOOL), { tools });
      statuses.push(await app.start({ inputs: { x: 'tea' } }).run());
      await app.close();
    }
    expect(statuses[1]).toEqual(statuses[0]);
    expect(statuses[1]).toMatchObject({
      type: 'finished',
      branch: 'recovered',
      outputs: { out: '(none)', caught_exception_info: expect.stringMatching(/^AS_TOOL_FAILED: tool 'wait_then' threw: no tea left/) },
      messages: [{ role: 'assistant', content: 'Trying tea' }],
    });
  });
});
