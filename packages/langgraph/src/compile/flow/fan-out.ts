/**
 * ParallelFlowNode and ParallelMapNode as LangGraph runs work in parallel:
 * tasks of one step. The Agent Spec node's own graph node resolves its
 * inputs and computes the tasks (each subflow's inputs; each iteration's),
 * kept in the state key `agentspec_parallel`; the next step runs them — a
 * graph node per subflow (static edges: branches of one step), or one graph
 * node run by a `Send` per iteration (the map-reduce of LangGraph) — each
 * invoking its subflow's graph and writing its result there; a join node
 * (waiting for all of them) gives the node's outputs, from the results in
 * task order, and the node's control edges leave from it.
 *
 * A task that fails does not fail its step at once (LangGraph would abort
 * the step's other tasks): the tasks of a step are `SettlingTasks` of the
 * runtime — the running ones finish, no new one starts, and then the first
 * failure in task order fails the step (`runBounded`'s rule, DESIGN §4.2),
 * the same error whatever the timing, and the finished tasks' writes kept.
 *
 * At most limits.parallelism tasks of a step run their subflow at once (the
 * others wait for a lane: LangGraph's own `maxConcurrency`, which the graph
 * binds to it too, stops running a step's tasks after the first when it is
 * 1). LangGraph keeps each finished task's writes in the
 * checkpoint (a task that finished does not run again when the thread
 * resumes, after an interrupt, a failure or a crash), and resumes an
 * interrupted task's subgraph where it stopped.
 *
 * Where that durability has nothing to keep — a ParallelMapNode whose
 * subflow runs in process, in a run without a checkpointer (FanOut.inOneTask)
 * — the node's own graph node runs the iterations itself, with `runBounded`
 * (the same rule), and gives the node's outputs: no Send, no task per
 * iteration; the join finds no run in the state and writes nothing. The
 * graph is the same (`getGraph`), and so are the outputs, the messages and
 * the trace.
 */
import { isGraphBubbleUp, Send, type LangGraphRunnableConfig } from '@langchain/langgraph';
import type { BaseMessage } from '@langchain/core/messages';
import { laterComponent, type Flow, type Node } from '@agentspec/core';
import { RuntimeError, runBounded, SettlingTasks } from '@agentspec/runtime';
import { CHANNELS } from '../../constants.js';
import { emit, emitException, eventsOn, taskSpanId } from '../events.js';
import type { GraphBuilder, GraphState, GraphUpdate, NodeFn } from '../graph-types.js';
import { partName } from '../node-names.js';
import { flowSpanId, NodeStep } from './node-action.js';
import type { FlowData } from './flow-data.js';
import type { Transitions } from './flow-edges.js';
import type { FanOut } from './node-handler.js';
import { invokeSubgraph } from './nodes/sub-graphs.js';

/** One task's result: the outputs of its subflow, and the messages it added to the conversation. */
export interface TaskResult {
  readonly outputs: Record<string, unknown>;
  readonly added: readonly BaseMessage[];
}

/** A run of a fan-out node in progress: its tasks' inputs, its span, the results so far (by task index). */
export interface FanOutRun {
  readonly tasks: readonly Record<string, unknown>[];
  readonly span?: string;
  readonly results: Readonly<Record<string, TaskResult>>;
}

/** A write to `agentspec_parallel`, by node id: a run starts, a task finished, the run is over (null). */
export type FanOutWrite = { readonly start: { readonly tasks: readonly Record<string, unknown>[]; readonly span?: string } } | { readonly result: TaskResult & { readonly index: number } } | null;

/**
 * The fan-outs' tasks by LangGraph step (`SettlingTasks` of the runtime, by
 * node id): the tasks of one step share the step's abort signal, and a next
 * run of the thread has another.
 */
const stepTasks = new WeakMap<AbortSignal, Map<string, SettlingTasks>>();

function tasksOf(signal: AbortSignal | undefined, node: string, width: number): SettlingTasks | undefined {
  if (!signal) return undefined;
  const byNode = stepTasks.get(signal) ?? stepTasks.set(signal, new Map()).get(signal)!;
  return byNode.get(node) ?? byNode.set(node, new SettlingTasks(width, node)).get(node)!;
}

/** The reducer of `agentspec_parallel`. */
export function mergeFanOut(current: Readonly<Record<string, FanOutRun>>, writes: Readonly<Record<string, FanOutWrite>>): Record<string, FanOutRun> {
  const out: Record<string, FanOutRun> = { ...current };
  for (const [id, w] of Object.entries(writes)) {
    if (w === null) delete out[id];
    else if ('start' in w) out[id] = { ...w.start, results: {} };
    else {
      const run = out[id];
      const { index, ...result } = w.result;
      if (run) out[id] = { ...run, results: { ...run.results, [index]: result } };
    }
  }
  return out;
}

/** What a `Send` gives the graph node running one iteration. */
interface SendPayload {
  readonly index: number;
  readonly inputs: Record<string, unknown>;
  readonly messages: readonly BaseMessage[];
  readonly span?: string;
}

