/**
 * The ServerTool implementations an import returns for a foreign graph: each
 * runs the graph's own function on the state read from the spec's variables
 * and gives back what the spec's outputs need — the new values of the keys
 * it updates (through the graph's channels), the node it goes to, the
 * payloads of its `Send`s.
 */
import type { ToolRegistry } from '@agentspec/runtime';
import { END_KEY } from './graph-shape.js';
import { toPlain } from './message-json.js';
import { answerValue, outcome, runNode, type NodePolicies } from './node-runner.js';
import type { GraphState } from './state-channels.js';

type Tool = ToolRegistry[string];
type Invokable = { invoke(input: unknown, config?: unknown): Promise<unknown> };

/** The route of a `Send` fan-out (a BranchingNode branch): never a node name. */
export const SEND_ROUTE = '__send__';

export interface NodeToolOptions {
  readonly label: string;
  /** Inputs holding the user's answers to the node's interrupts, in order. */
  readonly answers: readonly string[];
  /** The output that says where a `Command` goes (null: on along the node's edges). */
  readonly route?: string;
  /** The node's retry policy and timeout. */
  readonly policies?: NodePolicies;
}

/** A graph node as a tool: state in, the new values of the keys it updates out (and its Command's destination). */
export function nodeTool(state: GraphState, node: unknown, o: NodeToolOptions): Tool {
  return async (args) => {
    const raw = await runNode(node, state.read(args), o.answers.map((a) => answerValue(args[a])), o.label, o.policies);
    const { updates, goto } = outcome(raw);
    const out = state.write(args, updates);
    if (o.route !== undefined) out[o.route] = destination(goto, o.label);
    else if (goto.length > 0) throw new Error(`node '${o.label}' returned a Command with a goto, but the import found no Command in its source: import the graph again`);
    return out;
  };
}

/** A path function as a tool: state in, the key or node it picks out (and the payloads of its Sends). */
export function routerTool(state: GraphState, path: unknown, o: { label: string; route: string; sendPayloads?: string; sendTarget?: string }): Tool {
  return async (args) => {
    const picked = await (path as Invokable).invoke(state.read(args));
    const list = Array.isArray(picked) ? picked : [picked];
    const sends = list.filter(isSend);
    if (sends.length > 0 && o.sendPayloads !== undefined) {
      if (sends.length !== list.length) throw new Error(`the router of '${o.label}' returned Sends and node names together: the import runs one or the other`);
      const wrong = sends.find((s) => s.node !== o.sendTarget);
      if (wrong) throw new Error(`the router of '${o.label}' sent to '${wrong.node}'; the import found Sends to '${o.sendTarget}' only`);
      return { [o.route]: SEND_ROUTE, [o.sendPayloads]: sends.map((s) => toPlain(s.args)) };
    }
    if (list.length === 0 && o.sendPayloads !== undefined) return { [o.route]: SEND_ROUTE, [o.sendPayloads]: [] };
    if (list.length !== 1) throw new Error(`the router of '${o.label}' returned ${list.length} destinations (run in parallel): the import goes one way only`);
    return { [o.route]: String(list[0]) };
  };
}

/** The node a `Send` goes to, as a tool in the MapNode's subflow: the payload in, its updates out (not yet reduced). */
export function sendTool(state: GraphState, node: unknown, o: { label: string; payload: string; updates: string; policies?: NodePolicies }): Tool {
  return async (args) => {
    const raw = await runNode(node, state.readPayload(args[o.payload]), [], o.label, o.policies);
    const { updates, goto } = outcome(raw);
    if (goto.length > 0) throw new Error(`node '${o.label}', run by a Send, returned a Command with a goto: not supported by the import`);
    return { [o.updates]: updates.map((u) => toPlain(u)) };
  };
}

/** After a MapNode: the updates of every Send, in order, reduced into the state. */
export function mergeTool(state: GraphState, collected: string): Tool {
  return async (args) => {
    const runs = (args[collected] ?? []) as unknown[];
    const updates = runs.flatMap((r) => (Array.isArray(r) ? r : [r])) as Record<string, unknown>[];
    return state.write(args, updates);
  };
}

function destination(goto: readonly unknown[], label: string): string | null {
  if (goto.length === 0) return null;
  if (goto.length > 1 || isSend(goto[0])) throw new Error(`node '${label}' returned a Command going to ${goto.length > 1 ? 'several nodes' : 'a Send'}: the import goes to one node`);
  const g = goto[0];
  return g === END_KEY ? END_KEY : String(g);
}

function isSend(v: unknown): v is { node: string; args: unknown } {
  return typeof v === 'object' && v !== null && (v as { lg_name?: unknown }).lg_name === 'Send';
}
