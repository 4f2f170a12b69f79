import { fieldNamesOf, fieldsOf, isTypedType } from '../components/registry.js';
import { AgentSpecError } from '../errors.js';
import { isSensitiveField } from '../model/sensitive.js';
import type { Component } from '../model/types.js';
import type { ComponentPlugin } from '../plugins.js';
import { componentVersionRange, fieldSince, isNeutralValue, VALUE_GATED_TYPES, valueSince } from '../versions/gates.js';
import { BASE_VERSION, compareVersions, parseVersion, SUPPORTED_VERSIONS, type Version } from '../versions/version.js';
import { isPlainObject, isRef, put } from './values.js';

/** Something to leave out of the main document and write into the disaggregated one. */
export type Disaggregation = Component | { readonly component: Component; readonly field: string; readonly id?: string };

export interface WriteOptions {
  /**
   * Version to write; default: the smallest the tree needs. An alias is
   * written as given and checked as the version it stands for: '26.2.0'
   * stamps a 26.3.1 document the way pyagentspec 26.3.1 does.
   */
  readonly version?: Version | '26.2.0';
  readonly plugins?: readonly ComponentPlugin[];
  /** Components (or single field values) to write as references into a second document. */
  readonly disaggregate?: readonly Disaggregation[];
  /**
   * Write sensitive fields (SENSITIVE_FIELDS) in clear. Off by default: each
   * is written as `{"$component_ref": "<id>.<field>"}`, to be supplied at load.
   */
  readonly includeSensitiveFields?: boolean;
}

export interface Written {
  readonly document: Record<string, unknown>;
  readonly referenced?: Record<string, unknown>;
  readonly version: Version;
}

interface Need {
  version: Version;
  why: string;
}

const isComponent = (v: unknown): v is Component => isPlainObject(v) && typeof v.component_type === 'string' && typeof v.id === 'string';

/**
 * Turn a component tree into a plain JSON document: components used more than
 * once written once under the root's `$referenced_components`, secrets as
 * references, fields in a fixed order, the version chosen or checked.
 * `share`: the document is only rendered, never handed out, so JSON values
 * holding no component (see isPureJson) are written as they are, not copied.
 */