/** The graph node names of a fan-out: the node's own, one per task node (one for Sends), the join. */
export interface FanOutNames {
  readonly node: string;
  readonly tasks: readonly string[];
  readonly join: string;
}

/** Names for the task nodes and the join of the fan-out of graph node `node` (each one taken from `taken`). */
export function fanOutPartNames(node: string, fanOut: Pick<FanOut, 'kind' | 'subflows'>, taken: Set<string>): FanOutNames {
  const tasks = fanOut.kind === 'sends' ? [partName(`${node} (each)`, taken)] : fanOut.subflows.map((f) => partName(`${node} (${f.name})`, taken));
  return { node, tasks, join: partName(`${node} (${fanOut.kind === 'sends' ? 'collect' : 'merge'})`, taken) };
}

/** The kind and subflows of a node compiled to a fan-out (undefined: any other node). */
export function fanOutShape(node: Node): Pick<FanOut, 'kind' | 'subflows'> | undefined {
  const parallelFlow = laterComponent(node, 'ParallelFlowNode');
  if (parallelFlow) return { kind: 'branches', subflows: parallelFlow.subflows ?? [] };
  const parallelMap = laterComponent(node, 'ParallelMapNode');
  return parallelMap ? { kind: 'sends', subflows: [parallelMap.subflow] } : undefined;
}

/** Whether a flow has a node compiled to a fan-out (its graph then bounds the tasks of a step). */
export function hasFanOut(flow: Flow): boolean {
  return flow.nodes.some((n) => fanOutShape(n) !== undefined);
}

function runOf(state: GraphState, node: Node): FanOutRun | undefined {
  return (state[CHANNELS.parallel] as Record<string, FanOutRun> | undefined)?.[node.id];
}

function write(node: Node, w: FanOutWrite): GraphUpdate {
  return { [CHANNELS.parallel]: { [node.id]: w } };
}

/** The bodies (and the Send path function) of the graph nodes of one fan-out; also the steps of emitted flows. */
export class FanOutSteps {
  /** The node's inputs and its update once finished (node-action.ts). */
  private readonly step: NodeStep;

  constructor(
    readonly flow: Flow,
    readonly node: Node,
    readonly fanOut: FanOut,
    data: FlowData,
    transitions: Transitions,
    readonly names: FanOutNames,
    /** How many tasks run their subflow at once at most: limits.parallelism. */
    private readonly width: number,
  ) {
    this.step = new NodeStep(flow, node, data, transitions);
  }

  /**
   * The node's own graph node: its inputs, its span opened, its tasks kept in
   * the state — or, when they run in this task (FanOut.inOneTask), run, and
   * the node's outputs given.
   */
  readonly start: NodeFn = async (state, config) => {
    const { node } = this;
    const inputs = this.step.inputs(state);
    const span = eventsOn(config) ? taskSpanId(config, 'NodeExecutionStart') : undefined;
    if (span) emit(config, 'NodeExecutionStart', span, node.name, { node: node.id, component_type: node.component_type, inputs }, flowSpanId(config));
    let tasks: Record<string, unknown>[];
    try {
      tasks = this.fanOut.tasks(inputs);
    } catch (e) {
      if (span) emitException(config, span, node.name, e);
      throw e;
    }
    if (!this.fanOut.inOneTask?.(config)) return write(node, { start: { tasks, ...(span ? { span } : {}) } });
    // the step's tasks, in this one: at most `width` at once, the first failure in task order fails the node
    const messages = (state[CHANNELS.messages] as BaseMessage[] | undefined) ?? [];
    const results = await runBounded(tasks.length, this.width, (index) => this.attempt(index, tasks[index] as Record<string, unknown>, messages, span, config).alone());
    return this.finished(results, span, config);
  };

  /** The path function after the node (Sends): a `Send` per iteration to the task node — or the join, when there is none. */
  readonly sends = (state: GraphState): Send[] | string => {
    const run = runOf(state, this.node);
    if (!run || run.tasks.length === 0) return this.names.join;
    const messages = (state[CHANNELS.messages] as BaseMessage[] | undefined) ?? [];
    return run.tasks.map((inputs, index) => new Send(this.names.tasks[0] as string, { index, inputs, messages, ...(run.span ? { span: run.span } : {}) } satisfies SendPayload));
  };

  /** The task node of subflow `index` (branches): its inputs and the conversation from the state. */
  branch(index: number): NodeFn {
    return (state, config) => {
      const run = this.started(state);
      return this.runTask(index, run.tasks[index] ?? {}, (state[CHANNELS.messages] as BaseMessage[] | undefined) ?? [], run.span, config);
    };
  }

  /** The task node run by each Send: the iteration's inputs and the conversation from its payload. */
  readonly iteration: NodeFn = (payload, config) => {
    const p = payload as unknown as SendPayload;
    return this.runTask(p.index, p.inputs, p.messages, p.span, config);
  };

