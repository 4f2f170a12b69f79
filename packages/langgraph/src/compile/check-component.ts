import { AgentSpecLoadError, hasErrors, isBuiltinType, validateComponent, type Component, type Tool } from '@agentspec/core';
import { eachComponent, requireServerTools, RuntimeError } from '@agentspec/runtime';
import type { CompileContext } from './context.js';

const REMOTE_AGENTS = new Set(['OpenAiAgent', 'OciAgent']);

/**
 * Refuse at compile time what the graph cannot run — nothing is skipped
 * silently: an invalid spec (AgentSpecLoadError with every diagnostic), a
 * root that is not an Agent or a Flow, remote agents, OCI GenAI configs and
 * components of no known type (AS_UNSUPPORTED, naming them), ServerTools
 * without an implementation (AS_MISSING_TOOL, listing them all). Warns where
 * the graph will not behave as the spec says (interrupts without a
 * checkpointer; step limits of nested flows).
 */
export function checkComponent(root: Component, ctx: CompileContext): void {
  const diagnostics = validateComponent(root);
  if (hasErrors(diagnostics)) throw new AgentSpecLoadError(diagnostics);
  if (root.component_type !== 'Agent' && root.component_type !== 'Flow') {
    throw new RuntimeError('AS_UNSUPPORTED', `a ${root.component_type} cannot be compiled to a LangGraph graph on its own: compile an Agent or a Flow`);
  }
  let nested = false;
  let pauses: string | undefined = root.component_type === 'Agent' ? root.id : undefined;
  eachComponent(root, (c) => {
    const type = c.component_type;
    if (REMOTE_AGENTS.has(type)) throw new RuntimeError('AS_UNSUPPORTED', `${type} '${c.id}' (a remote agent) cannot run in a LangGraph graph`);
    if (!isBuiltinType(type)) throw new RuntimeError('AS_UNSUPPORTED', `${type} '${c.id}' is not a component the LangGraph compiler knows`, {}, { hint: 'plugin and later-version components need a compiler handler' });
    if (type === 'OciGenAiConfig' && !ctx.llm.override && !ctx.options.chatModel) {
      throw new RuntimeError('AS_UNSUPPORTED', `OciGenAiConfig '${c.id}' is not supported by the LangGraph compiler`, { llm: c.id }, { hint: 'point it at an OpenAI-compatible endpoint with llm.override, or pass chatModel' });
    }
    if (c !== root && type === 'Flow') nested = true;
    if (type === 'InputMessageNode' || type === 'ClientTool' || (c as Tool).requires_confirmation === true) pauses ??= c.id;
  });
  requireServerTools(root, ctx.tools, 'pass them as options: tools: { name: (args) => result }');
  if (pauses !== undefined && !ctx.options.checkpointer) {
    ctx.warn('unsupported', pauses, `'${pauses}' waits for the caller with interrupt(), which needs a checkpointer: pass the checkpointer option to pause and resume`);
  }
  if (nested) {
    ctx.warn('approximated', root.id, 'limits.maxSteps is the recursion limit of each graph: nested flows (FlowNode, MapNode, AgentNode) count their node executions separately, not towards one total per run');
  }
}
