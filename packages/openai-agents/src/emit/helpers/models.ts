import type { Helper } from './helper.js';

export const checkToolCalls: Helper = {
  declares: ['checkToolCalls'],
  needs: ['codedError'],
  imports: { '@openai/agents': ['type AgentOutputItem', 'type ModelRequest'] },
  code: `/**
 * Refuse a model answer that calls a tool the agent was not offered, or with arguments that are not a
 * JSON object (AS_TOOL_CALL_INVALID), before any tool runs. (On its own the SDK answers unparseable
 * arguments back to the model.)
 */
function checkToolCalls(output: readonly AgentOutputItem[], offered: Pick<ModelRequest, 'tools' | 'handoffs'>): void {
  // the tools and the handoffs (a Swarm's transfer_to_… tools)
  const names = new Set([...offered.tools.map((t) => t.name), ...offered.handoffs.map((h) => h.toolName)]);
  for (const item of output) {
    if (item.type !== 'function_call') continue;
    if (!names.has(item.name)) throw new CodedError('AS_TOOL_CALL_INVALID', \`the LLM called '\${item.name}', which is not one of the agent's tools\`);
    let args: unknown = {};
    try {
      if (item.arguments.trim() !== '') args = JSON.parse(item.arguments);
    } catch {
      throw new CodedError('AS_TOOL_CALL_INVALID', \`the LLM called '\${item.name}' with arguments that are not JSON: \${item.arguments.slice(0, 200)}\`);
    }
    if (typeof args !== 'object' || args === null || Array.isArray(args)) {
      throw new CodedError('AS_TOOL_CALL_INVALID', \`the LLM called '\${item.name}' with arguments that are not a JSON object\`);
    }
  }
}`,
};

function checkedModel(name: string, base: string, what: string): string {
  return `/** ${what}, refusing malformed tool calls (checkToolCalls). */
class ${name} extends ${base} {
  override async getResponse(request: ModelRequest): Promise<ModelResponse> {
    const response = await super.getResponse(request);
    checkToolCalls(response.output, request);
    return response;
  }

  override async *getStreamedResponse(request: ModelRequest): AsyncIterable<ResponseStreamEvent> {
    for await (const event of super.getStreamedResponse(request)) {
      if (event.type === 'response_done') checkToolCalls(event.response.output, request);
      yield event;
    }
  }
}`;
}

export const chatModel: Helper = {
  declares: ['CheckedChatCompletionsModel'],
  needs: ['checkToolCalls'],
  imports: { '@openai/agents': ['OpenAIChatCompletionsModel', 'type ModelRequest', 'type ModelResponse', 'type ResponseStreamEvent'] },
  code: checkedModel('CheckedChatCompletionsModel', 'OpenAIChatCompletionsModel', 'The Chat Completions API (OpenAI-compatible servers)'),
};

export const responsesModel: Helper = {
  declares: ['CheckedResponsesModel'],
  needs: ['checkToolCalls'],
  imports: { '@openai/agents': ['OpenAIResponsesModel', 'type ModelRequest', 'type ModelResponse', 'type ResponseStreamEvent'] },
  code: checkedModel('CheckedResponsesModel', 'OpenAIResponsesModel', "OpenAI's Responses API"),
};
