import { COMPONENT_VERSIONS, FIELD_VERSIONS, KNOWN_FIELDS } from './table.js';
import { compareVersions, type Version } from './version.js';

/** Own-property lookup: a document's `component_type` may be `__proto__` or `constructor`. */
function own<T>(table: Readonly<Record<string, T>>, key: string): T | undefined {
  return Object.hasOwn(table, key) ? table[key] : undefined;
}

const COMPONENT_RANGES = new Map<string, readonly [Version, Version | null]>(Object.entries(COMPONENT_VERSIONS));

/** First and last version defining a component type; undefined for types no version defines. */
export function componentVersionRange(type: string): readonly [Version, Version | null] | undefined {
  return COMPONENT_RANGES.get(type);
}

/** The first version that defines `field` on `type`, when newer than the type itself. */
export function fieldSince(type: string, field: string): Version | undefined {
  const fields = own(FIELD_VERSIONS, type);
  return fields ? own(fields, field) : undefined;
}

/** Whether any published version defines `field` on `type`. */
export function isKnownField(type: string, field: string): boolean {
  return own(KNOWN_FIELDS, type)?.includes(field) ?? false;
}

/** Why `type` cannot appear in a document of `version`, or undefined when it can. */
export function componentGate(type: string, version: Version): string | undefined {
  const range = COMPONENT_RANGES.get(type);
  if (!range) return undefined;
  const [first, last] = range;
  if (compareVersions(version, first) < 0) return `${type} exists from Agent Spec ${first}; the document declares ${version}`;
  if (last && compareVersions(version, last) > 0) return `${type} was removed after Agent Spec ${last}; the document declares ${version}`;
  return undefined;
}

/** Why `type.field` cannot appear in a document of `version`, or undefined when it can. */
export function fieldGate(type: string, field: string, version: Version): string | undefined {
  const since = fieldSince(type, field);
  if (since && compareVersions(version, since) < 0) {
    return `${type}.${field} exists from Agent Spec ${since}; the document declares ${version}`;
  }
  return undefined;
}

const isObject = (v: unknown) => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Values a field only accepts from some version on (a field whose type was widened). */
/** `writeOnly`: written from that version on (as pyagentspec dates it), but read under older declarations too. */
const VALUE_GATES: Readonly<Record<string, Readonly<Record<string, { since: Version; accepts: (v: unknown) => boolean; what: string; writeOnly?: true }>>>> = {
  ApiNode: { data: { since: '26.1.0', accepts: (v) => !isObject(v), what: 'data that is not an object' } },
  RemoteTool: { data: { since: '26.1.0', accepts: (v) => !isObject(v), what: 'data that is not an object' } },
  Swarm: { handoff: { since: '26.1.0', accepts: (v) => typeof v === 'string', what: 'a handoff mode' } },
  // Structured generation: pyagentspec dates an LlmNode with several outputs, or one that is not a string, to
  // 25.4.2, and so does the writer; the reader accepts it under 25.4.1, whose language specification prints one
  // (a boolean LlmNode output) in its own JSON example (README, PY-7).
  LlmNode: { outputs: { since: '25.4.2', accepts: structuredOutputs, what: 'structured outputs (several, or one that is not a string)', writeOnly: true } },
};

function structuredOutputs(v: unknown): boolean {
  if (!Array.isArray(v)) return false;
  if (v.length > 1) return true;
  const only = v[0] as { type?: unknown } | undefined;
  return only !== undefined && isObject(only) && only.type !== 'string';
}

/** Types with a value gate, for a quick test on the reading path. */
export const VALUE_GATED_TYPES: ReadonlySet<string> = new Set(Object.keys(VALUE_GATES));

/**
 * Whether the value of a field newer than the declared version says nothing
 * that version cannot say: null, the field's default, or an empty list or
 * object. Such a value needs no newer version (pyagentspec agrees: it only
 * dates a field when set, e.g. a null `api_key`, `human_in_the_loop: true`,
 * `toolboxes: []`).
 */
export function isNeutralValue(value: unknown, fieldDefault?: unknown): boolean {
  if (value === null || value === undefined) return true;
  if (fieldDefault !== undefined && sameJson(value, fieldDefault)) return true;
  if (Array.isArray(value)) return value.length === 0;
  return isObject(value) && Object.keys(value as object).length === 0 && (fieldDefault === undefined || isObject(fieldDefault));
}

function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  return JSON.stringify(a) === JSON.stringify(b);
}

/** The version a field's value needs when newer than the field itself (e.g. string ApiNode data: 26.1.0). */
export function valueSince(type: string, field: string, value: unknown): { since: Version; what: string } | undefined {
  const fields = own(VALUE_GATES, type);
  const gate = fields ? own(fields, field) : undefined;
  return gate && gate.accepts(value) ? { since: gate.since, what: gate.what } : undefined;
}

/**
 * Whether reading a value of `type.field` can meet a value gate (valueGate
 * can report): a gate that is not write-only. The reader calls valueGate
 * for these fields only.
 */
export function hasReadValueGate(type: string, field: string): boolean {
  const fields = own(VALUE_GATES, type);
  const gate = fields ? own(fields, field) : undefined;
  return gate !== undefined && gate.writeOnly !== true;
}

/** Why this value of `type.field` cannot appear in a document of `version`, or undefined when it can. */
export function valueGate(type: string, field: string, value: unknown, version: Version): string | undefined {
  const fields = own(VALUE_GATES, type);
  if (fields && own(fields, field)?.writeOnly) return undefined;
  const need = valueSince(type, field, value);
  if (need && compareVersions(version, need.since) < 0) {
    return `${type}.${field} takes ${need.what} from Agent Spec ${need.since}; the document declares ${version}`;
  }
  return undefined;
}
