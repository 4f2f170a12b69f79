/**
 * Helper functions an emitted agent module carries (only those it uses, so
 * the module compiles with `noUnusedLocals`): the same semantics as
 * @agentspec/runtime, written out so that the module depends on the
 * framework packages only.
 */
import { EMIT_SNIPPETS, type SnippetName } from '@agentspec/runtime';
import type { ModuleHelpers } from '@agentspec/runtime/emit';
import { ERRORS_SNIPPETS } from './snippets/errors.js';
import { IO_SNIPPETS } from './snippets/io.js';
import { MESSAGES_SNIPPETS } from './snippets/messages.js';
import { TRANSFORMS_SNIPPETS } from './snippets/transforms.js';

/** The helpers of this emitter, and those shared by every emitter (EMIT_SNIPPETS of @agentspec/runtime). */
export type HelperName = SnippetName | 'conversation' | 'llmError' | 'missingInput' | 'serverTool' | 'mcp' | 'messageTransforms';

/** Every helper, in the order they are written (a new name breaks the build until listed). */
export const HELPERS: ModuleHelpers<HelperName> = {
  ...EMIT_SNIPPETS,
  conversation: { code: MESSAGES_SNIPPETS.conversation, declares: ['ContractMessage', 'SENDER_KEY', 'textOf', 'conversation'] },
  llmError: { code: ERRORS_SNIPPETS.llmError, needs: ['codedError', 'llmConnectionLost'], declares: ['llmError'] },
  missingInput: { code: ERRORS_SNIPPETS.missingInput, needs: ['codedError'], declares: ['missingInput'] },
  serverTool: { code: ERRORS_SNIPPETS.serverTool, needs: ['codedError'], declares: ['runServerTool'] },
  mcp: { code: IO_SNIPPETS.mcp, needs: ['codedError', 'mcpRequest'], declares: ['McpConnections', 'callMcpTool'] },
  messageTransforms: {
    code: TRANSFORMS_SNIPPETS.messageTransforms,
    needs: ['summarization', 'conversation', 'llmError'],
    imports: {
      '@langchain/core/messages': ['AIMessage', 'HumanMessage', 'SystemMessage', 'ToolMessage', 'type BaseMessage'],
      '@langchain/langgraph': ['type LangGraphRunnableConfig'],
      '@langchain/openai': ['ChatOpenAI'],
    },
    declares: ['MessageTransform', 'transformedMessages', 'langChainMessage', 'summaryArguments'],
  },
};
