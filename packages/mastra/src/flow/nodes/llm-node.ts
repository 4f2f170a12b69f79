import type { LlmNode } from '@agentspec/core';
import { parametersSchema, renderTemplate, RuntimeError, shapeOutputs } from '@agentspec/runtime';
import { Agent as MastraAgent } from '@mastra/core/agent';
import { inSpan } from '../../events.js';
import { llmError } from '../../model/llm-errors.js';
import { modelSettings } from '../../model/llm-model.js';
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
  const agent = new MastraAgent({ id: ctx.uniqueId(`${node.id}.llm`), name: node.name, instructions: '', model: ctx.model(node.llm_config), maxRetries: ctx.maxRetries } as never);
  ctx.llmAgents.push(agent);
  const settings = modelSettings(node.llm_config);
  const outputs = node.outputs ?? [];
  const only = outputs.length === 1 ? outputs[0] : undefined;
  const text = only !== undefined && (only.type === undefined || only.type === 'string');
  const site = { node: node.id, llm: node.llm_config.id };
  return [{
    kind: 'step',
    step: nodeStep(node, fc, async (_n, inputs, exec) => {
      const prompt = renderTemplate(node.prompt_template, inputs);
      const signal = exec.hooks?.signal;
      const options = { modelSettings: settings, ...(signal ? { abortSignal: signal } : {}), ...(text ? {} : { structuredOutput: { schema: parametersSchema(outputs) } }) };
      const r = await inSpan(exec.hooks?.events, 'LlmGenerationRequest', 'LlmGenerationResponse', node.llm_config.name, { llm_config: node.llm_config.id, prompt }, async () => {
        try {
          return await agent.generate([{ role: 'user', content: prompt }] as never, options as never) as { text?: string; object?: unknown; error?: unknown };
        } catch (e) {
          throw llmError(e, site, signal);
        }
      }, (res) => ({ content: res.text }));
      if (r.error) throw llmError(r.error, site, signal);
      if (text) return { outputs: { [(only as { title: string }).title]: r.text ?? '' } };
      if (typeof r.object !== 'object' || r.object === null || Array.isArray(r.object)) {
        throw new RuntimeError('AS_LLM_RESPONSE', `structured output is not a JSON object: ${String(r.text ?? '').slice(0, 200)}`, site);
      }
      return { outputs: shapeOutputs(outputs, r.object as Record<string, unknown>) };
    }),
  }];
};
