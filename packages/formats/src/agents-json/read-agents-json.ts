import { extraFields, opt } from '../object-fields.js';
import { readDocument, type ReadLimits } from '../read-document.js';
import { ShapeCheck, type Json } from '../shape-check.js';

export interface AjSource { readonly id: string; readonly path: string; readonly raw: Json }
export interface AjOverride { readonly index: number; readonly sourceId: string; readonly operationId: string; readonly fieldPath: string; readonly value: unknown }
export interface AjAction { readonly index: number; readonly id: string; readonly sourceId: string; readonly operationId: string; readonly extra: Json }
export interface AjLinkEnd { readonly actionId: string | null; readonly fieldPath: string }
export interface AjLink { readonly index: number; readonly origin: AjLinkEnd; readonly target: AjLinkEnd }
export interface AjFlowParameter { readonly index: number; readonly name: string; readonly description?: string; readonly required: boolean; readonly type?: string }
export interface AjFlow {
  readonly index: number;
  readonly id: string;
  readonly title: string;
  readonly description: string;
  readonly actions: readonly AjAction[];
  readonly links: readonly AjLink[];
  readonly parameters: readonly AjFlowParameter[];
  readonly requestBody?: Json;
  readonly responses: Json;
  readonly extra: Json;
}
/** An agents.json document, checked: every id a flow, action, link or override names exists. */
export interface AgentsJson {
  readonly agentsJson: string;
  readonly info: Json;
  readonly sources: readonly AjSource[];
  readonly overrides: readonly AjOverride[];
  readonly flows: readonly AjFlow[];
  readonly extra: Json;
}

const TOP_FIELDS = ['agentsJson', 'info', 'sources', 'overrides', 'flows'];
const FLOW_FIELDS = ['id', 'title', 'description', 'actions', 'links', 'fields'];
const ACTION_FIELDS = ['id', 'sourceId', 'operationId'];

/** Parse and check an agents.json document (AS_IMPORT_INVALID listing every problem). */
export function readAgentsJson(text: string, limits?: ReadLimits): AgentsJson {
  const check = new ShapeCheck('the agents.json document');
  const doc = check.object(readDocument(text, 'the agents.json document', limits), []);
  if (!doc) return check.done() as never;
  const agentsJson = check.string(doc.agentsJson, ['agentsJson']) ?? '';
  const info = check.object(doc.info, ['info']) ?? {};
  for (const key of ['title', 'version', 'description']) check.string(info[key], ['info', key]);
  const sources = check.array(doc.sources, ['sources']).flatMap((raw, i): AjSource[] => {
    const s = check.object(raw, ['sources', i]);
    if (!s) return [];
    return [{ id: check.string(s.id, ['sources', i, 'id']) ?? '', path: check.string(s.path, ['sources', i, 'path']) ?? '', raw: s }];
  });
  unique(check, sources.map((s) => s.id), (i) => ['sources', i, 'id'], 'source');
  const sourceIds = new Set(sources.map((s) => s.id));
  const overrides = check.array(doc.overrides, ['overrides'], false).flatMap((raw, index): AjOverride[] => {
    const o = check.object(raw, ['overrides', index]);
    if (!o) return [];
    const sourceId = check.string(o.sourceId, ['overrides', index, 'sourceId']) ?? '';
    if (sourceId && !sourceIds.has(sourceId)) check.problem(['overrides', index, 'sourceId'], `names no source ('${sourceId}'; sources: ${[...sourceIds].join(', ')})`);
    if (o.value === undefined || o.value === null) check.problem(['overrides', index, 'value'], 'is required');
    return [{ index, sourceId, operationId: check.string(o.operationId, ['overrides', index, 'operationId']) ?? '', fieldPath: check.string(o.fieldPath, ['overrides', index, 'fieldPath']) ?? '', value: o.value }];
  });
  const flows = check.array(doc.flows, ['flows']).flatMap((raw, i): AjFlow[] => {
    const f = check.object(raw, ['flows', i]);
    return f ? [readFlow(check, f, i, sourceIds)] : [];
  });
  unique(check, flows.map((f) => f.id), (i) => ['flows', i, 'id'], 'flow');
  check.done();
  return { agentsJson, info, sources, overrides, flows, extra: extraFields(doc, TOP_FIELDS) };
}

