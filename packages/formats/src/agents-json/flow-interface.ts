import type { Property } from '@agentspec/core';
import { pointer, type Warnings } from '../format-warning.js';
import { isObject } from '../shape-check.js';
import type { AjFlow, AjFlowParameter } from './read-agents-json.js';
import { schemaProperty } from './schema-property.js';
import type { AgentsJsonWarningCode } from './warning-codes.js';

const TYPES: ReadonlySet<string> = new Set(['string', 'number', 'integer', 'boolean', 'array', 'object']);

/** A flow input: its property, and the flow parameter it comes from (none for request body fields and added inputs). */
export interface FlowInput {
  property: Property;
  readonly parameter?: AjFlowParameter;
  /** Optional (it has a default); reported once when it feeds a request. */
  readonly optional: boolean;
  fedRequest?: boolean;
}

/**
 * The flow's inputs (StartNode) from `fields.parameters` and the top-level
 * fields of `fields.requestBody`; an optional one gets a default (`''` for a
 * string, else `null`), so that a run without it starts.
 */
export function flowInputs(flow: AjFlow, warnings: Warnings<AgentsJsonWarningCode>): Map<string, FlowInput> {
  const inputs = new Map<string, FlowInput>();
  for (const p of flow.parameters) {
    let type = p.type;
    if (type !== undefined && !TYPES.has(type)) {
      warnings.add('AJ_PARAMETER_TYPE', pointer('flows', flow.index, 'fields', 'parameters', p.index, 'type'), flow.id, `parameter '${p.name}' has type '${type}', not a JSON Schema type: the input is untyped`);
      type = undefined;
    }
    // no type given: a string (what a model or a form passes); an unknown one: untyped
    const typed = type ?? (p.type === undefined ? 'string' : undefined);
    const property: Property = { title: p.name, ...(typed !== undefined ? { type: typed as Property['type'] } : {}), ...(p.description !== undefined ? { description: p.description } : {}) };
    inputs.set(p.name, { property: p.required ? property : withDefault(property), parameter: p, optional: !p.required });
  }
  const body = flow.requestBody;
  const content = isObject(body?.content) ? body.content : {};
  const media = Object.keys(content).find((m) => /json/i.test(m)) ?? Object.keys(content)[0];
  const entry = media === undefined ? undefined : content[media];
  const schema = isObject(entry) && isObject(entry.schema) ? entry.schema : undefined;
  if (schema) {
    const required = body?.required === true ? (Array.isArray(schema.required) ? schema.required : []) : [];
    const fields = isObject(schema.properties) ? Object.entries(schema.properties) : [['requestBody', schema] as const];
    for (const [name, s] of fields) {
      if (inputs.has(name)) continue;
      const property = schemaProperty(name, s);
      const optional = !required.includes(name) && !(name === 'requestBody' && body?.required === true);
      inputs.set(name, { property: optional ? withDefault(property) : property, optional });
    }
  }
  return inputs;
}

/** The flow's outputs (EndNode) from `fields.responses.success`: its top-level fields, or `result` when it is not an object. */
export function flowOutputs(flow: AjFlow): Map<string, Property> {
  const success = flow.responses.success;
  const outputs = new Map<string, Property>();
  if (!isObject(success)) return outputs;
  if (isObject(success.properties)) for (const [name, s] of Object.entries(success.properties)) outputs.set(name, schemaProperty(name, s));
  else if (success.type !== undefined && success.type !== 'object') outputs.set('result', schemaProperty('result', success));
  return outputs;
}

function withDefault(p: Property): Property {
  return p.type === 'string' ? { ...p, default: '' } : { ...nullable(p), default: null };
}

/** The property, its type (if any) widened to take `null`. */
export function nullable(p: Property): Property {
  if (p.type === undefined) return p;
  const types = Array.isArray(p.type) ? p.type : [p.type];
  return types.includes('null') ? p : { ...p, type: [...types, 'null'] };
}
