import { canCast, controlFlowEdge, dataFlowEdge, endNode, flow as buildFlowComponent, startNode, type Flow, type Node, type Property } from '@agentspec/core';
import { pointer, type Warnings } from '../format-warning.js';
import { ActionPlan } from './action-plan.js';
import { actionOrder } from './action-order.js';
import { flowInputs, flowOutputs, nullable, type FlowInput } from './flow-interface.js';
import { parseOrigin, parseTarget } from './link-path.js';
import { prepareOperation } from './prepare-operation.js';
import type { AgentsJson, AjFlow } from './read-agents-json.js';
import type { RefContext } from './resolve-refs.js';
import type { SourceDocuments } from './source-documents.js';
import { uniqueName } from './unique-name.js';
import type { AgentsJsonWarningCode } from './warning-codes.js';

export interface FlowContext {
  readonly sources: SourceDocuments;
  readonly serverUrls: Readonly<Record<string, string>>;
  /** A `$ref` context whose reports land on one node. */
  readonly refs: (nodeId: string, at: string) => RefContext;
  readonly warnings: Warnings<AgentsJsonWarningCode>;
}

type Side = 'start' | 'end' | ActionPlan;
interface Edge { readonly from: Side; readonly output: string; readonly to: Side; readonly input: string }

/**
 * One agents.json flow as an Agent Spec Flow: StartNode (the flow's
 * parameters and request body fields) → one ApiNode per action, in the
 * order the links need → EndNode (the flow's response fields); links are
 * data edges, and what no link feeds is fed by name or becomes a flow input.
 */
