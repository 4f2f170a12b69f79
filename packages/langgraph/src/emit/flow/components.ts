import { FAMILIES, fieldsOf, isBuiltinType, isTypedType, type Component } from '@agentspec/core';
import { SECRET_FIELDS } from '../check.js';
import { commentText, identifier, literal, raw, str, type Names, type Raw } from '@agentspec/runtime/emit';

/** Components written inline in the literal of the component holding them (not constants of their own). */
const INLINE = new Set(['ControlFlowEdge', 'DataFlowEdge']);

/** The suffix of a constant's name, by kind of component (nodes and LLM configs have none). */
function suffix(type: string): string {
  if (type === 'Flow') return 'Flow';
  if (type === 'Swarm') return 'Swarm';
  if (type === 'ManagerWorkers') return 'Team';
  if (type === 'Agent') return 'Agent';
  if (type.endsWith('Tool')) return 'Tool';
  if (type.endsWith('Transport')) return 'Transport';
  return '';
}

function isComponent(v: unknown): v is Component {
  return typeof v === 'object' && v !== null && !Array.isArray(v) && typeof (v as { component_type?: unknown }).component_type === 'string';
}

/**
 * The spec's components as typed constants (`const classify: LlmNode =
 * { … }`), each after the ones it refers to, references written as the
 * constants' names: the data the node steps read.
 */
export class ComponentConstants {
  readonly order: Component[] = [];
  readonly names = new Map<Component, string>();
  readonly types = new Set<string>();

  constructor(root: Component, private readonly taken: Names) {
    this.visit(root);
  }

  private visit(c: Component): void {
    if (this.names.has(c)) return;
    this.names.set(c, '');
    for (const [k, v] of Object.entries(c)) if (k !== 'metadata') this.children(v, c);
    this.names.set(c, this.taken.take(`${identifier(c.name)}${suffix(c.component_type)}`, { alternative: `${identifier(`${c.name} ${c.id}`)}${suffix(c.component_type)}` }));
    this.types.add(c.component_type);
    if (isLater(c) && FAMILIES.Node.has(c.component_type)) this.types.add('Node');
    this.order.push(c);
  }

  private children(v: unknown, holder: Component): void {
    if (Array.isArray(v)) return v.forEach((x) => this.children(x, holder));
    if (!isComponent(v)) return;
    if (INLINE.has(v.component_type)) {
      for (const [k, x] of Object.entries(v)) if (k !== 'metadata') this.children(x, v);
      return;
    }
    if (isLaterComponent(v) && !isLater(holder)) this.types.add('UnknownComponent');
    this.visit(v);
  }

  /**
   * A field value of `holder`: components as their constant's name, edges inline. A component of a later version
   * that is no node (an A2AAgent, a transform, a datastore…) is held as an UnknownComponent in a 25.4.1 component.
   */
  private value(v: unknown, holder: Component): unknown {
    if (Array.isArray(v)) return v.map((x) => this.value(x, holder));
    if (isComponent(v)) {
      const name = this.names.get(v);
      if (!name || INLINE.has(v.component_type)) return this.fields(v);
      if (isLaterComponent(v) && !isLater(holder)) return raw(`${name} as unknown as UnknownComponent`);
      return raw(name);
    }
    return v;
  }

  /** The fields of a component in the spec's order (whatever the order of the document it was read from). */
  private fields(c: Component): Record<string, unknown | Raw> {
    const out: Record<string, unknown> = {};
    const known = isTypedType(c.component_type) ? fieldsOf(c.component_type).map((f) => f.name) : [];
    const order = ['component_type', ...known, ...Object.keys(c).filter((k) => k !== 'component_type' && !known.includes(k)).sort()];
    for (const k of order) {
      const v = (c as unknown as Record<string, unknown>)[k];
      if (v === undefined || v === null || SECRET_FIELDS.has(k)) continue;
      if (k === 'metadata' && typeof v === 'object' && Object.keys(v).length === 0) continue;
      out[k] = this.value(v, c);
    }
    return out;
  }

  /** `const name: Type = { … };` (a flow's with a comment: its graph is written out below). */
  declaration(c: Component): string {
    const doc = c.component_type === 'Flow'
      ? `/**\n * Flow ${commentText(str(c.name))} as the spec has it: the node steps read its data edges, and check the branch a\n * node finished on against its control edges (the graph's edges, written out below, follow them).\n */\n`
      : '';
    // multi-line text (prompts) as template literals: nothing re-indents a declaration
    const value = literal(this.fields(c), '', 0, { multiline: true });
    if (GROUPS.has(c.component_type)) {
      // the root of a Swarm's or ManagerWorkers' module: checked against its own interface
      return `const ${this.names.get(c) as string} = ${value} satisfies ${c.component_type};`;
    }
    if (isLaterComponent(c)) {
      // checked against its own interface; the 25.4.1 components holding it write `as unknown as UnknownComponent`
      return `/** ${c.component_type} ${commentText(str(c.name))}: a component of a later Agent Spec version. */\nconst ${this.names.get(c) as string} = ${value} satisfies ${c.component_type};`;
    }
    if (isLater(c)) {
      // checked against its own interface; the flows' node lists (the 25.4.1 unions) hold it as a Node of an unknown kind
      return `/** A ${c.component_type} (a node of a later Agent Spec version), held as a Node. */\nconst ${this.names.get(c) as string} = ${value} satisfies ${c.component_type} as unknown as Node;`;
    }
    return `${doc}const ${this.names.get(c) as string}: ${c.component_type} = ${value};`;
  }
}

/** The multi-agent groups (Agent Spec 25.4.2), the roots of their modules. */
const GROUPS: ReadonlySet<string> = new Set(['Swarm', 'ManagerWorkers']);

/** A component of a later Agent Spec version that this library types (a ParallelFlowNode…), outside the 25.4.1 unions. */
function isLater(c: Component): boolean {
  return !isBuiltinType(c.component_type) && isTypedType(c.component_type);
}

/** A component of a later version that is neither a node nor a multi-agent group (an A2AAgent, a transform, a datastore…). */
function isLaterComponent(c: Component): boolean {
  return isLater(c) && !GROUPS.has(c.component_type) && !FAMILIES.Node.has(c.component_type);
}
