/**
 * The state of a foreign graph as the spec holds it: one flow variable per
 * state key (renamed where the name is one LangGraph runtimes keep), values
 * as plain JSON (LangChain messages as `{ type, content, … }`), and the
 * graph's own channels to read and update them: a node's input is read
 * through the channel (defaults applied), its update written through it
 * (reducers applied), so the spec's tools do what the graph does.
 */
import type { Property } from '@agentspec/core';
import { RESERVED_STATE_KEYS } from '../constants.js';
import type { StateGraphLike } from './graph-shape.js';
import { stateJsonSchemas, stateKeys } from './graph-shape.js';
import type { ImportContext } from './import-context.js';
import { fromPlainMessages, looksLikeMessages, toPlain } from './message-json.js';
import { REDUCER_TEXT, reducerKind, type ReducerKind } from './reducer-kind.js';
import { property } from './state-properties.js';

interface ChannelLike {
  fromCheckpoint(checkpoint?: unknown): ChannelLike;
  update(values: unknown[]): boolean;
  get(): unknown;
  isAvailable?(): boolean;
  operator?: (a: unknown, b: unknown) => unknown;
  initialValueFactory?: () => unknown;
}

export interface StateKey {
  /** The state key in the graph. */
  readonly key: string;
  /** The variable in the spec. */
  readonly name: string;
  readonly reducer: ReducerKind;
  readonly channel: ChannelLike | undefined;
}

/** A graph's state keys, their spec names and properties, and the reading and writing of values. */
export class GraphState {
  readonly keys: readonly StateKey[];
  readonly inputs: Property[];
  readonly outputs: Property[];
  /** Every key, optional (a node's tool reads what is set). */
  readonly toolInputs: Property[];
  readonly toolOutputs: Property[];
  private readonly byKey: Map<string, StateKey>;

  constructor(b: StateGraphLike, ctx: ImportContext, graphName: string) {
    const { schemas, required } = stateJsonSchemas(b);
    const names = stateKeys(b);
    const taken = new Set(names.all);
    this.keys = names.all.map((key) => {
      const channel = b.channels[key] as ChannelLike | undefined;
      const reducer = reducerKind(channel);
      let name = key;
      if (RESERVED_STATE_KEYS.has(key)) {
        name = key === 'messages' ? 'conversation' : `${key}_state`;
        for (let i = 2; taken.has(name); i++) name = `${key === 'messages' ? 'conversation' : `${key}_state`}_${i}`;
        taken.add(name);
        ctx.warn('LG_STATE_KEY_RENAMED', key, `state key '${key}' of '${graphName}' is the variable '${name}' in the spec ('${key}' is a name LangGraph runtimes keep for themselves)`);
      }
      if (reducer === 'custom') ctx.warn('LG_CUSTOM_REDUCER', key, `state key '${key}' of '${graphName}' has a reducer Agent Spec has no name for: the spec's ServerTools apply it (they return the reduced value)`);
      return { key, name, reducer, channel };
    });
    this.byKey = new Map(this.keys.map((k) => [k.key, k]));
    const prop = (k: StateKey, optional: boolean) => withReducer(property(k.name, schemas[k.key], optional), k, this.defaultOf(k));
    const of = (keys: readonly string[]) => keys.map((key) => this.byKey.get(key)).filter((k): k is StateKey => k !== undefined);
    this.inputs = of(names.inputs).map((k) => prop(k, !required.has(k.key)));
    this.outputs = of(names.outputs).map((k) => prop(k, !required.has(k.key)));
    this.toolInputs = this.keys.map((k) => prop(k, true));
    this.toolOutputs = this.keys.map((k) => { const { default: _d, ...p } = prop(k, false) as Property & { default?: unknown }; return p as Property; });
  }

  /** The spec name of a state key. */
  nameOf(key: string): string {
    return this.byKey.get(key)?.name ?? key;
  }

  /** The graph's state from the spec's values: each key read through its channel (unset and null keys left out, defaults applied). */
  read(values: Readonly<Record<string, unknown>>): Record<string, unknown> {
    const state: Record<string, unknown> = {};
    for (const k of this.keys) {
      const v = values[k.name];
      const ch = this.open(k, v === null || v === undefined ? undefined : this.fromSpec(k, v));
      if (ch && available(ch)) state[k.key] = ch.get();
      else if (!ch && v !== null && v !== undefined) state[k.key] = this.fromSpec(k, v);
    }
    return state;
  }

  /** A `Send` payload from the spec (plain JSON): keys that are message keys of the state become messages again. */
  readPayload(payload: unknown): unknown {
    if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) return payload;
    return Object.fromEntries(Object.entries(payload).map(([key, v]) => {
      const k = this.byKey.get(key);
      return [key, k && v !== null && v !== undefined ? this.fromSpec(k, v) : v];
    }));
  }

  /**
   * Apply updates, in order, to the spec's values through the channels;
   * returns the new spec values of the keys they touch. Keys of no state
   * channel are left out.
   */
  write(values: Readonly<Record<string, unknown>>, updates: readonly Readonly<Record<string, unknown>>[]): Record<string, unknown> {
    const current = new Map<string, unknown>();
    for (const update of updates) {
      for (const [key, value] of Object.entries(update)) {
        const k = this.byKey.get(key);
        if (!k) continue;
        const raw = values[k.name];
        const before = current.has(key) ? current.get(key) : raw === null || raw === undefined ? undefined : this.fromSpec(k, raw);
        const ch = this.open(k, before);
        if (!ch) {
          current.set(key, value);
          continue;
        }
        ch.update([value]);
        current.set(key, available(ch) ? ch.get() : undefined);
      }
    }
    const out: Record<string, unknown> = {};
    for (const [key, v] of current) out[this.nameOf(key)] = v === undefined ? null : toPlain(v);
    return out;
  }

  private open(k: StateKey, checkpoint: unknown): ChannelLike | undefined {
    if (!k.channel || typeof k.channel.fromCheckpoint !== 'function') return undefined;
    return k.channel.fromCheckpoint(checkpoint);
  }

  private fromSpec(k: StateKey, v: unknown): unknown {
    return Array.isArray(v) && (k.reducer === 'messages' || looksLikeMessages(v)) ? fromPlainMessages(v) : v;
  }

  private defaultOf(k: StateKey): unknown {
    try {
      const ch = this.open(k, undefined);
      return ch && available(ch) ? toPlain(ch.get()) : undefined;
    } catch {
      return undefined;
    }
  }
}

function available(ch: ChannelLike): boolean {
  if (typeof ch.isAvailable === 'function') return ch.isAvailable();
  try {
    ch.get();
    return true;
  } catch {
    return false;
  }
}

/** A state key's property with its reducer said in its description and the channel's default as its default. */
function withReducer(p: Property, k: StateKey, fallback: unknown): Property {
  const says = REDUCER_TEXT[k.reducer];
  const renamed = k.name !== k.key ? `The graph's state key '${k.key}'.` : '';
  const description = [p.description, renamed, says ? `${says[0]?.toUpperCase()}${says.slice(1)}.` : ''].filter(Boolean).join(' ');
  const out: Record<string, unknown> = { ...p, ...(k.reducer === 'messages' && p.type === undefined && p.anyOf === undefined ? { type: 'array' } : {}), ...(description ? { description } : {}) };
  if ('default' in out && out.default === null && fallback !== undefined) out.default = fallback;
  return out as unknown as Property;
}
