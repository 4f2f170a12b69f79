import { serverTool, toolNode, type Property } from '@agentspec/core';
import { after, type Cursor, type Node, type Producer } from '../flow-builder.js';
import { optional } from '../schemas.js';
import { toolName, type Scope } from './scope.js';

/**
 * Mastra gives the step after a `.branch()` / `.parallel()` the arms' outputs
 * under each arm's step id. When what comes next reads such an id, a join
 * ToolNode packs them (its ServerTool builds `{ <arm>: { …outputs } }`); the
 * arms' own outputs stay available by name.
 */
export function joinArms(s: Scope, cursor: Cursor, wanted: readonly Property[]): Cursor {
  const arms = cursor.arms;
  const produced = new Set(cursor.producers.flatMap((p) => p.outputs.map((o) => o.title)));
  if (!arms || !wanted.some((p) => !produced.has(p.title) && arms.list.some((a) => a.id === p.title))) return cursor;
  const inputs: Property[] = arms.list.flatMap((a) => a.producer.outputs.map((o) => {
    const p = { ...o, title: `${a.id}.${o.title}` };
    return arms.all ? p : optional(p);
  }));
  const outputs: Property[] = arms.list.map((a) => {
    const p = a.producer;
    if (p.whole) return { ...(p.outputs[0] as Property), title: a.id };
    return { title: a.id, type: 'object', properties: Object.fromEntries(p.outputs.map(({ title, ...schema }) => [title, schema])) } as Property;
  });
  const name = toolName(s, `${arms.entry}_outputs`);
  const node = s.b.add(toolNode({
    id: s.b.id(name), name, inputs, outputs,
    tool: serverTool({ id: s.ids.take(`${name}_tool`), name, description: `the outputs of '${arms.entry}' under each step id, as Mastra gives them`, inputs, outputs }),
  }));
  s.tools[name] = (args) => {
    const out: Record<string, unknown> = {};
    for (const a of arms.list) {
      const values = Object.fromEntries(a.producer.outputs.map((o) => [o.title, args[`${a.id}.${o.title}`]]).filter(([, v]) => v !== undefined && v !== null));
      if (Object.keys(values).length === 0) continue;
      out[a.id] = a.producer.whole ? values[a.producer.whole] : values;
    }
    return out;
  };
  s.b.link(cursor, node);
  for (const a of arms.list) for (const o of a.producer.outputs) s.b.wire(a.producer.node, o.title, node, `${a.id}.${o.title}`);
  const joined: Producer = { node, outputs: node.outputs ?? [] };
  return { tails: [{ node, branch: 'next' }], producers: [joined, ...cursor.producers] };
}

/** Control and data edges into a new node (joining arms first when it reads them by step id); it becomes the cursor. */
export function place(s: Scope, node: Node, cursor: Cursor, producer: Producer = { node, outputs: node.outputs ?? [] }): Cursor {
  const c = joinArms(s, cursor, node.inputs ?? []);
  s.b.add(node);
  s.b.link(c, node);
  s.b.feed(c.producers, node);
  return after(producer);
}
