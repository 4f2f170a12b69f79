import type { EndNode, Node } from '@agentspec/core';
import { resolveInputs, RuntimeError } from '@agentspec/runtime';
import { createStep } from '@mastra/core/workflows';
import { AGENTSPEC_METADATA_KEY, CONTEXT_RUN } from '../../constants.js';
import { inSpan, type SpanPlace } from '../../events.js';
import type { FlowCompile } from './flow-compile.js';
import { frameOf, SHARED_KEY, type FlowEnvelope, type Frame } from './frame.js';
import type { NodeHandler, NodeResult, RunHooks, StepNode, StepParams } from './nodes/types.js';
import { FRAME_SCHEMA, nodeOutputSchema } from './schemas.js';

interface MastraParams extends StepParams {
  readonly inputData: unknown;
  readonly requestContext?: { get(key: string): unknown };
  suspend(payload: unknown): Promise<unknown>;
}

/**
 * The Mastra step of one node (DESIGN §4.2): count the execution against
 * `limits.maxSteps`, resolve the node's inputs from the frame (coerced,
 * defaults applied), run the node's handler, then record its outputs and the
 * next node — or suspend the workflow when the node needs the caller.
 */
export function nodeStep<N extends StepNode>(node: N, fc: FlowCompile, handler: NodeHandler<N>, id: string = fc.stepId(node)) {
  const site = { node: node.id };
  return createStep({
    id,
    description: node.description ?? `${node.component_type} '${node.name}'`,
    inputSchema: FRAME_SCHEMA,
    outputSchema: nodeOutputSchema(node),
    metadata: { [AGENTSPEC_METADATA_KEY]: { component_type: node.component_type, id: node.id, name: node.name } },
    execute: async (p: unknown) => {
      const params = p as MastraParams;
      let frame = frameOf(params.inputData);
      let startValues: Record<string, unknown> | undefined;
      if (!frame) {
        const { [SHARED_KEY]: envelope, ...given } = (params.inputData ?? {}) as Record<string, unknown>;
        frame = fc.initialFrame((envelope as FlowEnvelope | undefined)?.shared);
        startValues = resolveInputs(fc.flow.inputs ?? fc.flow.start_node.inputs, given, site);
      }
      const hooks = params.requestContext?.get(CONTEXT_RUN) as RunHooks | undefined;
      if (hooks?.signal?.aborted) throw new RuntimeError('AS_CANCELLED', 'the run was cancelled', site);
      const steps = frame.shared.steps + 1;
      if (steps > fc.ctx.limits.maxSteps) {
        throw new RuntimeError('AS_MAX_ITERATIONS', `more than ${fc.ctx.limits.maxSteps} node executions in one run`, site, { hint: 'raise limits.maxSteps, or check the loop condition' });
      }
      frame = { ...frame, shared: { ...frame.shared, steps } };
      const inputs = resolveInputs(node.inputs, startValues ?? fc.info.available(frame, node as Node), site);
      const current = frame;
      const events = hooks?.events;
      let place: SpanPlace | undefined;
      // the nodes of a sub-flow run in its flow span (kept in the shared context)
      const r = await (events ? events.within(frame.shared.span, () => inSpan(events, 'NodeExecutionStart', 'NodeExecutionEnd', node.name, { node: node.id, component_type: node.component_type, inputs },
        () => {
          place = events.here();
          return handler(node, inputs, { frame: current, params, hooks, fc });
        },
        (res: NodeResult) => ('outputs' in res ? { outputs: res.outputs, branch: res.branch ?? 'next' } : {}),
        // a node that waits for the caller stays open (the run's end pauses it; the run that resumes it continues it),
        // and so does one that calls a sub-flow (its :return step ends it)
        (res: NodeResult) => !('suspend' in res) && !('call' in res))) : handler(node, inputs, { frame: current, params, hooks, fc }));
      if ('suspend' in r) return params.suspend({ agentspec: r.suspend });
      if ('call' in r) return { ...frame, call: r.call, ...(place ? { callSpan: place } : {}) };
      return finishNode(fc, frame, node, r);
    },
  });
}

/** The frame after a node's result: conversation updated, outputs recorded, next node (AS_NO_TRANSITION when its branch has no edge). */
export function finishNode(fc: FlowCompile, frame: Frame, spec: StepNode | Node, r: { outputs: Record<string, unknown>; branch?: string; messages?: Frame['shared']['messages'] }): Frame {
  const node = spec as Node;
  const { call: _call, callSpan: _span, ...rest } = frame;
  let f: Frame = fc.info.consumed(r.messages ? { ...rest, shared: { ...rest.shared, messages: r.messages } } : rest, node);
  const branch = r.branch ?? 'next';
  if (node.component_type === 'EndNode') {
    return { ...f, next: null, end: { node: node.id, values: r.outputs }, last: { node: node.id, outputs: r.outputs, branch: (node as EndNode).branch_name ?? 'next' } };
  }
  f = fc.info.record(f, node, r.outputs);
  return { ...f, next: fc.info.next(node, branch), last: { node: node.id, outputs: r.outputs, branch } };
}
