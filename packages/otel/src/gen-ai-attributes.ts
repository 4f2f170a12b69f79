/**
 * Attribute names and values of the OpenTelemetry GenAI semantic conventions
 * (gen_ai.* spans: https://opentelemetry.io/docs/specs/semconv/gen-ai/),
 * written here as the conventions recommend for incubating names (they moved
 * out of @opentelemetry/semantic-conventions into the GenAI conventions'
 * own repository).
 */
export const GEN_AI = {
  OPERATION_NAME: 'gen_ai.operation.name',
  PROVIDER_NAME: 'gen_ai.provider.name',
  CONVERSATION_ID: 'gen_ai.conversation.id',
  AGENT_ID: 'gen_ai.agent.id',
  AGENT_NAME: 'gen_ai.agent.name',
  AGENT_DESCRIPTION: 'gen_ai.agent.description',
  WORKFLOW_NAME: 'gen_ai.workflow.name',
  REQUEST_MODEL: 'gen_ai.request.model',
  REQUEST_TEMPERATURE: 'gen_ai.request.temperature',
  REQUEST_MAX_TOKENS: 'gen_ai.request.max_tokens',
  REQUEST_TOP_P: 'gen_ai.request.top_p',
  REQUEST_FREQUENCY_PENALTY: 'gen_ai.request.frequency_penalty',
  REQUEST_PRESENCE_PENALTY: 'gen_ai.request.presence_penalty',
  REQUEST_STREAM: 'gen_ai.request.stream',
  RESPONSE_TIME_TO_FIRST_CHUNK: 'gen_ai.response.time_to_first_chunk',
  USAGE_INPUT_TOKENS: 'gen_ai.usage.input_tokens',
  USAGE_OUTPUT_TOKENS: 'gen_ai.usage.output_tokens',
  TOOL_NAME: 'gen_ai.tool.name',
  TOOL_TYPE: 'gen_ai.tool.type',
  TOOL_DESCRIPTION: 'gen_ai.tool.description',
  TOOL_CALL_ID: 'gen_ai.tool.call.id',
  // content: only with captureContent
  INPUT_MESSAGES: 'gen_ai.input.messages',
  OUTPUT_MESSAGES: 'gen_ai.output.messages',
  SYSTEM_INSTRUCTIONS: 'gen_ai.system_instructions',
  TOOL_DEFINITIONS: 'gen_ai.tool.definitions',
  TOOL_CALL_ARGUMENTS: 'gen_ai.tool.call.arguments',
  TOOL_CALL_RESULT: 'gen_ai.tool.call.result',
} as const;

/** `gen_ai.operation.name` values. */
export const GEN_AI_OPERATION = { INVOKE_AGENT: 'invoke_agent', INVOKE_WORKFLOW: 'invoke_workflow', EXECUTE_TOOL: 'execute_tool', CHAT: 'chat' } as const;

/** `gen_ai.provider.name` by LLM config type (the conventions' well-known values where one fits). */
export const PROVIDER_BY_CONFIG: Readonly<Record<string, string>> = {
  OpenAiConfig: 'openai',
  OpenAiCompatibleConfig: 'openai',
  GeminiConfig: 'gcp.gemini',
  OllamaConfig: 'ollama',
  VllmConfig: 'vllm',
  OciGenAiConfig: 'oci.genai',
};

/** `gen_ai.tool.type` by tool type: a ClientTool runs on the caller's side (function), the others in the runtime (extension). */
export const TOOL_TYPE: Readonly<Record<string, string>> = {
  ClientTool: 'function', ServerTool: 'extension', RemoteTool: 'extension', MCPTool: 'extension', BuiltinTool: 'extension',
};

/** OpenInference attribute names (https://github.com/Arize-ai/openinference, semantic conventions), written with `openInference: true`. */
export const OPENINFERENCE = {
  SPAN_KIND: 'openinference.span.kind',
  SESSION_ID: 'session.id',
  INPUT_VALUE: 'input.value',
  INPUT_MIME_TYPE: 'input.mime_type',
  OUTPUT_VALUE: 'output.value',
  OUTPUT_MIME_TYPE: 'output.mime_type',
  LLM_MODEL_NAME: 'llm.model_name',
  LLM_PROVIDER: 'llm.provider',
  LLM_TOKEN_COUNT_PROMPT: 'llm.token_count.prompt',
  LLM_TOKEN_COUNT_COMPLETION: 'llm.token_count.completion',
  LLM_TOKEN_COUNT_TOTAL: 'llm.token_count.total',
  LLM_INPUT_MESSAGES: 'llm.input_messages',
  LLM_OUTPUT_MESSAGES: 'llm.output_messages',
  TOOL_NAME: 'tool.name',
  TOOL_DESCRIPTION: 'tool.description',
} as const;
