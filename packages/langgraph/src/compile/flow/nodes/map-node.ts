import type { BaseMessage } from '@langchain/core/messages';
import { defaultReducers, type MapNode } from '@agentspec/core';
import { collect, mapIterations } from '@agentspec/runtime';
import type { LangGraph } from '../../graph-types.js';
import { subflowRun } from '../in-process-flow.js';
import type { NodeHandler } from '../node-handler.js';

/**
 * MapNode: the subflow once per iteration, `limits.mapConcurrency` at a
 * time; results collected in input order with the node's reducers. One at a
 * time, each iteration sees the messages of the previous ones; at once, each
 * sees the conversation as it was before the node, and the messages they add
 * join it in input order. An iteration runs in the node's task when the
 * subflow cannot pause (subflowRun), else invokes the subflow's compiled
 * graph; the graph is the node's subgraph either way (`getGraph`), asked for
 * only when needed (a MapNode inside a subflow run in process needs none).
 */
export const mapNode: NodeHandler<MapNode> = (node, { ctx }) => {
  let sub: LangGraph | undefined;
  const graph = () => (sub ??= ctx.flowGraph(node.subflow));
  const iteration = subflowRun(node.subflow, ctx, graph);
  const reducers = node.reducers ?? defaultReducers(node.subflow);
  const width = Math.max(1, ctx.limits.mapConcurrency);
  return {
    get subgraphs() {
      return [graph()];
    },
    run: async ({ inputs, messages, config, span }) => {
      const iterations = mapIterations(node, inputs, { node: node.id });
      const results: Record<string, unknown>[] = new Array(iterations.length);
      const added: BaseMessage[][] = iterations.map(() => []);
      let next = 0;
      const worker = async () => {
        while (next < iterations.length) {
          const i = next++;
          const seen = width === 1 ? [...messages, ...added.slice(0, i).flat()] : messages;
          const r = await iteration(iterations[i] as Record<string, unknown>, seen, config, span, i);
          results[i] = r.outputs;
          added[i] = r.added;
        }
      };
      await Promise.all(Array.from({ length: Math.min(width, iterations.length) }, worker));
      return { outputs: collect(reducers, results), messages: added.flat() };
    },
  };
};
