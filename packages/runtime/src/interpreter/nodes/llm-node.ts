import type { LlmNode } from '@agentspec/core';
import { llmNodeOutputPlan, llmNodeOutputs } from '../../semantics/llm-node-output.js';
import { renderTemplate } from '../../semantics/templates.js';
import { callLlm } from '../llm-call.js';
import type { NodeExecutor } from './types.js';

/** LlmNode: the rendered prompt as the only user message; one string output is the text, else structured output. */
export const llmNode: NodeExecutor<LlmNode> = async (node, inputs, scope) => {
  const plan = llmNodeOutputPlan(node);
  const r = await callLlm(scope, node.llm_config, {
    messages: [{ role: 'user', content: renderTemplate(node.prompt_template, inputs) }],
    ...(plan.schema ? { outputSchema: plan.schema } : {}),
  });
  return { outputs: llmNodeOutputs(node, plan, r.text) };
};