export function writeDocument(root: Component, options: WriteOptions = {}, share = false): Written {
  const plugins = new Map<string, ComponentPlugin>();
  for (const p of options.plugins ?? []) for (const t of p.componentTypes) plugins.set(t, p);

  const external = new Map<object, string>();
  const externalFields = new Map<object, Map<string, string>>();
  for (const d of options.disaggregate ?? []) {
    if ('field' in d && !('component_type' in d)) {
      let m = externalFields.get(d.component);
      if (!m) externalFields.set(d.component, (m = new Map()));
      m.set(d.field, d.id ?? `${d.component.id}.${d.field}`);
    } else {
      external.set(d, (d as Component).id);
    }
  }

  // Pass 1: count uses of every component and find the version range the tree needs.
  const uses = new Map<object, number>();
  /** Typed components with keys besides component_type and their fields: only these are looked over for extras. */
  const withExtras = new Set<object>();
  const order: object[] = [];
  let low: Need = { version: BASE_VERSION, why: '' };
  let high: Need | undefined;
  const visitValue = (v: unknown): void => {
    if (Array.isArray(v)) for (const x of v) visitValue(x);
    else if (isComponent(v)) visitComponent(v);
    else if (isPlainObject(v)) for (const x of Object.values(v)) visitValue(x);
  };
  const visitComponent = (c: Component): void => {
    const n = uses.get(c) ?? 0;
    uses.set(c, n + 1);
    if (n > 0) return;
    order.push(c);
    const range = componentVersionRange(c.component_type);
    if (range) {
      if (compareVersions(range[0], low.version) > 0) low = { version: range[0], why: `${c.component_type} '${c.id}'` };
      if (range[1] && (!high || compareVersions(range[1], high.version) < 0)) high = { version: range[1], why: `${c.component_type} '${c.id}'` };
    }
    const record = c as Record<string, unknown>;
    if (isTypedType(c.component_type)) {
      const specs = fieldsOf(c.component_type);
      const gated = VALUE_GATED_TYPES.has(c.component_type);
      let present = 0;
      for (const spec of specs) {
        const v = record[spec.name];
        if (v !== undefined) present++;
        if (spec.since && !isNeutralValue(v, spec.default) && !(spec.neutral !== undefined && (spec.neutral === true || v === spec.neutral)) && compareVersions(spec.since, low.version) > 0) {
          low = { version: spec.since, why: `field ${spec.name} of ${c.component_type} '${c.id}'` };
        }
        if (v !== undefined && gated) noteValue(c.component_type, spec.name, v, c.id);
        if (spec.type.kind === 'component' || spec.type.kind === 'component-list' || spec.type.kind === 'component-pairs' || spec.type.kind === 'component-or-string-list') visitValue(v);
      }
      // keys: the fields set and component_type (which needs no version and holds nothing), or also others
      let keys = 0;
      for (const _ in record) keys++;
      if (keys !== present + 1) {
        withExtras.add(c);
        const names = fieldNamesOf(c.component_type);
        for (const key in record) {
          if (names.has(key)) continue;
          noteExtra(c.component_type, key, record[key], c.id);
          visitValue(record[key]);
        }
      }
    } else {
      for (const key of Object.keys(record)) {
        noteExtra(c.component_type, key, record[key], c.id);
        visitValue(record[key]);
      }
    }
  };
  const noteExtra = (type: string, key: string, value: unknown, id: string): void => {
    const since = fieldSince(type, key);
    if (since && !isNeutralValue(value) && compareVersions(since, low.version) > 0) low = { version: since, why: `field ${key} of ${type} '${id}'` };
    noteValue(type, key, value, id);
  };
  const noteValue = (type: string, key: string, value: unknown, id: string): void => {
    const need = valueSince(type, key, value);
    if (need && compareVersions(need.since, low.version) > 0) low = { version: need.since, why: `field ${key} of ${type} '${id}' (${need.what})` };
  };
  visitComponent(root);

  const requested = options.version === undefined ? undefined : parseVersion(options.version);
  if (options.version !== undefined && !requested) {
    throw new AgentSpecError('AS_VERSION_UNSUPPORTED', `cannot write Agent Spec ${String(options.version)}: not a version this library writes`, { hint: `write one of ${SUPPORTED_VERSIONS.join(', ')}` });
  }
  const version = chooseVersion(requested, low, high);
  const stamp: string = options.version ?? version;

  // Pass 2: write.
  const shared = order.filter((c) => c !== root && (uses.get(c) ?? 0) > 1 && !external.has(c));
  const sharedSet = new Set<object>(shared);
  const referenced: Record<string, unknown> = {};
  const writeValue = (v: unknown): unknown => {
    if (share && typeof v === 'object' && v !== null && isPureJson(v, 0)) return v;
    if (Array.isArray(v)) return v.map(writeValue);
    if (isComponent(v)) {
      if (external.has(v) || sharedSet.has(v)) return { $component_ref: v.id };
      return writeComponent(v);
    }
    if (isPlainObject(v)) {
      const out: Record<string, unknown> = {};
      for (const k of Object.keys(v)) put(out, k, writeValue(v[k]));
      return out;
    }
    return v;
  };
  const clear = options.includeSensitiveFields === true;
  const secretRef = (c: Component, field: string) => ({ $component_ref: externalFields.get(c)?.get(field) ?? `${c.id}.${field}` });
  const writeComponent = (c: Component): Record<string, unknown> => {
    const record = c as Record<string, unknown>;
    const out: Record<string, unknown> = { component_type: c.component_type };
    const fieldRefs = externalFields.get(c);
    if (isTypedType(c.component_type)) {
      const specs = fieldsOf(c.component_type);
      for (const spec of specs) {
        const v = record[spec.name];
        if (spec.since && compareVersions(version, spec.since) < 0) continue;
        if (fieldRefs?.has(spec.name)) {
          referenced[fieldRefs.get(spec.name) as string] = writeValue(v);
          out[spec.name] = { $component_ref: fieldRefs.get(spec.name) };
        } else if (spec.sensitive && !clear && !isRef(v) && (v != null || spec.required)) {
          out[spec.name] = secretRef(c, spec.name);
        } else if (v !== undefined) {
          out[spec.name] = writeValue(v);
        }
      }
      if (withExtras.has(c) || !uses.has(c)) {
        const names = fieldNamesOf(c.component_type);
        for (const key in record) {
          if (!names.has(key)) writeExtra(c, key, record[key], out);
        }
      }
    } else {
      const plugin = plugins.get(c.component_type);
      const fields = plugin?.write ? plugin.write(c as never) : record;
      if (plugin) {
        out.component_plugin_name = plugin.name;
        out.component_plugin_version = plugin.version;
      }
      for (const key of Object.keys(fields)) {
        if (key === 'component_type' || (plugin && (key === 'component_plugin_name' || key === 'component_plugin_version'))) continue;
        writeExtra(c, key, fields[key], out);
      }
    }
    return out;
  };
  const writeExtra = (c: Component, key: string, v: unknown, out: Record<string, unknown>): void => {
    if (!clear && v != null && !isRef(v) && isSensitiveField(c.component_type, key)) put(out, key, secretRef(c, key));
    else put(out, key, writeValue(v));
  };

  const document = writeComponent(root);
  if (shared.length > 0) {
    const refs: Record<string, unknown> = {};
    for (const c of shared) refs[(c as Component).id] = writeComponent(c as Component);
    document.$referenced_components = refs;
  }
  document.agentspec_version = stamp;

  for (const [c, id] of external) {
    referenced[id] = writeComponent(c as Component);
  }
  const hasReferenced = external.size > 0 || externalFields.size > 0;
  return { document, version, ...(hasReferenced ? { referenced: { $referenced_components: referenced } } : {}) };
}

