import { Annotation, messagesStateReducer, type Messages, type StateDefinition } from '@langchain/langgraph';
import type { BaseMessage } from '@langchain/core/messages';
import type { Flow } from '@agentspec/core';
import { CHANNELS } from '../../constants.js';
import type { GraphSchemas } from '../graph-types.js';
import { hasFanOut, mergeFanOut, type FanOutRun, type FanOutWrite } from './fan-out.js';

/** Node inputs waiting to be read: `{ [nodeId]: { [input]: value } }` with data edges, `{ [name]: value }` without. */
export type FlowValues = Record<string, unknown>;

/** Node inputs in flight, without data edges: one space of values by name (the last writer wins). */
export function mergeByName(a: FlowValues, b: FlowValues): FlowValues {
  return { ...a, ...b };
}

/** Node inputs in flight, with data edges: `{ [nodeId]: { [input]: value } }`. */
export function mergeByNode(a: FlowValues, b: FlowValues): FlowValues {
  const out: FlowValues = { ...a };
  for (const node in b) if (Object.hasOwn(b, node)) out[node] = { ...(a[node] as FlowValues | undefined), ...(b[node] as FlowValues) };
  return out;
}

export function messagesChannel() {
  return Annotation<BaseMessage[], Messages>({ reducer: messagesStateReducer, default: () => [] });
}

/**
 * The state of a flow's graph: the conversation, the node inputs in flight,
 * the last branch, and one key per flow input and output (and the runs of
 * ParallelFlowNodes and ParallelMapNodes, where it has some). The graph's input
 * schema is the conversation and the flow inputs; its output schema the
 * conversation, the finishing branch and the flow outputs.
 */
export function flowSchemas(flow: Flow): GraphSchemas {
  const named = flow.data_flow_connections === null || flow.data_flow_connections === undefined;
  const messages = messagesChannel();
  const values = Annotation<FlowValues>({ reducer: named ? mergeByName : mergeByNode, default: () => ({}) });
  const branch = Annotation<string>();
  const inputs: StateDefinition = {};
  const outputs: StateDefinition = {};
  const shared = new Map<string, ReturnType<typeof Annotation<unknown>>>();
  const key = (title: string) => {
    let c = shared.get(title);
    if (!c) shared.set(title, (c = Annotation<unknown>()));
    return c;
  };
  for (const p of flow.inputs ?? []) inputs[p.title] = key(p.title);
  for (const p of flow.outputs ?? []) outputs[p.title] = key(p.title);
  const state: StateDefinition = { ...inputs, ...outputs, [CHANNELS.messages]: messages, [CHANNELS.values]: values, [CHANNELS.branch]: branch };
  if (hasFanOut(flow)) state[CHANNELS.parallel] = Annotation<Record<string, FanOutRun>, Record<string, FanOutWrite>>({ reducer: mergeFanOut, default: () => ({}) });
  const input: StateDefinition = { ...inputs, [CHANNELS.messages]: messages };
  const output: StateDefinition = { ...outputs, [CHANNELS.messages]: messages, [CHANNELS.branch]: branch };
  return { state: Annotation.Root(state), input: Annotation.Root(input), output: Annotation.Root(output) };
}
