// The security rules of describeSecurityRules (@agentspec/conformance) on the agent modules emitMastra writes,
// driven by mastraRuntime's build hook: the LLM key bound to its origin (llm.credentialHosts), the MCP stdio
// allow-list with its inline-code refusal, a RemoteTool's redirect to another host refused — each applied by the
// module's own code (the shared snippets of @agentspec/runtime), not by the runtime.
import type { Runtime } from '@agentspec/runtime';
import { mastraRuntime } from '../src/index.js';
import { emittedCompile } from './emit-helpers.js';

// @agentspec/conformance depends on this package: its source is imported by path
const security = new URL('../../../conformance/src/vitest-security.ts', import.meta.url).href;
const { describeSecurityRules } = (await import(/* @vite-ignore */ security)) as { describeSecurityRules(factory: () => Runtime): Promise<void> };

await describeSecurityRules(() => mastraRuntime({ build: emittedCompile }));
