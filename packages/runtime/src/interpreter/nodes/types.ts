import type { Node } from '@agentspec/core';
import type { Scope } from '../execution.js';

export interface NodeResult {
  readonly outputs: Record<string, unknown>;
  readonly branch?: string;
}

/** Runs one kind of node on its resolved inputs. */
export type NodeExecutor<N extends Node = Node> = (node: N, inputs: Record<string, unknown>, scope: Scope) => Promise<NodeResult>;
