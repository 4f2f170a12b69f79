import type { LlmNode } from '@agentspec/core';
import { RuntimeError } from '../../errors.js';
import { parametersSchema } from '../../semantics/agent-tools.js';
import { shapeOutputs } from '../../semantics/inputs.js';
import { renderTemplate } from '../../semantics/templates.js';
import { callLlm } from '../llm-call.js';
import type { NodeExecutor } from './types.js';

/** LlmNode: the rendered prompt as the only user message; one string output is the text, else structured output. */
export const llmNode: NodeExecutor<LlmNode> = async (node, inputs, scope) => {
  const prompt = renderTemplate(node.prompt_template, inputs);
  const outputs = node.outputs ?? [];
  const only = outputs.length === 1 ? outputs[0] : undefined;
  if (only && (only.type === undefined || only.type === 'string')) {
    const r = await callLlm(scope, node.llm_config, { messages: [{ role: 'user', content: prompt }] });
    return { outputs: { [only.title]: r.text } };
  }
  const schema = parametersSchema(outputs);
  const r = await callLlm(scope, node.llm_config, {
    messages: [{ role: 'user', content: prompt }],
    outputSchema: { name: node.id.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 64) || 'output', schema },
  });
  let parsed: unknown;
  try {
    parsed = JSON.parse(r.text);
  } catch {
    throw new RuntimeError('AS_LLM_RESPONSE', `structured output is not JSON: ${r.text.slice(0, 200)}`, { node: node.id, llm: node.llm_config.id });
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new RuntimeError('AS_LLM_RESPONSE', 'structured output is not a JSON object', { node: node.id, llm: node.llm_config.id });
  }
  return { outputs: shapeOutputs(outputs, parsed as Record<string, unknown>) };
};