export function buildFlow(doc: AgentsJson, flow: AjFlow, context: FlowContext): Flow {
  const { warnings } = context;
  const at = (...p: (string | number)[]) => pointer('flows', flow.index, ...p);
  const inputs = flowInputs(flow, warnings);
  const outputs = flowOutputs(flow);
  const { order, reordered } = actionOrder(flow);
  if (reordered) warnings.add('AJ_ACTIONS_REORDERED', at('actions'), flow.id, `the links need the order ${order.map((a) => a.id).join(' → ')}`);

  const ids = new Set<string>([flow.id]);
  const plans = new Map<string, ActionPlan>();
  const applied = new Set<number>();
  const failed = new Map<number, string>();
  const severalWarned = new Set<string>();
  for (const action of order) {
    const nodeId = ids.has(action.id) ? uniqueName(`action_${action.id}`, ids) : (ids.add(action.id), action.id);
    const source = context.sources.get(action.sourceId);
    const op = prepareOperation(source, action.operationId, doc.overrides, context.serverUrls[action.sourceId], context.refs(nodeId, `${action.sourceId}:`));
    for (const i of op.applied) applied.add(i);
    for (const f of op.failed) failed.set(f.index, f.why);
    if (op.severalServers && !severalWarned.has(action.sourceId)) {
      severalWarned.add(action.sourceId);
      warnings.add('AJ_SERVER_CHOSEN', `${action.sourceId}:/servers`, nodeId, `source '${action.sourceId}' lists several servers: ${op.serverUrl} (the first) is called`);
    }
    plans.set(action.id, new ActionPlan(nodeId, action, op, flow.index));
  }
  for (const o of doc.overrides) {
    if (applied.has(o.index)) continue;
    warnings.add('AJ_OVERRIDE_UNUSED', pointer('overrides', o.index), flow.id, failed.get(o.index) ?? `no action of flow '${flow.id}' calls '${o.operationId}' of source '${o.sourceId}'`);
  }

  const edges: Edge[] = [];
  const fedOutputs = new Set<string>();
  const connect = (from: Side, output: string, to: Side, input: string) => {
    edges.push({ from, output, to, input });
    const fed = from === 'start' ? inputs.get(output) : undefined;
    if (fed?.optional && to !== 'end' && to !== 'start' && !fed.fedRequest) {
      fed.fedRequest = true;
      warnings.add('AJ_OPTIONAL_INPUT', fed.parameter ? at('fields', 'parameters', fed.parameter.index) : at('fields', 'requestBody'), to.nodeId, `optional flow input '${output}' feeds a request: when it is not given, ${JSON.stringify(fed.property.default)} is sent`);
    }
  };
  const actionOf = (id: string | null) => (id === null ? undefined : plans.get(id));
  for (const link of flow.links) {
    const where = at('links', link.index);
    const originPlan = actionOf(link.origin.actionId);
    const origin = parseOrigin(link.origin.fieldPath, !originPlan);
    let from: { side: Side; output: string } | undefined;
    if (origin?.from === 'flow' && inputs.has(origin.name)) from = { side: 'start', output: origin.name };
    else if (origin?.from === 'action' && originPlan) {
      if (origin.nested.length > 0) {
        warnings.add('AJ_LINK_NESTED_PATH', `${where}/origin/fieldPath`, originPlan.nodeId, `link ${link.index} reads '${link.origin.fieldPath}', a part of output '${origin.output}' of '${originPlan.action.id}': left out`);
        continue;
      }
      if (!originPlan.output(origin.output)) {
        originPlan.outputs.push({ title: origin.output });
        warnings.add('AJ_RESPONSE_FIELD_UNDECLARED', `${where}/origin/fieldPath`, originPlan.nodeId, `the success response of '${originPlan.op.operationId}' declares no '${origin.output}': the output is untyped`);
      }
      from = { side: originPlan, output: origin.output };
    }
    if (!from) {
      warnings.add('AJ_LINK_FIELD_UNKNOWN', `${where}/origin`, originPlan?.nodeId ?? flow.id, `link ${link.index} reads '${link.origin.fieldPath}' of ${originPlan ? `action '${originPlan.action.id}'` : 'the flow'}, which it does not have: left out`);
      continue;
    }
    const targetPlan = actionOf(link.target.actionId);
    const target = parseTarget(link.target.fieldPath, !targetPlan);
    let to: { side: Side; input: string } | undefined;
    if (target?.to === 'flow' && outputs.has(target.name)) {
      to = { side: 'end', input: target.name };
      fedOutputs.add(target.name);
    } else if (target && target.to !== 'flow' && targetPlan) {
      const slot = targetPlan.slotFor(target);
      if (slot) to = { side: targetPlan, input: targetPlan.bind(slot) };
    }
    if (!to) {
      warnings.add('AJ_LINK_FIELD_UNKNOWN', `${where}/target`, targetPlan?.nodeId ?? flow.id, `link ${link.index} writes '${link.target.fieldPath}' of ${targetPlan ? `action '${targetPlan.action.id}' (operation '${targetPlan.op.operationId}')` : 'the flow'}, which it does not have: left out`);
      continue;
    }
    connect(from.side, from.output, to.side, to.input);
  }

  // what no link feeds: a flow input of the same name, else (when required) a new flow input
  for (const plan of plans.values()) {
    for (const slot of [...plan.slots]) {
      if (plan.bound.has(slot.key) || (slot.bodyPath?.length ?? 0) > 1) continue;
      const same = inputs.get(slot.name);
      if (same) {
        connect('start', slot.name, plan, plan.bind(slot));
        warnings.add('AJ_LINK_INFERRED', plan.op.at, plan.nodeId, `${slot.where === 'body' ? 'body field' : `${slot.where} parameter`} '${slot.name}' of '${plan.action.id}' is fed by the flow parameter of that name`);
      } else if (slot.required) {
        const name = uniqueName(`${plan.action.id}_${slot.name}`, new Set(inputs.keys()));
        inputs.set(name, { property: { title: name, type: 'string', ...(slot.description !== undefined ? { description: slot.description } : {}) }, optional: false });
        connect('start', name, plan, plan.bind(slot));
        warnings.add('AJ_UNLINKED_INPUT', plan.op.at, plan.nodeId, `required ${slot.where === 'body' ? 'body field' : `${slot.where} parameter`} '${slot.name}' of '${plan.action.id}' is fed by no link: it is the flow input '${name}'`);
      }
    }
  }
  // flow outputs no link fills: the last response (or flow input) of that name, else null
  for (const [name, property] of outputs) {
    if (fedOutputs.has(name)) continue;
    const plan = [...plans.values()].reverse().find((p) => p.output(name));
    const where = at('fields', 'responses', 'success');
    if (plan || inputs.has(name)) {
      connect(plan ?? 'start', name, 'end', name);
      warnings.add('AJ_OUTPUT_INFERRED', where, plan?.nodeId ?? flow.id, `flow output '${name}' is filled by no link: it is ${plan ? `the '${name}' of the response of '${plan.action.id}'` : `the flow input '${name}'`}`);
    } else {
      outputs.set(name, { ...nullable(property), default: null });
      warnings.add('AJ_OUTPUT_UNBOUND', where, flow.id, `nothing fills flow output '${name}': it is null`);
    }
  }
  // types of what reaches the EndNode must cast to the flow's outputs
  for (const e of edges) {
    if (e.to !== 'end') continue;
    const source = e.from === 'start' ? inputs.get(e.output)?.property : e.from === 'end' ? undefined : e.from.output(e.output);
    const dest = outputs.get(e.input);
    if (!source || !dest || canCast(source, dest)) continue;
    const { type: _dropped, ...untyped } = dest;
    outputs.set(e.input, untyped as Property);
    warnings.add('AJ_LINK_TYPE_MISMATCH', at('fields', 'responses', 'success'), flow.id, `flow output '${e.input}' is ${JSON.stringify(dest.type)} but receives ${JSON.stringify(source.type ?? 'any')}: it is left untyped`);
  }
  return assemble(doc, flow, order.map((a) => plans.get(a.id)!), inputs, outputs, edges, ids, warnings);
}

