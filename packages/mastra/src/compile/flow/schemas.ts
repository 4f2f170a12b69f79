import type { Flow } from '@agentspec/core';
import { parametersSchema } from '@agentspec/runtime';
import type { StandardSchemaWithJSON } from '@mastra/core/schema';
import { coercingSchema, passthroughSchema } from '../schema/coercing-schema.js';
import { SHARED_KEY } from './frame.js';
import type { StepNode } from './nodes/types.js';

const SHARED_SCHEMA = {
  type: 'object',
  description: 'Agent Spec context shared with sub-flows: the conversation and the step count (and, on output, the finishing branch)',
};

/** Input of every node step: the frame (data space, next node, conversation). */
export const FRAME_SCHEMA = passthroughSchema({
  type: 'object',
  description: 'Agent Spec flow frame: the values waiting at node inputs, the node to run next, the conversation',
  properties: { $agentspec: { const: 'frame' }, next: { type: ['string', 'null'] }, shared: SHARED_SCHEMA },
  required: ['$agentspec', 'next', 'shared'],
});

/** Output of a node's step: the frame, with the node's outputs and branch under `last`. */
export function nodeOutputSchema(node: StepNode): StandardSchemaWithJSON {
  return passthroughSchema({
    type: 'object',
    description: `Agent Spec flow frame after ${node.component_type} '${node.id}'`,
    properties: {
      $agentspec: { const: 'frame' },
      next: { type: ['string', 'null'] },
      last: { type: 'object', properties: { node: { const: node.id }, outputs: parametersSchema(node.outputs), branch: { enum: [...node.branches] } } },
      shared: SHARED_SCHEMA,
    },
  });
}

/** Input of a flow's workflow: the flow inputs (coerced; missing ones are the StartNode's to report), plus the shared context. */
export function flowInputSchema(flow: Flow): StandardSchemaWithJSON {
  const s = parametersSchema(flow.inputs ?? flow.start_node.inputs);
  return coercingSchema({ ...s, required: [], additionalProperties: true, properties: { ...(s.properties as object), [SHARED_KEY]: SHARED_SCHEMA } });
}

/** Output of a flow's workflow: the flow outputs, plus the shared context and the finishing branch. */
export function flowOutputSchema(flow: Flow): StandardSchemaWithJSON {
  const s = parametersSchema(flow.outputs);
  return passthroughSchema({ ...s, additionalProperties: true, properties: { ...(s.properties as object), [SHARED_KEY]: SHARED_SCHEMA } });
}