/**
 * Whether a value is plain JSON holding no component: arrays, objects of
 * Object.prototype (or none) without toJSON, strings, numbers, booleans,
 * null (undefined and functions as object values too: rendering drops them
 * either way). Rendering such a value gives the same text as rendering a
 * copy of it. Nesting past 64 levels is not looked into (false).
 */
function isPureJson(v: unknown, depth: number): boolean {
  if (typeof v !== 'object' || v === null) return typeof v !== 'bigint' && typeof v !== 'symbol';
  if (depth > 64) return false;
  if (Array.isArray(v)) {
    for (let i = 0; i < v.length; i++) if (!isPureJson(v[i], depth + 1)) return false;
    return true;
  }
  const proto = Object.getPrototypeOf(v) as unknown;
  if (proto !== Object.prototype && proto !== null) return false;
  const record = v as Record<string, unknown>;
  if (typeof record.component_type === 'string' || record.toJSON !== undefined) return false;
  for (const k in record) if (!isPureJson(record[k], depth + 1)) return false;
  return true;
}

function chooseVersion(requested: Version | undefined, low: Need, high: Need | undefined): Version {
  if (requested) {
    if (compareVersions(requested, low.version) < 0) {
      throw new AgentSpecError('AS_VERSION_GATE', `cannot write Agent Spec ${requested}: ${low.why} needs ${low.version}`, { hint: `write ${low.version} or later, or remove ${low.why}` });
    }
    if (high && compareVersions(requested, high.version) > 0) {
      throw new AgentSpecError('AS_VERSION_GATE', `cannot write Agent Spec ${requested}: ${high.why} exists only up to ${high.version}`, { hint: `write ${high.version} or earlier, or replace ${high.why}` });
    }
    return requested;
  }
  if (high && compareVersions(low.version, high.version) > 0) {
    throw new AgentSpecError('AS_VERSION_CONFLICT', `no Agent Spec version holds this tree: ${low.why} needs ${low.version}, but ${high.why} exists only up to ${high.version}`);
  }
  return low.version;
}
