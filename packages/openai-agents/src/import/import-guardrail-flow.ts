import {
  agentNode, branchingNode, controlFlowEdge, dataFlowEdge, endNode, flow, startNode,
  type Agent as SpecAgent, type ControlFlowEdge, type DataFlowEdge, type Flow, type Node, type Property,
} from '@agentspec/core';
import type { AnyAgent } from './any-agent.js';
import { importAgent, type ImportRun } from './import-agent.js';
import type { AgentGuardrail } from './read-input-guardrail.js';

/** The branch a guarded flow finishes on when an input guardrail trips (the SDK throws `InputGuardrailTripwireTriggered`). */
export const GUARDRAIL_TRIPPED_BRANCH = 'guardrail_tripped';
/** The output of that branch's EndNode: the name of the guardrail that tripped. */
export const GUARDRAIL_OUTPUT = 'guardrail';

/** A flow output of the agent: null (its default) when a guardrail tripped and the agent did not run. */
function unsetWhenTripped(o: Property): Property {
  if ('default' in o) return o;
  const types = o.type === undefined ? undefined : Array.isArray(o.type) ? o.type : [o.type];
  return { ...o, ...(types && !types.includes('null') ? { type: [...types, 'null'] } : {}), default: null };
}

/**
 * An agent behind its input guardrails, as a Flow: StartNode → for each
 * guardrail (in order) an AgentNode running its agent (outputs from its
 * output type) and a BranchingNode on the tripwire field, whose tripping
 * value goes to an EndNode on branch `guardrail_tripped` (output `guardrail`:
 * the guardrail's name) → the agent's AgentNode → an EndNode on `next` with
 * the agent's outputs (and `guardrail` empty). The flow's outputs are the
 * agent's and `guardrail`.
 */
export async function importGuardrailFlow(spec: SpecAgent, guardrails: readonly AgentGuardrail[], flowId: string, run: ImportRun): Promise<Flow> {
  const start = startNode({ id: 'start', name: 'Start', inputs: [] });
  const nodes: Node[] = [start];
  const control: ControlFlowEdge[] = [];
  const data: DataFlowEdge[] = [];
  const link = (from: Node, to: Node, branch?: string): void => {
    control.push(controlFlowEdge({ id: `${from.id}_${branch ?? 'next'}_to_${to.id}`, name: `${from.name} → ${to.name}`, from_node: from, ...(branch ? { from_branch: branch } : {}), to_node: to }));
  };
  const wire = (from: Node, output: string, to: Node, input: string): void => {
    data.push(dataFlowEdge({ id: `${from.id}_${output}_to_${to.id}_${input}`, name: `${from.name}.${output} → ${to.name}.${input}`, source_node: from, source_output: output, destination_node: to, destination_input: input }));
  };
  const imported = new Map<AnyAgent, SpecAgent>();
  let tail: { node: Node; branch?: string } = { node: start };
  for (const [i, g] of guardrails.entries()) {
    // a guardrail agent used by several guardrails is imported once (its nodes then named by the guardrail's place)
    const reused = imported.get(g.agent);
    const guardAgent = reused ?? (await importAgent(g.agent, run)).spec;
    imported.set(g.agent, guardAgent);
    const id = reused ? `${guardAgent.id}_${i}` : guardAgent.id;
    const check = agentNode({ id: `check_${id}`, name: g.name, agent: guardAgent, inputs: [], outputs: guardAgent.outputs ?? [] });
    const field = (guardAgent.outputs ?? []).find((o) => o.title === g.field) as Property;
    const tripwire = branchingNode({
      id: `tripwire_${id}`, name: `${g.name} tripwire`, inputs: [{ ...field }], outputs: [],
      mapping: { [String(g.tripsOn)]: GUARDRAIL_TRIPPED_BRANCH },
    });
    const named: Property = { title: GUARDRAIL_OUTPUT, type: 'string', description: 'The input guardrail that tripped', default: g.name };
    const tripped = endNode({ id: `tripped_${id}`, name: `${g.name} tripped`, branch_name: GUARDRAIL_TRIPPED_BRANCH, inputs: [named], outputs: [named] });
    nodes.push(check, tripwire, tripped);
    link(tail.node, check, tail.branch);
    link(check, tripwire);
    wire(check, g.field, tripwire, g.field);
    link(tripwire, tripped, GUARDRAIL_TRIPPED_BRANCH);
    tail = { node: tripwire, branch: 'default' };
  }
  const outputs = spec.outputs ?? [];
  const main = agentNode({ id: `run_${spec.id}`, name: spec.name, agent: spec, inputs: [], outputs });
  const none: Property = { title: GUARDRAIL_OUTPUT, type: 'string', description: 'The input guardrail that tripped (none: empty)', default: '' };
  const end = endNode({ id: 'end', name: 'End', inputs: [...outputs, none], outputs: [...outputs, none] });
  nodes.push(main, end);
  link(tail.node, main, tail.branch);
  link(main, end);
  for (const o of outputs) wire(main, o.title, end, o.title);
  return flow({
    id: flowId, name: spec.name, ...(spec.description ? { description: spec.description } : {}),
    inputs: [], outputs: [...outputs.map(unsetWhenTripped), none], start_node: start, nodes, control_flow_connections: control, data_flow_connections: data,
  });
}
