import type { FrameworkAdapter } from '@agentspec/runtime';
import { OPENAI_AGENTS_CAPABILITIES } from './capabilities.js';
import { compileOpenAiAgents } from './compile/compile-open-ai-agents.js';
import { emitOpenAiAgents } from './emit/index.js';
import { importOpenAiAgents } from './import/import-open-ai-agents.js';
import { OPENAI_AGENTS_RUNTIME_NAME } from './names.js';
import { openaiAgentsRuntime } from './runtime/openai-agents-runtime.js';

/** The OpenAI Agents SDK for agentspec's registry (DESIGN §2.1): runtime, compile, emit, import. */
export const openaiAgentsAdapter: FrameworkAdapter = {
  name: OPENAI_AGENTS_RUNTIME_NAME,
  framework: 'OpenAI Agents SDK',
  capabilities: OPENAI_AGENTS_CAPABILITIES,
  runtime: () => openaiAgentsRuntime(),
  compile: compileOpenAiAgents,
  emit: emitOpenAiAgents,
  import: (program, context) => importOpenAiAgents(program as Parameters<typeof importOpenAiAgents>[0], context?.modulePath ? { modulePath: context.modulePath } : {}),
};
