// The security rules of describeSecurityRules (@agentspec/conformance) on the modules emitOpenAiAgents writes,
// driven by openaiAgentsRuntime's build hook: the LLM key bound to its origin (llm.credentialHosts), the MCP stdio
// allow-list with its inline-code refusal, a RemoteTool's redirect to another host refused — each applied by the
// module's own code (the shared snippets of @agentspec/runtime), not by the runtime.
import type { Runtime } from '@agentspec/runtime';
import { openaiAgentsRuntime } from '../src/index.js';
import { compileThroughEmittedModule } from './helpers/emitted-modules.js';

// @agentspec/conformance depends on this package: its source is imported by path
const security = new URL('../../../conformance/src/vitest-security.ts', import.meta.url).href;
const { describeSecurityRules } = (await import(security)) as { describeSecurityRules(factory: () => Runtime): Promise<void> };

await describeSecurityRules(() => openaiAgentsRuntime({ build: (agent, options, given) => compileThroughEmittedModule(agent, options, given, 'security') }));
