import type { LlmConfig } from '@agentspec/core';
import { RuntimeError, type LlmBackend, type LlmMessage, type LlmOptions } from '@agentspec/runtime';
import type { MastraModelConfig } from '@mastra/core/llm';
import { llmError } from '../model/llm-errors.js';
import { llmModel, modelSettings } from '../model/llm-model.js';

/** The part of an AI SDK language model (what Mastra runs on) this backend calls. */
interface GeneratingModel {
  doGenerate(options: Record<string, unknown>): PromiseLike<{ content?: readonly unknown[]; usage?: Record<string, unknown> }>;
}

/** An interpreter's LLM message in the AI SDK language model prompt format. */
function toPrompt(messages: readonly LlmMessage[]): unknown[] {
  const names = new Map<string, string>();
  return messages.map((m) => {
    switch (m.role) {
      case 'system':
        return { role: 'system', content: m.content };
      case 'user':
        return { role: 'user', content: [{ type: 'text', text: m.content }] };
      case 'tool':
        return { role: 'tool', content: [{ type: 'tool-result', toolCallId: m.toolCallId ?? '', toolName: names.get(m.toolCallId ?? '') ?? '', output: { type: 'text', value: m.content } }] };
      default:
        for (const c of m.toolCalls ?? []) names.set(c.id, c.name);
        return {
          role: 'assistant',
          content: [
            ...(m.content !== '' ? [{ type: 'text', text: m.content }] : []),
            ...(m.toolCalls ?? []).map((c) => ({ type: 'tool-call', toolCallId: c.id, toolName: c.name, input: JSON.parse(c.arguments || '{}') as unknown })),
          ],
        };
    }
  });
}

const tokens = (v: unknown): number => (typeof v === 'number' ? v : typeof (v as { total?: unknown })?.total === 'number' ? (v as { total: number }).total : 0);

/**
 * An LlmBackend whose every call is made by the AI SDK language model Mastra
 * runs the LLM config on (the runtime's `model` option when it is, or gives,
 * a model object, else the OpenAI-compatible model of `llmModel`): what the Mastra
 * runtime runs Swarms and ManagerWorkers on, with the reference
 * interpreter's semantics.
 */
export function mastraModelBackend(llm: LlmOptions | undefined, given?: MastraModelConfig | ((config: LlmConfig) => MastraModelConfig)): LlmBackend {
  const models = new Map<LlmConfig, GeneratingModel>();
  const model = (config: LlmConfig): GeneratingModel => {
    let m = models.get(config);
    if (!m) {
      const chosen = typeof given === 'function' ? given(config) : given;
      const candidate = (typeof chosen === 'object' && chosen !== null && 'doGenerate' in chosen ? chosen : llmModel(config, llm ?? {})) as unknown;
      if (typeof (candidate as GeneratingModel).doGenerate !== 'function') throw new RuntimeError('AS_UNSUPPORTED', `the model of '${config.id}' is not a language model object`, { llm: config.id });
      models.set(config, (m = candidate as GeneratingModel));
    }
    return m;
  };
  return {
    async generate(request) {
      const site = { llm: request.config.id };
      const settings = modelSettings(request.config);
      let result: Awaited<ReturnType<GeneratingModel['doGenerate']>>;
      try {
        result = await model(request.config).doGenerate({
          prompt: toPrompt(request.messages),
          ...settings,
          ...(request.tools && request.tools.length > 0
            ? { tools: request.tools.map((t) => ({ type: 'function', name: t.name, description: t.description, inputSchema: t.parameters })) }
            : {}),
          ...(request.signal ? { abortSignal: request.signal } : {}),
        });
      } catch (e) {
        throw llmError(e, site, request.signal);
      }
      const parts = (result.content ?? []) as { type?: string; text?: string; toolCallId?: string; toolName?: string; input?: unknown }[];
      return {
        text: parts.filter((p) => p.type === 'text').map((p) => p.text ?? '').join(''),
        toolCalls: parts.filter((p) => p.type === 'tool-call').map((p, i) => ({
          id: p.toolCallId ?? `call_${i}`, name: p.toolName ?? '?', arguments: typeof p.input === 'string' ? p.input : JSON.stringify(p.input ?? {}),
        })),
        ...(result.usage ? { usage: { promptTokens: tokens(result.usage.inputTokens), completionTokens: tokens(result.usage.outputTokens) } } : {}),
      };
    },
  };
}
