import type { EndNode, StartNode } from '@agentspec/core';
import { single } from './simple.js';

/** StartNode and EndNode pass their values through (DESIGN §4.2); an EndNode ends the flow. */
export const startNode = single<StartNode>(async (_node, inputs) => ({ outputs: inputs }));
export const endNode = single<EndNode>(async (_node, inputs) => ({ outputs: inputs }));