  /**
   * The join: the node's outputs from the results in task order (finished);
   * nothing when the node's task ran the tasks itself (FanOut.inOneTask:
   * no run in the state).
   */
  readonly join: NodeFn = async (state, config) => {
    const { node } = this;
    const run = runOf(state, node);
    if (!run) {
      if (this.fanOut.inOneTask?.(config)) return {};
      throw new RuntimeError('AS_INVALID_STATE', 'the node\'s tasks are not in the graph state', { node: node.id });
    }
    const results = run.tasks.map((_, i) => {
      const r = run.results[i];
      if (!r) throw new RuntimeError('AS_INVALID_STATE', `task ${i} of the node has no result`, { node: node.id });
      return r;
    });
    return { ...this.finished(results, run.span, config), ...write(node, null) };
  };

  /** The node's update once its tasks gave `results` (task order): outputs, messages in the same order, its span closed. */
  private finished(results: readonly TaskResult[], span: string | undefined, config: LangGraphRunnableConfig): GraphUpdate {
    const { node } = this;
    const outcome = { outputs: this.fanOut.outputs(results.map((r) => r.outputs)), messages: results.flatMap((r) => r.added) };
    const { update, branch } = this.step.finished(outcome);
    if (span) emit(config, 'NodeExecutionEnd', span, node.name, { outputs: outcome.outputs, branch }, flowSpanId(config));
    return update;
  }

  private started(state: GraphState): FanOutRun {
    const run = runOf(state, this.node);
    if (!run) throw new RuntimeError('AS_INVALID_STATE', 'the node\'s tasks are not in the graph state', { node: this.node.id });
    return run;
  }

  /**
   * Run task `index` as one of the step's SettlingTasks: a failure waits for
   * the tasks running beside it, and the first in task order fails the step
   * (the others, and the tasks that did not start, write nothing: a next run
   * of the thread runs them again).
   */
  private async runTask(index: number, inputs: Record<string, unknown>, messages: readonly BaseMessage[], span: string | undefined, config: LangGraphRunnableConfig): Promise<GraphUpdate> {
    const attempt = this.attempt(index, inputs, messages, span, config);
    const step = tasksOf(config.signal, this.node.id, this.width);
    const result = await (step ? step.run(index, attempt.task, attempt) : attempt.alone());
    return write(this.node, { result: { index, ...result } });
  }

  /**
   * Task `index` with what tells its failures apart: `passes` (an interrupt
   * pauses it and a cancelled run stops it: no failure of the task),
   * `onFailure` (its trace event: the failure of this task, not of the ones
   * stopped because of it); `alone()` runs it with them, outside a group.
   */
  private attempt(index: number, inputs: Record<string, unknown>, messages: readonly BaseMessage[], span: string | undefined, config: LangGraphRunnableConfig) {
    const { fanOut, node } = this;
    const at = fanOut.kind === 'sends' ? 0 : index;
    const task = async (): Promise<TaskResult> => {
      const run = fanOut.runs?.[at];
      const r = run ? await run(inputs, messages, config, span, index) : await invokeSubgraph(fanOut.graphs[at]!, inputs, fanOut.subflows[at]!.outputs, messages, config, span);
      return { outputs: r.outputs, added: r.added };
    };
    const passes = (e: unknown) => isGraphBubbleUp(e) || config.signal?.aborted === true;
    const onFailure = (e: unknown) => span && emitException(config, span, node.name, e);
    const alone = () => task().catch((e: unknown) => {
      if (!passes(e)) onFailure(e);
      throw e;
    });
    return { task, passes, onFailure, alone };
  }
}

/**
 * The graph nodes and edges of a fan-out: the node (with the Agent Spec
 * node's metadata), its task nodes (each with its subflow's graph), the join;
 * the node's control edges are added from the join by the caller.
 */
export function addFanOut(builder: GraphBuilder, steps: FanOutSteps, metadata: Record<string, unknown>): void {
  const { names, fanOut } = steps;
  const part = (role: string, index?: number) => ({ [PART_METADATA_KEY]: { of: names.node, role, ...(index !== undefined ? { index } : {}) } });
  builder.addNode(names.node, steps.start, { metadata });
  names.tasks.forEach((t, i) => builder.addNode(t, fanOut.kind === 'sends' ? steps.iteration : steps.branch(i), {
    metadata: fanOut.kind === 'sends' ? part('each') : part('branch', i),
    subgraphs: [fanOut.graphs[i]!],
  }));
  builder.addNode(names.join, steps.join, { metadata: part('join') });
  const tasks = [...names.tasks];
  if (fanOut.kind === 'sends') {
    // map-reduce: a Send per iteration to the task node (the join when there is none), then the join
    builder.addConditionalEdges(names.node, steps.sends, [...tasks, names.join]);
    builder.addEdge(tasks[0] as string, names.join);
  } else if (tasks.length === 0) {
    builder.addEdge(names.node, names.join);
  } else {
    // branches of one step, and the join waiting for all of them
    for (const t of tasks) builder.addEdge(names.node, t);
    (builder.addEdge as (from: string | string[], to: string) => GraphBuilder)(tasks, names.join);
  }
}

/** Node metadata of the graph nodes a fan-out adds: `{ of: <the node's graph node>, role: 'each' | 'branch' | 'join', index? }`. */
export const PART_METADATA_KEY = 'agentspec_part';
