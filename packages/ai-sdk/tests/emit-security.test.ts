// The security rules of describeSecurityRules (@agentspec/conformance) on the modules emitAiSdk writes, driven by
// aiSdkRuntime's build hook: the LLM key bound to its origin (llm.credentialHosts), the MCP stdio allow-list with its
// inline-code refusal, a RemoteTool's redirect to another host refused — each applied by the module's own code (the
// shared snippets of @agentspec/runtime), not by the runtime.
import type { Runtime } from '@agentspec/runtime';
import { aiSdkRuntime } from '../src/index.js';
import { emittedBuilder } from './helpers/emitted-module.js';

// @agentspec/conformance depends on this package: its source is imported by path
const security = new URL('../../../conformance/src/vitest-security.ts', import.meta.url).href;
const { describeSecurityRules } = (await import(security)) as { describeSecurityRules(factory: () => Runtime): Promise<void> };

await describeSecurityRules(() => aiSdkRuntime({ build: emittedBuilder('security') }));
