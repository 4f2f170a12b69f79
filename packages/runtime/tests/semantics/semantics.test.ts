import { describe, expect, it } from 'vitest';
import { deserialize, type Flow, type MapNode } from '@agentspec/core';
import {
  coerce, collect, DataFlow, finishFlow, FlowRules, mapIterations, mapToolResult, reduce, renderDeep, renderTemplate, resolveInputs,
  selectBranch, submissionProblem, templateRenderer, toolSpec,
} from '../../src/index.js';

describe('templates', () => {
  it('renders in one pass: strings as-is, other values as JSON, no re-rendering', () => {
    expect(renderTemplate('Hi {{ name }}, {{n}} {{obj}} {{missing}}!', { name: 'Ada', n: 3, obj: { a: [1] } })).toBe('Hi Ada, 3 {"a":[1]} !');
    expect(renderTemplate('{{a}}{{b}}', { a: '{{b}}', b: 'x' })).toBe('{{b}}x');
    expect(renderDeep({ 'k{{a}}': ['{{a}}', 1] }, { a: 'v' })).toEqual({ kv: ['v', 1] });
  });

  it('renders a template split once (templateRenderer) as one pass of the placeholder pattern does', () => {
    const values: Record<string, unknown> = { a: 'A$&$1', b: { x: null }, n: 0, constructor: 'c', empty: '' };
    const pattern = /\{\{\s*(\w+)\s*\}\}/g;
    const text = (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v));
    const once = (t: string) => t.replace(pattern, (_m, name: string) => (Object.hasOwn(values, name) ? text(values[name]) : ''));
    const templates = ['', 'plain', '{{a}}', ' {{ a }} and {{b}}{{n}}.', '{{{a}}}', '{{a}', '{{ }}', '{{a b}}', '{{missing}}-{{toString}}', '{{constructor}}{{__proto__}}{{empty}}', 'x{{a}}y{{a}}z', '{{\na\t}}'];
    for (const t of templates) {
      const render = templateRenderer(t);
      expect(render(values)).toBe(once(t));
      expect(render(values)).toBe(renderTemplate(t, values));
    }
  });
});

describe('coercion', () => {
  it('follows the compatibility rules, recursively', () => {
    expect(coerce(3, { type: 'string' })).toBe('3');
    expect(coerce({ a: 1 }, { type: 'string' })).toBe('{"a":1}');
    expect(coerce(2.7, { type: 'integer' })).toBe(2);
    expect(coerce(true, { type: 'number' })).toBe(1);
    expect(coerce(0, { type: 'boolean' })).toBe(false);
    expect(coerce('42', { type: 'number' })).toBe(42);
    expect(coerce('x', { type: 'number' })).toBe('x');
    expect(coerce(['1', '2'], { type: 'array', items: { type: 'integer' } })).toEqual([1, 2]);
    expect(coerce({ n: '5' }, { type: 'object', properties: { n: { type: 'number' } } })).toEqual({ n: 5 });
    expect(coerce(5, { anyOf: [{ type: 'string' }, { type: 'array', items: { type: 'string' } }] })).toBe('5');
  });

  it('fills defaults and reports missing inputs', () => {
    expect(resolveInputs([{ title: 'a', type: 'number' }, { title: 'b', type: 'string', default: 'x' }], { a: '1' }, {})).toEqual({ a: 1, b: 'x' });
    expect(() => resolveInputs([{ title: 'a' }], {}, { node: 'n' })).toThrowError(expect.objectContaining({ code: 'AS_MISSING_INPUT' }));
  });
});

