import { fieldsOf, handlerOf, TYPED_COMPONENT_TYPES } from '../components/registry.js';
import { FAMILIES, type Family } from '../model/families.js';
import type { FieldKind, FieldSpec } from '../model/fields.js';
import { COMPONENT_VERSIONS, KNOWN_FIELDS } from '../versions/table.js';
import { compareVersions, SUPPORTED_VERSIONS, VERSION_ALIASES, type Version } from '../versions/version.js';
import { fieldSince } from '../versions/gates.js';

type Schema = Record<string, unknown>;

const REF = { $ref: '#/$defs/ComponentReference' };
const orRef = (s: Schema): Schema => ({ anyOf: [REF, s] });

function exists(type: string, version: Version): boolean {
  const range = COMPONENT_VERSIONS[type];
  if (!range) return false;
  return compareVersions(version, range[0]) >= 0 && (range[1] === null || compareVersions(version, range[1]) <= 0);
}

function valueSchema(kind: FieldKind): Schema {
  switch (kind.kind) {
    case 'string': return { type: 'string' };
    case 'number': return { type: 'number' };
    case 'boolean': return { type: 'boolean' };
    case 'enum': return { type: 'string', enum: [...kind.values] };
    case 'string-list':
    case 'branches': return { type: 'array', items: { type: 'string' } };
    case 'string-map': return { type: 'object', additionalProperties: { type: 'string' } };
    case 'json-object': return { type: 'object' };
    case 'json': return {};
    case 'properties': return { type: 'array', items: { $ref: '#/$defs/Property' } };
    case 'reducers': return { type: 'object', additionalProperties: { $ref: '#/$defs/ReductionMethod' } };
    case 'generation': return { $ref: '#/$defs/LlmGenerationConfig' };
    case 'session': return { $ref: '#/$defs/SessionParameters' };
    case 'component': return { $ref: `#/$defs/Any${kind.family}` };
    case 'component-list': return { type: 'array', items: { $ref: `#/$defs/Any${kind.family}` } };
    case 'component-pairs': return { type: 'array', items: { type: 'array', minItems: 2, maxItems: 2, items: { $ref: `#/$defs/Any${kind.family}` } } };
    case 'component-or-string-list': return { type: 'array', items: { anyOf: [{ type: 'string' }, { $ref: `#/$defs/Any${kind.family}` }] } };
    case 'string-or-list': return { anyOf: [{ type: 'string' }, { type: 'array', items: { type: 'string' } }] };
  }
}

function fieldSchema(spec: FieldSpec): Schema {
  let s = valueSchema(spec.type);
  if (spec.nullable) s = { anyOf: [s, { type: 'null' }] };
  if (spec.type.kind !== 'component' && spec.type.kind !== 'component-list') s = orRef(s);
  if (spec.description) s = { ...s, description: spec.description };
  if (spec.default !== undefined) s = { ...s, default: spec.default };
  return s;
}

function builtinDef(type: (typeof TYPED_COMPONENT_TYPES)[number], version: Version): Schema {
  const properties: Schema = { component_type: { const: type } };
  const required = ['component_type'];
  for (const spec of fieldsOf(type)) {
    if (spec.since && compareVersions(version, spec.since) < 0) continue;
    properties[spec.name] = fieldSchema(spec);
    if (spec.required && spec.name !== 'id') required.push(spec.name);
  }
  for (const f of KNOWN_FIELDS[type] ?? []) {
    const since = fieldSince(type, f);
    if (!(f in properties) && since && compareVersions(version, since) >= 0) properties[f] = {};
  }
  properties.$referenced_components = { $ref: '#/$defs/ReferencedComponents' };
  properties.agentspec_version = { $ref: '#/$defs/AgentSpecVersion' };
  return { title: type, description: handlerOf(type).summary, type: 'object', properties, required };
}

