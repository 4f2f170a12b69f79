import type { Property } from '@agentspec/core';
import { RuntimeError, shapeOutputs, SUBMIT_RESULT, type ToolCall } from '@agentspec/runtime';
import type { ModelMessage } from 'ai';
import { SUBMITTED } from '../compile/tools/submit-result-tool.js';
import { resultText } from './conversation.js';
import { asToolCall, isAnswered, lastTurn, type Turn } from './turn.js';

/** What an agent session does next, read from its message history (the history is the state). */
export type NextStep =
  | { readonly kind: 'llm' }
  | { readonly kind: 'user_input' }
  | { readonly kind: 'tool_confirmation'; readonly requests: readonly ToolCall[] }
  | { readonly kind: 'tool_request'; readonly requests: readonly ToolCall[] }
  | { readonly kind: 'finished'; readonly outputs: Record<string, unknown> };

export interface AgentShape {
  readonly id: string;
  /** Names of the ClientTools (their calls go back to the caller). */
  readonly clientTools: ReadonlySet<string>;
  readonly outputs: readonly Property[];
  /** Outputs come as the native structured output (a JSON text reply), not through submit_result. */
  readonly native: boolean;
}

/** The outputs of the first accepted submit_result call of a turn (DESIGN §4.2: a valid call finishes the agent). */
function submitted(turn: Turn, outputs: readonly Property[]): Record<string, unknown> | undefined {
  if (outputs.length === 0) return undefined;
  const call = turn.calls.find((c) => c.toolName === SUBMIT_RESULT && turn.results.has(c.toolCallId) && resultText(turn.results.get(c.toolCallId)!) === SUBMITTED);
  return call ? shapeOutputs(outputs, asToolCall(call).args) : undefined;
}

function nativeOutputs(agent: AgentShape, text: string): Record<string, unknown> {
  try {
    const value = JSON.parse(text) as unknown;
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) return shapeOutputs(agent.outputs, value as Record<string, unknown>);
  } catch {
    // reported below
  }
  throw new RuntimeError('AS_LLM_RESPONSE', `the structured output is not a JSON object: ${text.slice(0, 200)}`, { agent: agent.id });
}

/**
 * The next step of an agent (DESIGN §4.2): confirmations first (every call
 * of the turn that asked for approval), then ClientTool calls not answered
 * yet, then an accepted submission finishes the agent; a text reply waits for
 * the user; anything else goes back to the LLM.
 */
export function nextStep(history: readonly ModelMessage[], agent: AgentShape): NextStep {
  const turn = lastTurn(history);
  if (!turn || history.at(-1)?.role === 'user') return { kind: 'llm' };
  if (turn.calls.length === 0) return agent.native && agent.outputs.length > 0 ? { kind: 'finished', outputs: nativeOutputs(agent, turn.text) } : { kind: 'user_input' };
  const confirm = turn.calls.filter((c) => turn.approvals.has(c.toolCallId) && !turn.responses.has(turn.approvals.get(c.toolCallId)!));
  if (confirm.length > 0) return { kind: 'tool_confirmation', requests: confirm.map(asToolCall) };
  const client = turn.calls.filter((c) => agent.clientTools.has(c.toolName) && !isAnswered(turn, c));
  if (client.length > 0) return { kind: 'tool_request', requests: client.map(asToolCall) };
  const outputs = submitted(turn, agent.outputs);
  return outputs ? { kind: 'finished', outputs } : { kind: 'llm' };
}