describe('branching, tool results, map/reduce', () => {
  it('selects a branch from the mapping, else default', () => {
    expect(selectBranch({ yes: 'A' }, 'yes')).toBe('A');
    expect(selectBranch({ '1': 'A' }, 1)).toBe('A');
    expect(selectBranch({ yes: 'A' }, 'no')).toBe('default');
    expect(selectBranch({ yes: 'A' }, undefined)).toBe('default');
  });

  it('maps tool results to outputs', () => {
    expect(mapToolResult(5, [{ title: 'x' }], {})).toEqual({ x: 5 });
    expect(mapToolResult({ x: 5 }, [{ title: 'x' }], {})).toEqual({ x: 5 });
    expect(mapToolResult({ x: 5, y: 1 }, [{ title: 'x' }], {})).toEqual({ x: { x: 5, y: 1 } });
    expect(mapToolResult({ a: 1 }, [{ title: 'a' }, { title: 'b' }], {})).toEqual({ a: 1 });
    expect(() => mapToolResult(3, [{ title: 'a' }, { title: 'b' }], {})).toThrowError(expect.objectContaining({ code: 'AS_TOOL_RESULT_SHAPE' }));
  });

  it('reduces with every method', () => {
    expect(reduce('append', [1, 2])).toEqual([1, 2]);
    expect(reduce('sum', [1, 2, 3])).toBe(6);
    expect(reduce('average', [1, 2, 3])).toBe(2);
    expect(reduce('max', [1, 5, 3])).toBe(5);
    expect(reduce('min', [4, 2, 3])).toBe(2);
    expect(collect({ y: 'sum' }, [{ y: 1 }, { y: 2 }])).toEqual({ collected_y: 3 });
  });

  const subflow = {
    component_type: 'Flow', id: 'sub', name: 'sub', start_node: { $component_ref: 's' },
    nodes: [{ $component_ref: 's' }, { $component_ref: 'e' }],
    control_flow_connections: [{ component_type: 'ControlFlowEdge', id: 'c', name: 'c', from_node: { $component_ref: 's' }, to_node: { $component_ref: 'e' } }],
    $referenced_components: {
      s: { component_type: 'StartNode', id: 's', name: 's', inputs: [{ title: 'x', type: 'number' }, { title: 'k', type: 'number' }] },
      e: { component_type: 'EndNode', id: 'e', name: 'e', outputs: [{ title: 'x', type: 'number' }] },
    },
  };
  const node = deserialize({ component_type: 'MapNode', id: 'm', name: 'm', subflow, agentspec_version: '25.4.1' }) as MapNode;

  it('iterates lists, broadcasts scalars, refuses unequal lengths', () => {
    expect(mapIterations(node, { iterated_x: [1, 2], iterated_k: 10 }, {})).toEqual([{ x: 1, k: 10 }, { x: 2, k: 10 }]);
    expect(mapIterations(node, { iterated_x: 7, iterated_k: 1 }, {})).toEqual([{ x: 7, k: 1 }]);
    expect(() => mapIterations(node, { iterated_x: [1, 2], iterated_k: [1] }, {})).toThrowError(expect.objectContaining({ code: 'AS_MAP_LENGTH' }));
  });

  it('routes data by edges (last writer wins) or by name, and takes flow output defaults', () => {
    const flow = deserialize({ ...subflow, outputs: [{ title: 'x', type: 'number' }, { title: 'z', type: 'string', default: 'dz' }], agentspec_version: '25.4.1' }) as Flow;
    const byName = new DataFlow(flow);
    byName.record(flow.nodes[0]!, { x: 1 });
    byName.record(flow.nodes[0]!, { x: 2 });
    expect(byName.available(flow.nodes[1]!)).toEqual({ x: 2 });
    expect(finishFlow(flow, flow.nodes[1] as never, { x: '3' })).toEqual({ outputs: { x: 3, z: 'dz' }, branch: 'next' });
  });
});

