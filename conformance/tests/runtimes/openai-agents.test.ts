// Every conformance case on the OpenAI Agents SDK runtime, one vitest test per case.
import { openaiAgentsRuntime } from '@agentspec/openai-agents';
import { describeConformance } from '../../src/index.js';

await describeConformance(() => openaiAgentsRuntime());
