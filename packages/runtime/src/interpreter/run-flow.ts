import { isUnknownComponent, kindOf, laterComponent, type EndNode, type Flow, type Node, type Property } from '@agentspec/core';
import { unsupportedComponent } from '../admit/admit.js';
import { RuntimeError } from '../errors.js';
import { DataFlow } from '../semantics/data-flow.js';
import { FlowRules } from '../semantics/flow-rules.js';
import { finishFlow } from '../semantics/flow-outputs.js';
import { resolveInputs } from '../semantics/inputs.js';
import type { Scope } from './execution.js';
import { NODE_EXECUTORS } from './nodes/index.js';
import { INTERPRETED_LATER_NODES } from '../admit/capabilities.js';
import type { NodeExecutor, NodeResult } from './nodes/types.js';

export interface FlowResult {
  readonly outputs: Record<string, unknown>;
  readonly branch: string;
}

/**
 * Run a flow (DESIGN §4.2): from start_node, each node gets its inputs (data
 * edges, or names when data_flow_connections is null), runs, and picks a
 * branch whose control edge says what runs next, until an EndNode.
 */
export function runFlow(flow: Flow, inputs: Readonly<Record<string, unknown>>, scope: Scope): Promise<FlowResult> {
  return scope.span('FlowExecutionStart', 'FlowExecutionEnd', flow.name, { flow: flow.id, inputs }, async (s) => {
    const data = new DataFlow(rulesOf(flow));
    const start = flow.start_node;
    const startValues = resolveInputs(flow.inputs ?? start.inputs, inputs, { node: start.id });
    let node: Node = start;
    for (;;) {
      const exec = s.exec;
      if (++exec.steps > exec.services.limits.maxSteps) {
        throw new RuntimeError('AS_MAX_ITERATIONS', `more than ${exec.services.limits.maxSteps} node executions in one run`, { node: node.id }, { hint: 'raise limits.maxSteps, or check the loop condition' });
      }
      const nodeInputs: Record<string, unknown> = node === start ? resolveInputs(start.inputs, startValues, { node: node.id }) : resolveInputs(node.inputs as readonly Property[] | null | undefined, data.available(node), { node: node.id });
      const current: Node = node;
      const result: NodeResult = await s.span('NodeExecutionStart', 'NodeExecutionEnd', current.name, { node: current.id, component_type: current.component_type, inputs: nodeInputs },
        (ns) => (NODE_EXECUTORS[kindOf(current)] as NodeExecutor)(current, nodeInputs, ns),
        (r) => ({ outputs: r.outputs, branch: r.branch ?? 'next' }));
      if (current.component_type === 'EndNode') return finishFlow(flow, current as EndNode, result.outputs);
      data.record(current, result.outputs);
      node = runnable(data.rules.transition(current, result.branch ?? 'next').to_node);
    }
  }, (r) => ({ outputs: r.outputs, branch: r.branch }));
}

/** The rules of each flow, indexed once (they never change): not again on every run. */
const RULES = new WeakMap<Flow, FlowRules>();

function rulesOf(flow: Flow): FlowRules {
  let rules = RULES.get(flow);
  if (!rules) RULES.set(flow, (rules = new FlowRules(flow)));
  return rules;
}

/** A node the interpreter runs: a built-in one, or a later version's it knows (later-nodes.ts); else AS_UNSUPPORTED. */
function runnable(node: Node): Node {
  if (!isUnknownComponent(node)) return node;
  if (INTERPRETED_LATER_NODES.some((type) => laterComponent(node, type))) return node;
  throw unsupportedComponent(node);
}
