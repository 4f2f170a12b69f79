export { startScriptedLlm } from './server.js';
export { closedPort } from './closed-port.js';
export { a2aMessageData, a2aMessageText, startScriptedA2a, type A2aReply as ScriptedA2aReply, type A2aRequest, type A2aRule, type A2aTextCondition, type ScriptedA2a, type ScriptedA2aOptions } from './a2a-server.js';
export { startOtlpReceiver, type OtlpReceiver, type OtlpValue, type ReceivedSpan } from './otlp-receiver.js';
export { typecheck } from './typecheck.js';
export { CHROMIUM, CHROMIUM_ARGS, CHROMIUM_LAUNCH_TIMEOUT_MS, HAVE_CHROMIUM, headlessChromium, type HeadlessChromium, type PersistentLauncher } from './chromium.js';
export type { RecordedRequest, ScriptedLlm, ScriptedLlmOptions } from './server.js';

export { DEFAULT_ANSWER, ruleLabel } from './rules.js';
export type {
  Answer, Endpoint, ErrorAnswer, FinishReason, HostedToolCallSpec, MalformedAnswer, RegexCondition, Rule, RuleMatch,
  ScriptedLlmConfig, SequenceAnswer, SingleAnswer, StructuredAnswer, TextAnswer, TextCondition, WireFault,
  ToolCallSpec, ToolCallsAnswer, UsageOverride,
} from './rules.js';
export { RulesError, parseAnswer, parseConfig, parseRules } from './parse-rules.js';
export { loadRulesFile, parseRulesText } from './load-rules-file.js';
export type { RulesFile } from './load-rules-file.js';

export { findRule, matchesConditions, ruleLimit } from './match.js';
export { pickAnswer, planReply } from './plan-reply.js';
export type { CompletionReply, ErrorReply, HostedToolCallItem, Reply, ReplyToolCall } from './plan-reply.js';

export { normalizeChatRequest } from './normalize-chat.js';
export { normalizeResponsesRequest } from './normalize-responses.js';
export { ResponseStore, outputMessages } from './response-store.js';
export type { ResponseLookup } from './response-store.js';
export type {
  GenerationParameters, NormalizedMessage, NormalizedRequest, NormalizedToolCall, OfferedTool, ResponseFormat,
} from './normalize.js';

export { renderChatChunks, renderChatCompletion } from './render-chat.js';
export type { ChatCompletionBody, ChatCompletionChunkBody } from './render-chat.js';
export { renderResponse, renderResponseEvents } from './render-responses.js';
export type { FunctionCallItem, HostedToolCallOutputItem, MessageItem, OutputItem, ResponseBody, ResponseStreamEvent } from './render-responses.js';
export { sseEvent, splitArguments, splitText } from './sse.js';

export { formatViolations, validateJsonSchema } from './json-schema.js';
export type { JsonSchema, SchemaViolation } from './json-schema.js';
export { countTokens } from './usage.js';
export type { Usage } from './usage.js';
export { RequestError, openAiError } from './errors.js';
export type { OpenAiErrorBody } from './errors.js';
export { DEFAULT_MODEL, modelList } from './models.js';
export type { ModelObject } from './models.js';
export { noMatchMessage } from './no-match-message.js';
export { readmeBlocks, runReadmeBlock } from './readme-blocks.js';
