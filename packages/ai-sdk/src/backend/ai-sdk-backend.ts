import type { LlmConfig } from '@agentspec/core';
import { DEFAULT_LLM_TIMEOUT_MS, type LlmBackend, type LlmRequest, type LlmResponse, type ToolSpec } from '@agentspec/runtime';
import { generateText, jsonSchema, Output, streamText, tool, type JSONSchema7, type LanguageModel, type StepResult, type Tool, type ToolSet } from 'ai';
import { abortError, toRuntimeError } from '../errors/to-runtime-error.js';
import { generationSettings, lenientStructuredOutput, mergeProviderOptions, sendsParametersAsIs } from '../model/generation-settings.js';
import { AI_SDK_MAX_RETRIES, languageModel } from '../model/language-model.js';
import type { AiSdkBackendOptions } from '../options.js';
import { idleTelemetry } from '../model/idle-telemetry.js';
import { toModelMessages } from './llm-messages.js';

/** Tools offered as schemas only: without `execute`, the AI SDK returns the calls to the interpreter, which runs them. */
function toolSchemas(tools: readonly ToolSpec[]): ToolSet {
  const out: Record<string, Tool> = {};
  for (const t of tools) out[t.name] = tool({ description: t.description, inputSchema: jsonSchema(t.parameters as JSONSchema7) } as Tool);
  return out;
}

/** The text and the tool calls (raw argument text, as the interpreter parses and reports them) of the one step. */
function toResponse(step: StepResult<ToolSet>): LlmResponse {
  const calls = step.content.flatMap((p) => (p.type === 'tool-call' ? [p] : []));
  const usage = step.usage;
  return {
    text: step.text,
    toolCalls: calls.map((c) => ({
      id: c.toolCallId,
      name: c.toolName,
      arguments: 'invalid' in c && c.invalid === true && typeof c.input === 'string' ? c.input : JSON.stringify(c.input ?? {}),
    })),
    ...(usage.inputTokens !== undefined || usage.outputTokens !== undefined ? { usage: { promptTokens: usage.inputTokens ?? 0, completionTokens: usage.outputTokens ?? 0 } } : {}),
  };
}

/**
 * An LlmBackend on the AI SDK (DESIGN §4.3): the reference interpreter runs a
 * Flow and each LlmNode / AgentNode LLM call is a `generateText` (or, when
 * streaming, `streamText`) call with the config's model, the tools as schemas
 * and structured output through `Output.object`.
 */
export function aiSdkBackend(options: AiSdkBackendOptions = {}): LlmBackend {
  const { model, ...given } = options;
  const llm = { ...given, timeoutMs: given.timeoutMs ?? DEFAULT_LLM_TIMEOUT_MS };
  const models = new WeakMap<LlmConfig, LanguageModel>();
  const modelOf = (config: LlmConfig): LanguageModel => {
    let m = models.get(config);
    if (!m) models.set(config, (m = languageModel(config, llm, model)));
    return m;
  };
  return {
    async generate(request: LlmRequest): Promise<LlmResponse> {
      const { config, signal } = request;
      const site = { llm: config.id };
      const { providerOptions, ...generation } = generationSettings(config, sendsParametersAsIs(config, llm, model), undefined, request.params);
      const schema = request.outputSchema;
      const call = {
        model: modelOf(config),
        messages: toModelMessages(request.messages),
        allowSystemInMessages: true,
        ...(request.tools && request.tools.length > 0 ? { tools: toolSchemas(request.tools) } : {}),
        ...(schema ? { output: Output.object({ schema: jsonSchema<Record<string, unknown>>(schema.schema as JSONSchema7), name: schema.name }) } : {}),
        ...generation,
        providerOptions: mergeProviderOptions(providerOptions, schema ? lenientStructuredOutput(config) : undefined) ?? {},
        maxRetries: model === undefined ? AI_SDK_MAX_RETRIES : llm.retries ?? 2,
        ...(signal ? { abortSignal: signal } : {}),
        ...idleTelemetry(),
      };
      try {
        if (!request.onDelta) return toResponse((await generateText(call)).finalStep);
        const result = streamText({ ...call, onError: () => undefined });
        for await (const part of result.stream) {
          if (part.type === 'text-delta') request.onDelta(part.text);
          else if (part.type === 'error') throw part.error;
          else if (part.type === 'abort') throw abortError(part.reason, site, signal);
        }
        return toResponse(await result.finalStep);
      } catch (e) {
        throw toRuntimeError(e, site, signal);
      }
    },
  };
}
