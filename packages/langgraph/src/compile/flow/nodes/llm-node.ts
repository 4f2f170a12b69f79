import type { LlmNode } from '@agentspec/core';
import { llmNodeOutputPlan, llmNodeOutputs, templateRenderer } from '@agentspec/runtime';
import { callModel } from '../../llm/call-model.js';
import { textOf, userMessage } from '../../messages.js';
import type { NodeHandler } from '../node-handler.js';

/**
 * LlmNode: the rendered prompt as the only user message (no history); one
 * string output is the reply's text, otherwise structured output with the
 * JSON Schema of the outputs (`response_format`), parsed and shaped — the
 * output rule of @agentspec/runtime.
 */
export const llmNode: NodeHandler<LlmNode> = (node, { ctx }) => {
  const model = ctx.model(node.llm_config);
  const plan = llmNodeOutputPlan(node);
  // where the other runtimes say an LlmNode's call failed: its LLM config (caught_exception_info repeats it)
  const site = { llm: node.llm_config.id };
  const responseFormat = plan.schema ? { type: 'json_schema', json_schema: { ...plan.schema, strict: false } } : undefined;
  const how = responseFormat ? { options: { response_format: responseFormat } } : { stream: true };
  const render = templateRenderer(node.prompt_template);
  return {
    run: async ({ inputs, config, span }) => {
      const reply = await callModel(model, [userMessage(render(inputs))], { config, llmConfig: node.llm_config, site, parent: span, ...how });
      return { outputs: llmNodeOutputs(node, plan, textOf(reply.content)) };
    },
  };
};
