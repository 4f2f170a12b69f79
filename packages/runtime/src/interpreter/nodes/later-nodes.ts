import { CAUGHT_EXCEPTION_INFO, type CatchExceptionNode, type ParallelFlowNode, type ParallelMapNode, type UnknownComponent } from '@agentspec/core';
import { dispatchLaterNode } from '../../admit/later-node-dispatch.js';
import { caughtExceptionInfo, caughtOutcome, isCatchable } from '../../semantics/catch-exception.js';
import { mergeSubflowOutputs, runBounded, subflowInputs } from '../../semantics/parallel.js';
import type { Scope } from '../execution.js';
import { Pause } from '../journal.js';
import { runFlow } from '../run-flow.js';
import { mapOver } from './sub-flows.js';
import type { NodeExecutor, NodeResult } from './types.js';

/** ParallelFlowNode: every subflow at once (at most `limits.parallelism`), each on the inputs it declares; outputs merged. */
async function parallelFlowNode(node: ParallelFlowNode, inputs: Record<string, unknown>, scope: Scope): Promise<NodeResult> {
  const subflows = node.subflows ?? [];
  const scopes = subflows.map(() => scope.child('branch'));
  const results = await runBounded(subflows.length, scope.exec.services.limits.parallelism, async (i) => {
    const subflow = subflows[i]!;
    return (await runFlow(subflow, subflowInputs(subflow, inputs), scopes[i]!)).outputs;
  });
  return { outputs: mergeSubflowOutputs(node.outputs, results) };
}

/** ParallelMapNode: a MapNode whose iterations run at once (at most `limits.parallelism`), results reduced in input order. */
function parallelMapNode(node: ParallelMapNode, inputs: Record<string, unknown>, scope: Scope): Promise<NodeResult> {
  return mapOver(node, inputs, scope, scope.exec.services.limits.parallelism);
}

/**
 * CatchExceptionNode: the subflow; its outputs and exit branch, with
 * `caught_exception_info` null — or, when it fails (see isCatchable), each
 * output's default, the error as `caught_exception_info` and the branch
 * `caught_exception_branch`. A caught failure is journaled: a later run of
 * the session replays it as caught rather than trying the subflow again.
 */
async function catchExceptionNode(node: CatchExceptionNode, inputs: Record<string, unknown>, scope: Scope): Promise<NodeResult> {
  const key = scope.key('caught');
  const recorded = scope.exec.journal.get(key);
  if (recorded?.kind === 'caught') {
    for (const m of recorded.messages) scope.exec.addMessage(m);
    return caughtOutcome(node.outputs, recorded.info);
  }
  const before = scope.exec.messages.length;
  try {
    const r = await runFlow(node.subflow, inputs, scope.child('try'));
    return { outputs: { ...r.outputs, [CAUGHT_EXCEPTION_INFO]: null }, branch: r.branch };
  } catch (error) {
    if (!isCatchable(error, (e) => e instanceof Pause)) throw error;
    const info = caughtExceptionInfo(error);
    scope.exec.live = true;
    scope.exec.journal.set(key, { kind: 'caught', info, messages: scope.exec.messages.slice(before) });
    return caughtOutcome(node.outputs, info);
  }
}

/**
 * The `Unknown` entry of the node table: the nodes of later Agent Spec
 * versions the reference interpreter runs (admit() lets them through when the
 * runtime's capabilities list them in `runs`); any other is AS_UNSUPPORTED.
 */
export const laterNode: NodeExecutor<UnknownComponent> = (node, inputs, scope) =>
  dispatchLaterNode(node, { ParallelFlowNode: parallelFlowNode, ParallelMapNode: parallelMapNode, CatchExceptionNode: catchExceptionNode }, inputs, scope);
