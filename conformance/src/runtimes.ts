/**
 * The runtimes `agentspec conformance` and `agentspec run` know by name
 * (`--runtimes a,b`). Each entry makes a fresh runtime; a framework package
 * adds its line here.
 */
import { aiSdkRuntime } from '@agentspec/ai-sdk';
import { langgraphRuntime } from '@agentspec/langgraph';
import { mastraRuntime } from '@agentspec/mastra';
import { openaiAgentsRuntime } from '@agentspec/openai-agents';
import { referenceRuntime } from '@agentspec/runtime';
import type { Runtime } from '@agentspec/runtime';

export type RuntimeRegistry = Readonly<Record<string, () => Runtime>>;

export const RUNTIMES: RuntimeRegistry = {
  reference: () => referenceRuntime(),
  langgraph: () => langgraphRuntime(),
  'ai-sdk': () => aiSdkRuntime(),
  'openai-agents': () => openaiAgentsRuntime(),
  mastra: () => mastraRuntime(),
};