function assemble(doc: AgentsJson, flow: AjFlow, plans: readonly ActionPlan[], inputs: ReadonlyMap<string, FlowInput>, outputs: ReadonlyMap<string, Property>, edges: readonly Edge[], ids: Set<string>, warnings: FlowContext['warnings']): Flow {
  const startProps = [...inputs.values()].map((i) => i.property);
  const endProps = [...outputs.values()];
  const start = startNode({ id: uniqueName('start', ids), name: 'start', inputs: startProps, outputs: startProps });
  const end = endNode({ id: uniqueName('end', ids), name: 'end', inputs: endProps, outputs: endProps });
  const nodes = new Map<Side, Node>([['start', start], ['end', end]]);
  const source = (plan: ActionPlan) => doc.sources.find((s) => s.id === plan.action.sourceId)!.path;
  for (const plan of plans) nodes.set(plan, plan.build(warnings, source(plan)));
  const chain = [start, ...plans.map((p) => nodes.get(p)!), end];
  const control = chain.slice(1).map((to, i) => controlFlowEdge({ id: `${chain[i]!.id}->${to.id}`, name: `${chain[i]!.name}->${to.name}`, from_node: chain[i]!, to_node: to }));
  const data = new Map<string, ReturnType<typeof dataFlowEdge>>();
  for (const e of edges) {
    const from = nodes.get(e.from)!;
    const to = nodes.get(e.to)!;
    const id = `${from.id}.${e.output}->${to.id}.${e.input}`;
    if (!data.has(id)) data.set(id, dataFlowEdge({ id, name: id, source_node: from, source_output: e.output, destination_node: to, destination_input: e.input }));
  }
  for (const key of Object.keys(flow.extra)) warnings.add('AJ_UNKNOWN_FIELD', pointer('flows', flow.index, key), flow.id, `'${key}' is not a field of an agents.json flow: kept in metadata`);
  for (const key of Object.keys(doc.extra)) warnings.add('AJ_UNKNOWN_FIELD', pointer(key), flow.id, `'${key}' is not a field of an agents.json document: kept in metadata`);
  return buildFlowComponent({
    id: flow.id,
    name: flow.title || flow.id,
    description: flow.description,
    start_node: start,
    nodes: chain,
    control_flow_connections: control,
    data_flow_connections: [...data.values()],
    metadata: { agents_json: { agentsJson: doc.agentsJson, info: doc.info, flow: flow.id, ...flow.extra, ...(Object.keys(doc.extra).length > 0 ? { document: doc.extra } : {}) } },
  });
}
