import type { AgentOutputItem, ModelRequest } from '@openai/agents';
import { RuntimeError, type ErrorSite } from '@agentspec/runtime';

/**
 * Refuse a model answer whose tool calls the spec's semantics reject
 * (DESIGN §4.2, §11): a call of a tool that was not offered, or arguments
 * that are not a JSON object, fail the run with AS_TOOL_CALL_INVALID before
 * anything runs. (The SDK on its own answers unparseable arguments back to
 * the model and lets it try again.)
 */
export function checkToolCalls(output: readonly AgentOutputItem[], request: Pick<ModelRequest, 'tools' | 'handoffs'>, site: ErrorSite): void {
  // what was offered: the tools and the handoffs (a Swarm's transfer_to_… tools, run natively)
  const names = new Set([...request.tools.map((t) => t.name), ...(request.handoffs ?? []).map((h) => h.toolName)]);
  for (const item of output) {
    if (item.type !== 'function_call') continue;
    const where = { ...site, tool: item.name };
    if (!names.has(item.name)) throw new RuntimeError('AS_TOOL_CALL_INVALID', `the LLM called '${item.name}', which is not one of the agent's tools`, where);
    let args: unknown = {};
    try {
      if (item.arguments.trim() !== '') args = JSON.parse(item.arguments);
    } catch {
      throw new RuntimeError('AS_TOOL_CALL_INVALID', `the LLM called '${item.name}' with arguments that are not JSON: ${item.arguments.slice(0, 200)}`, where);
    }
    if (typeof args !== 'object' || args === null || Array.isArray(args)) {
      throw new RuntimeError('AS_TOOL_CALL_INVALID', `the LLM called '${item.name}' with arguments that are not a JSON object`, where);
    }
  }
}
