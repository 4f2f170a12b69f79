import type { Agent } from '@agentspec/core';
import type { ToolCall } from '../contract.js';
import { RuntimeError } from '../errors.js';
import { SUBMIT_RESULT } from './agent-tools.js';

/** A tool call as the LLM sent it: arguments as raw text. */
export interface RawToolCall {
  readonly id: string;
  readonly name: string;
  readonly arguments: string;
}

/**
 * The arguments of one call as a JSON object (empty text is `{}`), or the
 * coded AS_TOOL_CALL_INVALID saying why they are not one (DESIGN §11).
 */
export function parseToolArguments(text: string, tool: string, agent: string): Record<string, unknown> | RuntimeError {
  let args: unknown;
  try {
    args = text.trim() === '' ? {} : JSON.parse(text);
  } catch {
    return new RuntimeError('AS_TOOL_CALL_INVALID', `the LLM called '${tool}' with arguments that are not JSON: ${text.slice(0, 200)}`, { agent, tool });
  }
  if (typeof args !== 'object' || args === null || Array.isArray(args)) {
    return new RuntimeError('AS_TOOL_CALL_INVALID', `the LLM called '${tool}' with arguments that are not a JSON object`, { agent, tool });
  }
  return args as Record<string, unknown>;
}

/**
 * The calls of one LLM answer, checked: every one names a tool of the agent
 * (or `submit_result` when the agent has outputs, or one of `extraTools`, the
 * tools a multi-agent component adds) and has a JSON object as
 * arguments. The first problem is returned as a coded error; an answer with
 * one is refused as a whole — it never enters the conversation, so the
 * session stays usable (the next run asks the LLM again).
 */
export function checkToolCalls(agent: Agent, calls: readonly RawToolCall[], extraTools: readonly string[] = []): ToolCall[] | RuntimeError {
  const names = new Set([...agent.tools.map((t) => t.name), ...extraTools]);
  if ((agent.outputs ?? []).length > 0) names.add(SUBMIT_RESULT);
  const checked: ToolCall[] = [];
  for (const c of calls) {
    if (!names.has(c.name)) return new RuntimeError('AS_TOOL_CALL_INVALID', `the LLM called '${c.name}', which is not one of the agent's tools`, { agent: agent.id, tool: c.name });
    const args = parseToolArguments(c.arguments, c.name, agent.id);
    if (args instanceof RuntimeError) return args;
    checked.push({ id: c.id, name: c.name, args });
  }
  return checked;
}
