import { laterComponent, type Agent, type Component } from '@agentspec/core';
import { admit, specializeAgent, type EmitOptions, type EmittedModule } from '@agentspec/runtime';
import { key, moduleHeader, ModuleWriter } from '@agentspec/runtime/emit';
import { AI_SDK_CAPABILITIES } from '../capabilities.js';
import type { CompileWarning } from '../options.js';
import { groupMembers, type GroupMembers } from '../multi-agent/group-members.js';
import { emitAgent } from './agent.js';
import { emitGroup } from './multi-agent/emit-group.js';
import { HELPERS, type HelperName } from './helpers.js';

/** Names the module declares itself: no name made from the spec takes them (those always end in `Tool`, `Args`, `Request`, `Transport` or `_PARAMETERS`). */
const DECLARED = ['MODEL_ID', 'BASE_URL', 'LLM_RETRY_POLICY', 'TRANSFORMS', 'submitResultTool', 'SUBMIT_RESULT_PARAMETERS', 'Tool', 'Transport', 'StdioClientTransport', 'SSEClientTransport', 'StreamableHTTPClientTransport'];

/** What a group's module declares besides: its agents, the group tools' functions, the types of a call (see emitGroup). */
const GROUP_DECLARED = ['AGENTS', 'AgentId', 'AgentRun', 'FIRST_AGENT', 'TRANSFER_PARAMETERS', 'GroupState', 'GroupCall', 'GroupTurn', 'GroupResult', 'transferTool', 'sendMessageTool', 'workerTool'];

/** The module's text, and what of the spec it does not carry over exactly (the same warnings as compileAiSdk). */
export type EmitResult = EmittedModule<CompileWarning>;

/**
 * Write an Agent as a readable TypeScript module that builds the same
 * `ToolLoopAgent` as `compileAiSdk` with the AI SDK's API directly (`ai`, the
 * provider package, `@modelcontextprotocol/sdk` for MCPTools — no
 * @agentspec package), exporting `build(options)` → `{ agent, close }`; a
 * SpecializedAgent as the Agent it stands for. A Swarm or ManagerWorkers
 * becomes a module of ToolLoopAgents whose group tools (`transfer_to_<Name>`,
 * `send_message_to_<Name>`, a worker's) are `tool()`s, exporting
 * `build(options)` → `{ group, close }` (`group.generate` runs one user turn:
 * what aiSdkRuntime's `buildGroup` option takes); it imports Agent Spec's
 * group rules from @agentspec/runtime. The output is stable: the same spec
 * gives byte-identical code. Flows run on aiSdkRuntime's interpreter: they
 * are AS_UNSUPPORTED here, as in compileAiSdk.
 */
export function emitAiSdk(component: Component, options: EmitOptions = {}): EmitResult {
  admit(component, AI_SDK_CAPABILITIES.emit);
  const members = groupMembers(component);
  if (members) return emitGroupModule(component, members, options);
  // a SpecializedAgent is the Agent it stands for (DESIGN §4.2): its base agent with the overrides merged
  const special = laterComponent(component, 'SpecializedAgent');
  const agent = special ? specializeAgent(special) : (component as Agent);
  const w = new ModuleWriter<HelperName, CompileWarning>(HELPERS, DECLARED);
  emitAgent(agent, w);
  const what = special ? 'an Agent Spec SpecializedAgent (its base agent with the specialization merged) as a Vercel AI SDK ToolLoopAgent' : 'an Agent Spec Agent as a Vercel AI SDK ToolLoopAgent';
  return rendered(w, component, options, what, 'It depends only on the packages it imports (no @agentspec package).', usageLines(agent));
}

/** The module's text under its header (what it is, where from, a usage example), and its warnings. */
function rendered(w: ModuleWriter<HelperName, CompileWarning>, component: Component, options: EmitOptions, what: string, note: string, usage: string[]): EmitResult {
  const header = moduleHeader({ component, what, target: 'ai-sdk', source: options.source, version: options.version, notes: [note], usage });
  return { code: w.render(header), warnings: w.warnings };
}

/** The module of a Swarm or ManagerWorkers (emitGroup): its agents as ToolLoopAgents, the group's tools and control flow written out. */
function emitGroupModule(component: Component, members: GroupMembers, options: EmitOptions): EmitResult {
  const w = new ModuleWriter<HelperName, CompileWarning>(HELPERS, [...DECLARED, ...GROUP_DECLARED]);
  emitGroup(members, w);
  const swarm = members.kind === 'swarm';
  const servers = [...new Set(members.agents.flatMap((a) => a.tools.filter((t) => t.component_type === 'ServerTool').map((t) => t.name)))];
  const tools = servers.length > 0 ? `tools: { ${servers.map((n) => `${key(n)}: async (args) => …`).join(', ')} }, ` : '';
  const what = swarm ? 'an Agent Spec Swarm as Vercel AI SDK ToolLoopAgents handing the conversation over with tools' : 'an Agent Spec ManagerWorkers as Vercel AI SDK ToolLoopAgents, the workers tools of the manager';
  return rendered(w, component, options, what, 'Agent Spec\'s rules for groups (handoff limits, asked agents\' answers) come from @agentspec/runtime; the rest only from the packages it imports.', [
    `import { build } from './${swarm ? 'swarm' : 'team'}.js';`,
    `const { group, close } = build({ ${tools}llm: { apiKey: process.env.LLM_API_KEY } });`,
    "const messages: ModelMessage[] = [{ role: 'user', content: 'Hello!' }];",
    'const { turns, state } = await group.generate({ messages }); // pass `state` to the next call',
    'for (const turn of turns) messages.push(...turn.messages);',
    'await close();',
  ]);
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
