import { isObject, type Json } from '../shape-check.js';
import type { OperationParameter, ParameterLocation, PreparedOperation } from './prepare-operation.js';

/** A part of a request a value can go into: a parameter, a body field, or the whole body. */
export interface RequestSlot {
  /** `parameters.<name>`, `requestBody.<a.b>`, or `requestBody`. */
  readonly key: string;
  readonly where: ParameterLocation | 'body';
  /** The parameter's or field's name (the last path segment; `body` for the whole body). */
  readonly name: string;
  /** Of a body field: its path in the body ([] for the whole body). */
  readonly bodyPath?: readonly string[];
  readonly schema: Json;
  readonly required: boolean;
  readonly description?: string;
  readonly parameter?: OperationParameter;
}

/**
 * The slots of an operation a flow may fill: every parameter; every
 * top-level field of an object body sent as JSON or a form (required when
 * the body is and its schema says so); otherwise the whole body.
 */
export function requestSlots(op: PreparedOperation): RequestSlot[] {
  const slots: RequestSlot[] = op.parameters.map((p) => ({
    key: `parameters.${p.name}`, where: p.in, name: p.name, schema: p.schema, required: p.required, parameter: p,
    ...(p.description !== undefined ? { description: p.description } : {}),
  }));
  const body = op.body;
  if (!body) return slots;
  if (body.kind !== 'text' && isObjectSchema(body.schema)) {
    const required = Array.isArray(body.schema.required) ? body.schema.required : [];
    for (const [name, schema] of Object.entries(isObject(body.schema.properties) ? body.schema.properties : {})) {
      slots.push({ key: `requestBody.${name}`, where: 'body', name, bodyPath: [name], schema: isObject(schema) ? schema : {}, required: body.required && required.includes(name), ...describe(schema) });
    }
  } else {
    slots.push({ key: 'requestBody', where: 'body', name: 'body', bodyPath: [], schema: body.schema, required: body.required, ...describe(body.schema) });
  }
  return slots;
}

/** A slot for a body field path a link names that is not a top-level field (`requestBody.customer.id`), if the schema allows it. */
export function nestedBodySlot(op: PreparedOperation, path: readonly string[]): RequestSlot | undefined {
  const body = op.body;
  if (!body || body.kind === 'text' || !isObjectSchema(body.schema) || path.length === 0) return undefined;
  let schema: Json = body.schema;
  for (const segment of path) {
    if (!isObject(schema.properties)) {
      // an open object (no properties listed) takes any field
      if (schema.type !== undefined && schema.type !== 'object') return undefined;
      schema = {};
      continue;
    }
    const next = Object.hasOwn(schema.properties, segment) ? schema.properties[segment] : undefined;
    if (!isObject(next)) return undefined;
    schema = next;
  }
  return { key: `requestBody.${path.join('.')}`, where: 'body', name: path.at(-1)!, bodyPath: path, schema, required: false, ...describe(schema) };
}

function isObjectSchema(schema: Json): boolean {
  return schema.type === 'object' || (schema.type === undefined && isObject(schema.properties));
}

function describe(schema: unknown): { description?: string } {
  return isObject(schema) && typeof schema.description === 'string' ? { description: schema.description } : {};
}
