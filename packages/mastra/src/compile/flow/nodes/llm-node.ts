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
/** What Mastra's agent answers an LlmNode's call with (the fields read here). */
interface LlmNodeOutput {
  readonly text?: string;
  readonly object?: unknown;
  readonly error?: unknown;
  readonly usage?: { inputTokens?: number; outputTokens?: number };
}

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
      const events = exec.hooks?.events;
      const r = await inSpan(events, 'LlmGenerationRequest', 'LlmGenerationResponse', node.llm_config.name, { llm_config: node.llm_config.id, prompt }, async () => {
        try {
          if (plan.schema || !events) return await agent.generate([{ role: 'user', content: prompt }], options as never) as LlmNodeOutput;
          // a text output streams: each text delta an LlmGenerationStreamingChunkReceived event of the LLM span (the span code runs in)
          const span = events.spanId ?? 'run';
          const onChunk = (c: { type?: string; payload?: { text?: unknown } }) => {
            if (c.type === 'text-delta' && typeof c.payload?.text === 'string' && c.payload.text !== '') events.emit('LlmGenerationStreamingChunkReceived', span, node.llm_config.name, { content: c.payload.text });
          };
          const out = await agent.stream([{ role: 'user', content: prompt }], { ...options, onChunk } as never) as unknown as { getFullOutput(): Promise<LlmNodeOutput> };
          const full = await out.getFullOutput();
          if (full.error) throw full.error;
          // an aborted stream ends quietly (generate throws): the run was stopped all the same
          if (signal?.aborted) throw signal.reason ?? new DOMException('the run was aborted', 'AbortError');
          return full;
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