function laterDef(type: string): Schema {
  const properties: Schema = { component_type: { const: type } };
  for (const f of KNOWN_FIELDS[type] ?? []) if (f !== 'component_type') properties[f] = {};
  properties.$referenced_components = { $ref: '#/$defs/ReferencedComponents' };
  properties.agentspec_version = { $ref: '#/$defs/AgentSpecVersion' };
  return { title: type, description: `${type} (Agent Spec ${COMPONENT_VERSIONS[type]?.[0]}), read and written unchanged.`, type: 'object', properties, required: ['component_type'] };
}

/**
 * Our JSON Schema for documents of one Agent Spec version, generated from the
 * model: it accepts every document the loader accepts (a component with
 * `agentspec_version` and `$referenced_components` at any level, references
 * anywhere a value may be disaggregated, unknown keys), so editors can
 * autocomplete and check specs. The loader's diagnostics go further (flow
 * structure, I/O, references).
 */
export function jsonSchemaFor(version: Version): Schema {
  const defs: Schema = {
    ComponentReference: {
      type: 'object',
      properties: { $component_ref: { type: 'string' }, $referenced_components: { $ref: '#/$defs/ReferencedComponents' } },
      required: ['$component_ref'],
      additionalProperties: false,
    },
    AgentSpecVersion: { type: 'string', enum: [version, ...Object.keys(VERSION_ALIASES).filter((a) => VERSION_ALIASES[a] === version)] },
    Property: { type: 'object', description: 'An input/output property: a JSON Schema with a title (its name).', properties: { title: { type: 'string' } }, required: ['title'] },
    ReductionMethod: { type: 'string', enum: ['append', 'sum', 'average', 'max', 'min'] },
    LlmGenerationConfig: {
      type: 'object',
      properties: { max_tokens: { type: ['integer', 'null'] }, temperature: { type: ['number', 'null'] }, top_p: { type: ['number', 'null'] } },
    },
    SessionParameters: { type: 'object', properties: { read_timeout_seconds: { type: 'number', default: 60 } } },
  };
  const present: string[] = [];
  for (const type of TYPED_COMPONENT_TYPES) {
    if (!exists(type, version)) continue;
    defs[type] = builtinDef(type, version);
    present.push(type);
  }
  for (const type of Object.keys(COMPONENT_VERSIONS)) {
    if (type in defs || !exists(type, version)) continue;
    defs[type] = laterDef(type);
    present.push(type);
  }
  const familyDef = (family: Family): Schema => {
    const members = family === 'Component' ? present : present.filter((t) => FAMILIES[family as Exclude<Family, 'Component'>].has(t));
    return { anyOf: [REF, ...members.map((t) => ({ $ref: `#/$defs/${t}` }))] };
  };
  for (const family of [...Object.keys(FAMILIES), 'Component'] as Family[]) defs[`Any${family}`] = familyDef(family);
  defs.ReferencedComponents = { type: 'object', additionalProperties: { anyOf: [{ $ref: '#/$defs/AnyComponent' }, {}] } };
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    $id: `https://agentspec-ts.dev/schemas/agentspec-${version}.schema.json`,
    title: `Agent Spec ${version} document`,
    description: 'A component with agentspec_version, a reference to one of its $referenced_components, or a document of disaggregated components ($referenced_components only).',
    anyOf: [
      { $ref: '#/$defs/AnyComponent' },
      {
        type: 'object',
        properties: { $component_ref: { type: 'string' }, $referenced_components: { $ref: '#/$defs/ReferencedComponents' }, agentspec_version: { $ref: '#/$defs/AgentSpecVersion' } },
        required: ['$component_ref', '$referenced_components'],
        additionalProperties: false,
      },
      { type: 'object', properties: { $referenced_components: { $ref: '#/$defs/ReferencedComponents' } }, required: ['$referenced_components'], additionalProperties: false },
    ],
    $defs: defs,
  };
}

/** Schemas for every supported version, keyed by version. */
export function allJsonSchemas(): Record<Version, Schema> {
  return Object.fromEntries(SUPPORTED_VERSIONS.map((v) => [v, jsonSchemaFor(v)])) as Record<Version, Schema>;
}
