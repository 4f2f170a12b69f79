import { apiNode, type ApiNode, type Property } from '@agentspec/core';
import { pointer, type Warnings } from '../format-warning.js';
import { isObject } from '../shape-check.js';
import type { PreparedOperation } from './prepare-operation.js';
import type { AjAction } from './read-agents-json.js';
import { nestedBodySlot, requestSlots, type RequestSlot } from './request-slots.js';
import { firstType, schemaProperty } from './schema-property.js';
import { uniqueName } from './unique-name.js';
import type { AgentsJsonWarningCode } from './warning-codes.js';
import type { TargetField } from './link-path.js';
import { setOwn } from '../object-fields.js';

/** The default `style` of each parameter location (OpenAPI 3). */
const DEFAULT_STYLE = { path: 'simple', query: 'form', header: 'simple', cookie: 'form' } as const;

/**
 * One action on its way to an ApiNode: the request slots of its operation,
 * the ones a value was bound to (each an input of the node, a string: a
 * template renders every value as text), and its outputs (the top-level
 * fields of the success response, or `response` for a body that is not an
 * object).
 */
export class ActionPlan {
  readonly slots: RequestSlot[];
  /** Input name of each bound slot, by slot key. */
  readonly bound = new Map<string, { slot: RequestSlot; input: string }>();
  readonly outputs: Property[];
  private readonly inputNames = new Set<string>();

  constructor(readonly nodeId: string, readonly action: AjAction, readonly op: PreparedOperation, readonly flowIndex: number) {
    this.slots = requestSlots(op);
    this.outputs = responseOutputs(op);
  }

  /** The slot a link target names, if the operation has it. */
  slotFor(target: Extract<TargetField, { to: 'parameter' | 'body' }>): RequestSlot | undefined {
    if (target.to === 'parameter') return this.slots.find((s) => s.parameter?.name === target.name);
    const key = target.path.length === 0 ? 'requestBody' : `requestBody.${target.path.join('.')}`;
    const known = this.slots.find((s) => s.key === key);
    if (known) return known;
    const nested = nestedBodySlot(this.op, target.path);
    if (nested) this.slots.push(nested);
    return nested;
  }

  /** The input a slot's value arrives at (named after the slot, the first time). */
  bind(slot: RequestSlot): string {
    const known = this.bound.get(slot.key);
    if (known) return known.input;
    const input = uniqueName(slot.name, this.inputNames);
    this.bound.set(slot.key, { slot, input });
    return input;
  }

  output(name: string): Property | undefined {
    return this.outputs.find((p) => p.title === name);
  }

