import { endNode, flow, mapNode, serverTool, startNode, toolNode, type Property } from '@agentspec/core';
import { FlowBuilder, type Cursor, type Producer } from '../flow-builder.js';
import type { EntryOf, ImportEntry, Json } from '../import-entry.js';
import { addEntry } from './add-entry.js';
import { joinArms } from './place.js';
import { toolName, type Scope } from './scope.js';

const ITEM = 'item';
const RESULT = 'result';

/** The schema of an entry's input and output, when it has them. */
function schemasOf(body: ImportEntry): { input?: Json; output?: Json } {
  if (body.kind === 'step') return { ...(body.step.input ? { input: body.step.input } : {}), ...(body.step.output ? { output: body.step.output } : {}) };
  if (body.kind === 'workflow') return { ...(body.input ? { input: body.input } : {}), ...(body.output ? { output: body.output } : {}) };
  return {};
}

/**
 * The MapNode's subflow: `item` in, the body step on the whole item (its
 * ServerTool takes `item` and gives `result`), `result` out. A body that is
 * not a plain step (a nested workflow, an agent) is imported as it is inside.
 */
function eachFlow(s: Scope, e: EntryOf<'foreach'>): ReturnType<typeof flow> {
  const { input, output } = schemasOf(e.body);
  const item: Property = { ...(input ?? {}), title: ITEM } as Property;
  const result: Property = { ...(output ?? {}), title: RESULT } as Property;
  const b = new FlowBuilder(s.warnings, s.ids);
  const start = b.add(startNode({ id: b.id(`${e.id}_item`), name: 'item', inputs: [item] }));
  let tail: Producer;
  if (e.body.kind === 'step' && e.body.step.run) {
    const step = e.body.step;
    const run = step.run as NonNullable<typeof step.run>;
    const name = toolName(s, step.id);
    const node = b.add(toolNode({
      id: b.id(step.id), name: step.id, inputs: [item], outputs: [result],
      tool: serverTool({ id: s.ids.take(`${name}_tool`), name, ...(step.description ? { description: step.description } : {}), inputs: [item], outputs: [result] }),
    }));
    s.tools[name] = async (args) => ({ [RESULT]: await run(args[ITEM]) });
    b.link({ tails: [{ node: start, branch: 'next' }] }, node);
    b.wire(start, ITEM, node, ITEM);
    tail = { node, outputs: [result], whole: RESULT };
  } else {
    const inner: Scope = { ...s, b, start: { node: start, outputs: [item], whole: ITEM }, byStep: new Map() };
    const c = addEntry(inner, e.body, { tails: [{ node: start, branch: 'next' }], producers: [inner.start] }, { props: [result], whole: true });
    const only = c.producers[0] as Producer;
    const end = b.add(endNode({ id: b.id(`${e.id}_result`), name: 'result', outputs: [result] }));
    b.link(c, end);
    b.wire(only.node, only.whole ?? (only.outputs[0] as Property).title, end, RESULT);
    return flow({ id: s.ids.take(`${e.id}_each`), name: `each item of ${e.id}`, start_node: start, nodes: b.nodes, control_flow_connections: b.control, data_flow_connections: b.data });
  }
  const end = b.add(endNode({ id: b.id(`${e.id}_result`), name: 'result', outputs: [result] }));
  b.link({ tails: [{ node: tail.node, branch: 'next' }] }, end);
  b.wire(tail.node, RESULT, end, RESULT);
  return flow({ id: s.ids.take(`${e.id}_each`), name: `each item of ${e.id}`, start_node: start, nodes: b.nodes, control_flow_connections: b.control, data_flow_connections: b.data });
}

/**
 * `.foreach(step, { concurrency })`: a MapNode over the previous array
 * (`iterated_item`), each item given whole to the step; the results are
 * collected in order (`collected_result`), as Mastra gives them.
 */
export function foreachEntry(s: Scope, e: EntryOf<'foreach'>, cursor: Cursor): Cursor {
  const c = joinArms(s, cursor, []);
  const subflow = eachFlow(s, e);
  const node = s.b.add(mapNode({ id: s.b.id(e.id), name: e.id, subflow }));
  s.b.link(c, node);
  s.b.feed(c.producers, node);
  const concurrency = e.concurrency === undefined ? '' : e.concurrency === 'function' ? ' (concurrency computed per run: set limits.mapConcurrency)' : ` (concurrency ${e.concurrency}: limits.mapConcurrency: ${e.concurrency} when running the spec)`;
  s.warnings.add('MA_FOREACH', e.id, `.foreach(): a MapNode over the array, each item given whole to the step${concurrency}`);
  const outputs = node.outputs ?? [];
  return { tails: [{ node, branch: 'next' }], producers: [{ node, outputs, ...(outputs.length === 1 ? { whole: (outputs[0] as Property).title } : {}) }] };
}
