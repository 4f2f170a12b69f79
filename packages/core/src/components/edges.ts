import { comp, str } from '../model/fields.js';
import type { ComponentHandler } from './handler.js';

export const controlFlowEdge: ComponentHandler = {
  type: 'ControlFlowEdge',
  summary: 'A possible transition from a branch of one node (null: `next`) to another node.',
  fields: [
    { name: 'from_node', type: comp('Node'), required: true },
    { name: 'from_branch', type: str, nullable: true, default: null },
    { name: 'to_node', type: comp('Node'), required: true },
  ],
};

export const dataFlowEdge: ComponentHandler = {
  type: 'DataFlowEdge',
  summary: 'Writes an output of one node into an input of another when the source finishes (last writer wins).',
  fields: [
    { name: 'source_node', type: comp('Node'), required: true },
    { name: 'source_output', type: str, required: true },
    { name: 'destination_node', type: comp('Node'), required: true },
    { name: 'destination_input', type: str, required: true },
  ],
};
