import type { LlmNode } from '@agentspec/core';
import { llmNodeOutputPlan, llmNodeStructuredOutputs, renderTemplate, usageAttribute } from '@agentspec/runtime';
import { Agent as MastraAgent } from '@mastra/core/agent';
import { inSpan } from '../../../events.js';
import { llmError } from '../../../model/llm-errors.js';
import { modelSettings } from '../../../model/llm-model.js';
import { nodeStep } from '../node-step.js';
import type { MastraEntry, NodeCompiler } from './types.js';

/**
 * LlmNode: a Mastra Agent without instructions or tools, called with the
 * rendered prompt as the only user message (DESIGN §4.2); one string output is
 * the text, otherwise Mastra's structured output with the JSON Schema of the
 * outputs.
 */
export const llmNode: NodeCompiler<LlmNode> = (node, fc): MastraEntry[] => {
  const { ctx } = fc;
  const agent = new MastraAgent({ id: ctx.uniqueId(`${node.id}.llm`), name: node.name, instructions: '', model: ctx.model(node.llm_config), maxRetries: ctx.maxRetries });
  ctx.llmAgents.push(agent);
  const settings = modelSettings(node.llm_config);
  const plan = llmNodeOutputPlan(node);
  // the site of an LLM error is the LLM config, as on the reference runtime (caught_exception_info is the same text)
  const site = { llm: node.llm_config.id };
  return [{
    kind: 'step',
    step: nodeStep(node, fc, async (_n, inputs, exec) => {
      const prompt = renderTemplate(node.prompt_template, inputs);
      const signal = exec.hooks?.signal;
      const options = { modelSettings: settings, ...(signal ? { abortSignal: signal } : {}), ...(plan.schema ? { structuredOutput: { schema: plan.schema.schema } } : {}) };
      const r = await inSpan(exec.hooks?.events, 'LlmGenerationRequest', 'LlmGenerationResponse', node.llm_config.name, { llm_config: node.llm_config.id, prompt }, async () => {
        try {
          return await agent.generate([{ role: 'user', content: prompt }], options as never) as { text?: string; object?: unknown; error?: unknown; usage?: { inputTokens?: number; outputTokens?: number } };
        } catch (e) {
          throw llmError(e, site, signal);
        }
      }, (res) => ({ content: res.text, ...usageAttribute(res.usage) }));
      if (r.error) throw llmError(r.error, site, signal);
      if (plan.textOutput !== undefined) return { outputs: { [plan.textOutput]: r.text ?? '' } };
      return { outputs: llmNodeStructuredOutputs(node, r.object, String(r.text ?? '')) };
    }),
  }];
};