describe('agent tools', () => {
  it('offers tools with JSON Schemas from their inputs and checks submissions', () => {
    expect(toolSpec({ name: 't', description: 'd', inputs: [{ title: 'a', type: 'number', description: 'A' }, { title: 'b', type: 'string', default: 'x' }] })).toEqual({
      name: 't', description: 'd',
      parameters: { type: 'object', properties: { a: { type: 'number', description: 'A' }, b: { type: 'string', default: 'x' } }, required: ['a'], additionalProperties: false },
    });
    expect(submissionProblem([{ title: 'n', type: 'number' }], { n: 'x' })).toMatch(/'n' should be number/);
    expect(submissionProblem([{ title: 'n', type: 'number' }], { n: 2 })).toBeUndefined();
  });

  it('a parameter titled __proto__ is an own key of the schema, not its prototype', () => {
    const { parameters } = toolSpec({ name: 't', inputs: [{ title: '__proto__', type: 'string' }] });
    const properties = parameters['properties'] as Record<string, unknown>;
    expect(Object.getPrototypeOf(properties)).toBe(Object.prototype);
    expect(Object.keys(properties)).toEqual(['__proto__']);
    expect(JSON.stringify(parameters)).toContain('"__proto__":{"type":"string"}');
  });
});

describe('FlowRules.reentrant', () => {
  /** A flow of just control edges (all FlowRules reads of it), from [from, to, branch?] triples. */
  const rulesOf = (edges: readonly (readonly [string, string, string?])[]): FlowRules => new FlowRules({
    data_flow_connections: null,
    control_flow_connections: edges.map(([from, to, branch], i) => ({ id: `e${i}`, from_node: { id: from }, to_node: { id: to }, from_branch: branch ?? null })),
  } as unknown as Flow);

  /** What reentrant means: a search from the node's successors comes back to it. */
  const comesBack = (edges: readonly (readonly [string, string, string?])[], id: string): boolean => {
    const next = (n: string) => edges.filter(([f]) => f === n).map(([, t]) => t);
    const seen = new Set<string>();
    const stack = next(id);
    while (stack.length > 0) {
      const n = stack.pop()!;
      if (n === id) return true;
      if (!seen.has(n)) {
        seen.add(n);
        stack.push(...next(n));
      }
    }
    return false;
  };

  it('finds the nodes on cycles: loops, self-loops, nested cycles; not what leads into or out of them', () => {
    const edges = [['start', 'a'], ['a', 'b'], ['b', 'a', 'again'], ['b', 'c', 'next'], ['c', 'c', 'retry'], ['c', 'd', 'next'], ['d', 'e'], ['e', 'f'], ['f', 'd', 'loop'], ['f', 'end', 'next']] as const;
    const rules = rulesOf(edges);
    const ids = ['start', 'a', 'b', 'c', 'd', 'e', 'f', 'end', 'elsewhere'];
    expect(ids.filter((id) => rules.reentrant(id))).toEqual(['a', 'b', 'c', 'd', 'e', 'f']);
    for (const id of ids) expect(rules.reentrant(id)).toBe(comesBack(edges, id));
  });

  it('agrees with a search from each node on generated graphs, and a 20,000-node chain fits the stack', () => {
    let seed = 7;
    const random = (n: number) => (seed = (seed * 1103515245 + 12345) % 2 ** 31) % n;
    for (let g = 0; g < 40; g++) {
      const size = 2 + random(12);
      const edges = Array.from({ length: random(2 * size) + 1 }, (_, i) => [`n${random(size)}`, `n${random(size)}`, `b${i}`] as const);
      const rules = rulesOf(edges);
      for (let i = 0; i < size; i++) expect(rules.reentrant(`n${i}`)).toBe(comesBack(edges, `n${i}`));
    }
    const chain = Array.from({ length: 20_000 }, (_, i) => [`n${i}`, `n${i + 1}`] as const);
    const rules = rulesOf([...chain, ['n20000', 'n19999', 'back']]);
    expect(rules.reentrant('n0')).toBe(false);
    expect(rules.reentrant('n19999')).toBe(true);
    expect(rules.reentrant('n20000')).toBe(true);
    expect(rules.reentrant('n19998')).toBe(false);
  });
});
