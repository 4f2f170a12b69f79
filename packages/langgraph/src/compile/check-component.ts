import { laterComponent, type Component, type Tool } from '@agentspec/core';
import { admit, eachComponent, hasTransforms, requireServerTools, RuntimeError } from '@agentspec/runtime';
import { LANGGRAPH_CAPABILITIES } from '../capabilities.js';
import type { CompileContext } from './context.js';
import type { CompileWarning } from './options.js';

/** limits.maxSteps bounds each graph: the warning of a spec with nested flows. */
export const NESTED_STEPS_MESSAGE = 'limits.maxSteps is the recursion limit of each graph: nested flows (FlowNode, MapNode, AgentNode, ParallelFlowNode, ParallelMapNode, CatchExceptionNode) count their node executions separately, not towards one total per run';

/**
 * Refuse at compile time what the graph cannot run — nothing is skipped
 * silently: `admit()` with the compiler's capabilities (an invalid spec, a
 * root that is not an Agent or a Flow, remote agents, OCI GenAI configs
 * without llm.override or chatModel, components of no known type), then
 * ServerTools without an implementation (AS_MISSING_TOOL, listing them all).
 * Warns where the graph will not behave as the spec says (interrupts without
 * a checkpointer; step limits of nested flows).
 */
export function checkComponent(root: Component, ctx: CompileContext): void {
  admit(root, LANGGRAPH_CAPABILITIES.compile, { llmOverride: Boolean(ctx.llm.override) || Boolean(ctx.options.chatModel) });
  let nested = false;
  let pauses: string | undefined = root.component_type === 'Agent' ? root.id : undefined;
  eachComponent(root, (c) => {
    if (c !== root && c.component_type === 'Flow') nested = true;
    if (c.component_type === 'InputMessageNode' || c.component_type === 'ClientTool' || (c as Tool).requires_confirmation === true) pauses ??= c.id;
  });
  requireServerTools(root, ctx.tools, 'pass them as options: tools: { name: (args) => result }');
  if (hasTransforms(root) && !ctx.options.transforms) {
    throw new RuntimeError('AS_UNSUPPORTED', 'an agent of the spec has message transforms, and no transforms option was given to apply them', {}, {
      hint: 'open them with openTransforms(spec) of @agentspec/runtime and pass them as the transforms option (close them when done)',
    });
  }
  if (pauses !== undefined && !ctx.options.checkpointer) {
    ctx.warn('unsupported', pauses, `'${pauses}' waits for the caller with interrupt(), which needs a checkpointer: pass the checkpointer option to pause and resume`);
  }
  if (nested) {
    ctx.warn('approximated', root.id, NESTED_STEPS_MESSAGE);
  }
}