function readFlow(check: ShapeCheck, f: Json, index: number, sourceIds: ReadonlySet<string>): AjFlow {
  const at = (...p: (string | number)[]) => ['flows', index, ...p];
  const id = check.string(f.id, at('id')) ?? '';
  const actions = check.array(f.actions, at('actions')).flatMap((raw, i): AjAction[] => {
    const a = check.object(raw, at('actions', i));
    if (!a) return [];
    const sourceId = check.string(a.sourceId, at('actions', i, 'sourceId')) ?? '';
    if (sourceId && !sourceIds.has(sourceId)) check.problem(at('actions', i, 'sourceId'), `names no source ('${sourceId}'; sources: ${[...sourceIds].join(', ')})`);
    return [{ index: i, id: check.string(a.id, at('actions', i, 'id')) ?? '', sourceId, operationId: check.string(a.operationId, at('actions', i, 'operationId')) ?? '', extra: extraFields(a, ACTION_FIELDS) }];
  });
  unique(check, actions.map((a) => a.id), (i) => at('actions', i, 'id'), 'action');
  const actionIds = new Set(actions.map((a) => a.id));
  const end = (value: unknown, path: (string | number)[], side: 'origin' | 'target'): AjLinkEnd => {
    const e = check.object(value, path) ?? {};
    const actionId = e.actionId === null && side === 'origin' ? null : check.string(e.actionId, [...path, 'actionId']) ?? '';
    if (actionId !== null && actionId !== '' && actionId !== id && !actionIds.has(actionId)) check.problem([...path, 'actionId'], `names neither an action of the flow nor the flow ('${actionId}')`);
    return { actionId, fieldPath: check.string(e.fieldPath, [...path, 'fieldPath']) ?? '' };
  };
  const links = check.array(f.links, at('links'), false).flatMap((raw, i): AjLink[] => {
    const l = check.object(raw, at('links', i));
    return l ? [{ index: i, origin: end(l.origin, at('links', i, 'origin'), 'origin'), target: end(l.target, at('links', i, 'target'), 'target') }] : [];
  });
  const fields = check.object(f.fields, at('fields')) ?? {};
  const parameters = check.array(fields.parameters, at('fields', 'parameters')).flatMap((raw, i): AjFlowParameter[] => {
    const p = check.object(raw, at('fields', 'parameters', i));
    if (!p) return [];
    return [{
      index: i,
      name: check.string(p.name, at('fields', 'parameters', i, 'name')) ?? '',
      required: check.boolean(p.required, at('fields', 'parameters', i, 'required')) ?? false,
      ...opt('description', check.string(p.description, at('fields', 'parameters', i, 'description'), false)),
      ...opt('type', check.string(p.type, at('fields', 'parameters', i, 'type'), false)),
    }];
  });
  unique(check, parameters.map((p) => p.name), (i) => at('fields', 'parameters', i, 'name'), 'parameter');
  const responses = check.object(fields.responses, at('fields', 'responses')) ?? {};
  check.object(responses.success, at('fields', 'responses', 'success'));
  return {
    index,
    id,
    title: check.string(f.title, at('title')) ?? '',
    description: check.string(f.description, at('description')) ?? '',
    actions,
    links,
    parameters,
    ...opt('requestBody', check.object(fields.requestBody, at('fields', 'requestBody'), false)),
    responses,
    extra: extraFields(f, FLOW_FIELDS),
  };
}

function unique(check: ShapeCheck, ids: readonly string[], path: (i: number) => (string | number)[], what: string): void {
  const seen = new Set<string>();
  ids.forEach((id, i) => {
    if (id === '') return;
    if (seen.has(id)) check.problem(path(i), `the ${what} id '${id}' is used twice`);
    seen.add(id);
  });
}
