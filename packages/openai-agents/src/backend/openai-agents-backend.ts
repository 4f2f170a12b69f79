import type { LlmConfig } from '@agentspec/core';
import { getOrCreateTrace } from '@openai/agents';
import { RuntimeError, type LlmBackend, type LlmOptions, type LlmRequest, type LlmResponse } from '@agentspec/runtime';
import { modelFor, type AgentSpecModel } from '../model/llm-model.js';
import { toRuntimeError } from '../model/sdk-errors.js';
import { modelRequest } from './model-request.js';
import { llmResponse } from './model-response.js';

/**
 * An LlmBackend of the reference interpreter on the Agents SDK's models
 * (DESIGN §4.3): every LlmNode and agent LLM step of a flow is a
 * `getResponse` (or, when streaming, `getStreamedResponse`) of the
 * `OpenAIChatCompletionsModel` / `OpenAIResponsesModel` of its LLM config.
 */
export function openaiAgentsBackend(llm: LlmOptions = {}): LlmBackend {
  const models = new Map<LlmConfig, AgentSpecModel>();
  return {
    async generate(request: LlmRequest): Promise<LlmResponse> {
      const site = { llm: request.config.id };
      try {
        let model = models.get(request.config);
        if (!model) models.set(request.config, (model = modelFor(request.config, llm)));
        const sdkRequest = modelRequest(request);
        const onDelta = request.onDelta;
        // the SDK's models open a generation span, which needs a trace (a no-op one when tracing is disabled)
        return await getOrCreateTrace(async () => {
          if (!onDelta) {
            const response = await model.getResponse(sdkRequest);
            return llmResponse(response.output, response.usage);
          }
          for await (const event of model.getStreamedResponse(sdkRequest)) {
            if (event.type === 'output_text_delta') onDelta(event.delta);
            else if (event.type === 'response_done') return llmResponse(event.response.output, event.response.usage);
          }
          throw new RuntimeError('AS_LLM_RESPONSE', 'the streamed answer ended without its final response', site);
        }, { name: 'Agent Spec flow' });
      } catch (e) {
        throw toRuntimeError(e, site, request.signal);
      }
    },
  };
}
