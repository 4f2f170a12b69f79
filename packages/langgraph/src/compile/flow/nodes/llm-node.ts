import type { LlmNode } from '@agentspec/core';
import { parametersSchema, renderTemplate, RuntimeError, shapeOutputs } from '@agentspec/runtime';
import { callModel } from '../../llm/call-model.js';
import { textOf, userMessage } from '../../messages.js';
import type { NodeHandler } from '../node-handler.js';

/**
 * LlmNode: the rendered prompt as the only user message (no history); one
 * string output is the reply's text, otherwise structured output with the
 * JSON Schema of the outputs (`response_format`), parsed and shaped.
 */
export const llmNode: NodeHandler<LlmNode> = (node, { ctx }) => {
  const model = ctx.model(node.llm_config);
  const outputs = node.outputs ?? [];
  const only = outputs.length === 1 ? outputs[0] : undefined;
  const text = only !== undefined && (only.type === undefined || only.type === 'string');
  const site = { node: node.id, llm: node.llm_config.id };
  const responseFormat = text ? undefined : {
    type: 'json_schema',
    json_schema: { name: node.id.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 64) || 'output', schema: parametersSchema(outputs), strict: false },
  };
  return {
    run: async ({ inputs, config, span }) => {
      const prompt = renderTemplate(node.prompt_template, inputs);
      const reply = await callModel(model, [userMessage(prompt)], {
        config, llmConfig: node.llm_config, site, parent: span, ...(responseFormat ? { options: { response_format: responseFormat } } : {}),
      });
      const content = textOf(reply.content);
      if (text) return { outputs: { [(only as { title: string }).title]: content } };
      let parsed: unknown;
      try {
        parsed = JSON.parse(content);
      } catch {
        throw new RuntimeError('AS_LLM_RESPONSE', `structured output is not JSON: ${content.slice(0, 200)}`, site);
      }
      if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new RuntimeError('AS_LLM_RESPONSE', 'structured output is not a JSON object', site);
      return { outputs: shapeOutputs(outputs, parsed as Record<string, unknown>) };
    },
  };
};
