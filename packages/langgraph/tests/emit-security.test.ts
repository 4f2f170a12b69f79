// The security rules of describeSecurityRules (@agentspec/conformance) on the agent modules emitLangGraph writes,
// driven by langgraphRuntime's build hook: the LLM key bound to its origin (llm.credentialHosts), the MCP stdio
// allow-list with its inline-code refusal, a RemoteTool's redirect to another host refused — each applied by the
// module's own code (the shared snippets of @agentspec/runtime), not by the runtime.
import { langgraphRuntime } from '../src/index.js';
import { buildEmitted, conformance } from './emit-cases.js';

await (await conformance()).describeSecurityRules(() => langgraphRuntime({ build: buildEmitted }));