  /** The ApiNode, with a warning for each part of the request a template cannot express exactly. */
  build(warnings: Warnings<AgentsJsonWarningCode>, apiSpecUri: string): ApiNode {
    const op = this.op;
    const at = pointer('flows', this.flowIndex, 'actions', this.action.index);
    const query: Record<string, unknown> = {};
    const headers: Record<string, unknown> = {};
    const cookies: string[] = [];
    const pathInputs = new Map<string, string>();
    // no body: `{}` sends none for GET, DELETE, …; POST, PUT and PATCH would send `{}`, so null (Agent Spec 26.1.0)
    let data: unknown = op.body || !['POST', 'PUT', 'PATCH'].includes(op.method) ? {} : null;
    const inputs: Property[] = [];
    for (const { slot, input } of this.bound.values()) {
      inputs.push({ title: input, type: 'string', ...(slot.description !== undefined ? { description: slot.description } : {}) });
      const placeholder = `{{ ${input} }}`;
      const p = slot.parameter;
      if (p) {
        const type = firstType(slot.schema);
        if ((!p.byContent && (type === 'array' || type === 'object')) || (p.style !== undefined && p.style !== DEFAULT_STYLE[p.in]) || (p.explode === false && p.in !== 'path' && p.in !== 'header')) {
          warnings.add('AJ_PARAMETER_STYLE', op.at, this.nodeId, `${p.in} parameter '${p.name}' of '${op.operationId}'${p.style ? ` (style ${p.style}${p.explode === undefined ? '' : `, explode ${p.explode}`})` : ''} is sent as text${type === 'array' || type === 'object' ? ' (JSON)' : ''}, not serialized per its OpenAPI style`);
        }
      }
      if (slot.where === 'path') pathInputs.set(slot.name, placeholder);
      else if (slot.where === 'query') setOwn(query, slot.name, placeholder);
      else if (slot.where === 'header') setOwn(headers, slot.name, placeholder);
      else if (slot.where === 'cookie') cookies.push(`${slot.name}=${placeholder}`);
      else if (slot.bodyPath!.length === 0) data = placeholder;
      else {
        if (typeof data !== 'object' || data === null) data = {};
        setAt(data as Record<string, unknown>, slot.bodyPath!, placeholder);
        const type = firstType(slot.schema);
        if (type !== undefined && type !== 'string' && op.body?.kind !== 'form') {
          warnings.add('AJ_BODY_VALUE_AS_STRING', op.at, this.nodeId, `body field '${slot.bodyPath!.join('.')}' of '${op.operationId}' is ${type === 'array' || type === 'integer' ? 'an' : 'a'} ${type} in the OpenAPI schema, but is sent as a string`);
        }
      }
    }
    if (cookies.length > 0) setOwn(headers, 'Cookie', cookies.join('; '));
    if (op.body && (op.body.kind === 'form' || op.body.kind === 'text' || typeof data === 'string')) setOwn(headers, 'Content-Type', op.body.kind === 'other' ? 'application/json' : op.body.media);
    if (op.body?.kind === 'other') warnings.add('AJ_BODY_MEDIA_TYPE', op.at, this.nodeId, `the request body of '${op.operationId}' is ${op.body.media}; it is sent as JSON`);
    if (pathInputs.size > 0) warnings.add('AJ_PATH_VALUE_UNENCODED', op.at, this.nodeId, `the values of ${[...pathInputs.keys()].map((n) => `'${n}'`).join(', ')} go into the URL of '${op.operationId}' as they are (not percent-encoded)`);
    if (op.security.length > 0) warnings.add('AJ_AUTH_SCHEME', op.at, this.nodeId, `'${op.operationId}' requires ${op.security.join(' or ')}: the ApiNode sends no credentials (add a header to it, or call it through a proxy that adds them)`);
    for (const key of Object.keys(this.action.extra)) warnings.add('AJ_UNKNOWN_FIELD', `${at}${pointer(key)}`, this.nodeId, `'${key}' is not a field of an agents.json action: kept in metadata`);
    const path = op.path.replace(/\{([^}]+)\}/g, (whole, name: string) => pathInputs.get(name) ?? whole);
    return apiNode({
      id: this.nodeId,
      name: this.action.id,
      ...(op.summary !== undefined ? { description: op.summary } : {}),
      url: `${op.serverUrl}${path}`,
      http_method: op.method,
      api_spec_uri: apiSpecUri,
      data,
      query_params: query,
      headers,
      inputs,
      outputs: this.outputs,
      metadata: { agents_json: { sourceId: op.sourceId, operationId: op.operationId, ...this.action.extra } },
    });
  }
}

/** The outputs of an operation: the fields of an object response, else the whole body as `response`; none without a body. */
function responseOutputs(op: PreparedOperation): Property[] {
  const response = op.response;
  if (!response) return [];
  const schema = response.schema;
  if (response.json && isObject(schema.properties) && Object.keys(schema.properties).length > 0) {
    return Object.entries(schema.properties).map(([name, s]) => schemaProperty(name, s));
  }
  return [schemaProperty('response', response.json ? schema : { type: 'string' })];
}

function setAt(target: Record<string, unknown>, path: readonly string[], value: unknown): void {
  let at = target;
  path.slice(0, -1).forEach((segment) => {
    if (!Object.hasOwn(at, segment) || !isObject(at[segment])) setOwn(at, segment, {});
    at = at[segment] as Record<string, unknown>;
  });
  setOwn(at, path.at(-1)!, value);
}
