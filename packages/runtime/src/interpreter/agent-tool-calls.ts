import type { Agent, Component, Tool } from '@agentspec/core';
import type { ToolCall } from '../contract.js';
import { RuntimeError } from '../errors.js';
import { SUBMIT_RESULT, submissionProblem } from '../semantics/agent-tools.js';
import { shapeOutputs } from '../semantics/inputs.js';
import { toolResultText } from '../semantics/tool-results.js';
import { transferIgnored } from '../semantics/swarm.js';
import type { Scope } from './execution.js';
import type { AgenticTools, Conversation } from './run-agent.js';

/**
 * Handle one turn's tool calls, in order: confirmations first (all at once),
 * then server tools run, client tools go to the caller; every call gets a
 * tool message. Returns the agent's outputs when a valid submit_result ends
 * it, the agent it handed the conversation over to when it called a transfer
 * tool (`extra`: the tools a multi-agent component adds; the first transfer
 * of a turn wins).
 */
export async function handleToolCalls(
  agent: Agent, calls: readonly ToolCall[], s: Scope, conversation: Conversation, extra?: AgenticTools,
): Promise<{ outputs?: Record<string, unknown>; handoff?: Component } | undefined> {
  const byName = new Map<string, Tool>(agent.tools.map((t) => [t.name, t]));
  const extraNames = new Set(extra?.specs.map((t) => t.name) ?? []);
  const outputs = agent.outputs ?? [];
  for (const c of calls) {
    if (c.name === SUBMIT_RESULT && outputs.length > 0) continue;
    if (extraNames.has(c.name)) continue;
    if (!byName.has(c.name)) throw new RuntimeError('AS_TOOL_CALL_INVALID', `the LLM called '${c.name}', which is not one of the agent's tools`, { agent: agent.id, tool: c.name });
  }
  const needConfirm = calls.filter((c) => byName.get(c.name)?.requires_confirmation === true);
  const decisions = needConfirm.length > 0 ? s.decisions(needConfirm) : {};
  for (const c of needConfirm) {
    const d = decisions[c.id];
    s.exec.event('ToolConfirmationResponse', s.spanId ?? 'run', c.name, { tool_call_id: c.id, decision: d?.decision, reason: d?.reason ?? null });
  }
  const results = new Map<string, string>();
  let finished: Record<string, unknown> | undefined;
  let handoff: Component | undefined;
  const clientCalls: ToolCall[] = [];
  for (const c of calls) {
    if (extra && extraNames.has(c.name)) {
      const r = await extra.call(c, s);
      results.set(c.id, r.handoff && handoff ? transferIgnored(r.handoff, handoff) : r.result);
      handoff ??= r.handoff;
      continue;
    }
    if (c.name === SUBMIT_RESULT && outputs.length > 0) {
      const problem = submissionProblem(outputs, c.args);
      if (problem) results.set(c.id, problem);
      else {
        finished ??= shapeOutputs(outputs, c.args);
        results.set(c.id, 'Result submitted.');
      }
      continue;
    }
    const tool = byName.get(c.name) as Tool;
    const decision = decisions[c.id];
    if (decision?.decision === 'reject') {
      results.set(c.id, `The user rejected this call of ${c.name}${decision.reason ? `: ${decision.reason}` : '.'}`);
      continue;
    }
    if (tool.component_type === 'ClientTool') {
      clientCalls.push(c);
      continue;
    }
    const entry = await s.span('ToolExecutionRequest', 'ToolExecutionResponse', tool.name, { tool: tool.id, tool_call_id: c.id, inputs: c.args }, (ts) =>
      ts.effect('tool', async () => ({ kind: 'tool' as const, result: await s.exec.services.toolRunner.run(tool, { ...c.args }, { agent: agent.id, tool: tool.name }, s.exec.services.signal) })),
    (e) => ({ outputs: e.result }));
    results.set(c.id, toolResultText(entry.result));
  }
  if (clientCalls.length > 0) {
    const given = s.toolResults(clientCalls);
    for (const c of clientCalls) results.set(c.id, toolResultText(given[c.id]));
  }
  for (const c of calls) conversation.add({ role: 'tool', content: results.get(c.id) ?? '', toolCallId: c.id, sender: c.name }, s.spanId);
  if (finished) return { outputs: finished };
  return handoff ? { handoff } : undefined;
}
