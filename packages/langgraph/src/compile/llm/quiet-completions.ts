import type { BaseMessage } from '@langchain/core/messages';
import { makeInvalidToolCall } from '@langchain/core/output_parsers/openai_tools';
import { ChatOpenAICompletions } from '@langchain/openai';

type CompletionMessage = Parameters<ChatOpenAICompletions['_convertCompletionsMessageToBaseMessage']>[0];
type Completion = Parameters<ChatOpenAICompletions['_convertCompletionsMessageToBaseMessage']>[1];

function parses(args: string | undefined): boolean {
  try {
    JSON.parse(args ?? '');
    return true;
  } catch {
    return false;
  }
}

/**
 * ChatOpenAI's Chat Completions client, through the message conversion it
 * keeps overridable: a reply whose tool calls all have arguments that are not
 * JSON keeps them as `invalid_tool_calls` (the run then fails with
 * AS_TOOL_CALL_INVALID) but not as raw `additional_kwargs.tool_calls`, which
 * makes @langchain/core print a "New LangChain packages are available …
 * please upgrade" notice for every such reply.
 */
export class QuietCompletions extends ChatOpenAICompletions {
  protected override _convertCompletionsMessageToBaseMessage(message: CompletionMessage, rawResponse: Completion): BaseMessage {
    const raw = message.tool_calls ?? [];
    if (raw.length === 0 || raw.some((c) => c.type !== 'function' || parses(c.function.arguments))) return super._convertCompletionsMessageToBaseMessage(message, rawResponse);
    const reply = super._convertCompletionsMessageToBaseMessage({ ...message, tool_calls: undefined } as CompletionMessage, rawResponse) as BaseMessage & { invalid_tool_calls?: unknown[] };
    reply.invalid_tool_calls = raw.map((c) => makeInvalidToolCall(c as unknown as Record<string, unknown>, 'the arguments are not JSON'));
    return reply;
  }
}
