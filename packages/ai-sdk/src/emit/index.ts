import type { Agent, Component } from '@agentspec/core';
import { admit } from '@agentspec/runtime';
import { AI_SDK_CAPABILITIES } from '../capabilities.js';
import type { CompileWarning } from '../options.js';
import { emitAgent } from './agent.js';
import { header } from './header.js';
import { commentText, key } from './literal.js';
import { ModuleWriter } from './module.js';

export interface EmitOptions {
  /** The spec's file name, for the header comment. */
  readonly source?: string;
  /** The document's `agentspec_version`, for the header comment (a loaded component no longer carries it). */
  readonly version?: string;
}

export interface EmitResult {
  /** The TypeScript module. */
  readonly code: string;
  /** What the module cannot carry over exactly (the same warnings as compileAiSdk). */
  readonly warnings: readonly CompileWarning[];
}

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
  const w = new ModuleWriter();
  emitAgent(agent, w);
  const usage = usageLines(agent);
  return { code: w.render(header(agent, options.source, options.version, usage)), warnings: w.warnings };
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
  ].map(commentText);
}
