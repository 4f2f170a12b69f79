import type { Agent, Component } from '@agentspec/core';
import { admit, type EmitOptions, type EmittedModule } from '@agentspec/runtime';
import { key, moduleHeader, ModuleWriter } from '@agentspec/runtime/emit';
import { AI_SDK_CAPABILITIES } from '../capabilities.js';
import type { CompileWarning } from '../options.js';
import { emitAgent } from './agent.js';
import { HELPERS, type HelperName } from './helpers.js';

/** Names the module declares itself: no name made from the spec takes them (those always end in `Tool`, `Args`, `Request`, `Transport` or `_PARAMETERS`). */
const DECLARED = ['MODEL_ID', 'BASE_URL', 'LLM_RETRY_POLICY', 'TRANSFORMS', 'submitResultTool', 'SUBMIT_RESULT_PARAMETERS', 'Tool', 'Transport', 'StdioClientTransport', 'SSEClientTransport', 'StreamableHTTPClientTransport'];

/** The module's text, and what of the spec it does not carry over exactly (the same warnings as compileAiSdk). */
export type EmitResult = EmittedModule<CompileWarning>;

/**
 * Write an Agent as a readable TypeScript module that builds the same
 * `ToolLoopAgent` as `compileAiSdk` with the AI SDK's API directly (`ai`, the
 * provider package, `@modelcontextprotocol/sdk` for MCPTools — no
 * @agentspec package), exporting `build(options)` → `{ agent, close }`. The
 * output is stable: the same spec gives byte-identical code. Flows run on
 * aiSdkRuntime's interpreter: they are AS_UNSUPPORTED here, as in compileAiSdk.
 */
export function emitAiSdk(component: Component, options: EmitOptions = {}): EmitResult {
  admit(component, AI_SDK_CAPABILITIES.emit);
  const agent = component as Agent;
  const w = new ModuleWriter<HelperName, CompileWarning>(HELPERS, DECLARED);
  emitAgent(agent, w);
  const header = moduleHeader({
    component: agent,
    what: 'an Agent Spec Agent as a Vercel AI SDK ToolLoopAgent',
    target: 'ai-sdk',
    source: options.source,
    version: options.version,
    notes: ['It depends only on the packages it imports (no @agentspec package).'],
    usage: usageLines(agent),
  });
  return { code: w.render(header), warnings: w.warnings };
}

function usageLines(agent: Agent): string[] {
  const servers = agent.tools.filter((t) => t.component_type === 'ServerTool').map((t) => t.name);
  const required = (agent.inputs ?? []).filter((p) => !('default' in p)).map((p) => p.title);
  const tools = servers.length > 0 ? `tools: { ${servers.map((n) => `${key(n)}: async (args) => …`).join(', ')} }` : '';
  const inputs = required.length > 0 ? `inputs: { ${required.map((n) => `${key(n)}: …`).join(', ')} }` : '';
  const fields = [tools, inputs, "llm: { apiKey: process.env.LLM_API_KEY }"].filter((f) => f !== '').join(', ');
  return [
    "import { build } from './agent.js';",
    `const { agent, close } = build({ ${fields} });`,
    "const result = await agent.generate({ prompt: 'Hello!' }); console.log(result.text); await close();",
  ];
}

export type { EmitOptions } from '@agentspec/runtime';
