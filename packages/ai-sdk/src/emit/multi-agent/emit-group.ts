import type { Agent, LlmConfig, Swarm } from '@agentspec/core';
import { admitted, DEFAULT_MAX_HANDOFFS, RuntimeError, swarmLinks, transferSpec } from '@agentspec/runtime';
import { commentText, key, literal, member, str } from '@agentspec/runtime/emit';
import type { GroupMembers } from '../../multi-agent/group-members.js';
import { LLM_OPTIONS_TYPE, networkOptionLines } from '../build-options.js';
import type { AiSdkModule as ModuleWriter } from '../helpers.js';
import { emitLanguageModel } from '../model.js';
import { hasPlaceholders, templateExpression } from '../template.js';
import { declarationName, interfaceFields } from '../tools/context.js';
import { TOOL_EMITTERS, type EmittedTool } from '../tools/index.js';
import { groupToolEntries } from './group-tools.js';

/** What a group's module cannot carry (yet): AS_UNSUPPORTED naming the agent, before anything is written. */
function refuseMembers(members: GroupMembers): void {
  const { group } = members;
  const where = `${group.component_type} '${String(group.name)}'`;
  const refuse = (what: string, agent?: Agent): never => {
    throw new RuntimeError('AS_UNSUPPORTED', `${where}: ${agent ? `agent '${agent.name}' has ` : ''}${what}, which the AI SDK emitter does not write into a group's module yet`, agent ? { agent: agent.id } : {}, {
      hint: 'run the group with aiSdkRuntime() (the reference interpreter runs it), or emit its agents one by one',
    });
  };
  if ((group.outputs ?? []).length > 0) refuse('outputs');
  for (const a of members.agents) {
    if ((a.outputs ?? []).length > 0) refuse('outputs (submit_result)', a);
    if ((a.transforms ?? []).length > 0) refuse('message transforms', a);
    const client = a.tools.find((t) => t.component_type === 'ClientTool' || t.requires_confirmation === true);
    if (client) refuse(`tool '${client.name}' that waits for the caller (a ClientTool or requires_confirmation)`, a);
  }
}

/** The LLM of each config the agents use: the first is the module's `languageModel`, the others numbered. */
function emitModels(agents: readonly Agent[], w: ModuleWriter): Map<string, string> {
  const fns = new Map<string, string>();
  for (const a of agents) {
    const config: LlmConfig = a.llm_config;
    if (fns.has(config.id)) continue;
    const n = fns.size + 1;
    const names = n === 1
      ? undefined
      : { fn: `languageModel${n}`, modelId: `MODEL_ID_${n}`, baseUrl: `BASE_URL_${n}`, policy: `LLM_RETRY_POLICY_${n}`, what: `The LLM ${n}` };
    emitLanguageModel(config, w, names);
    fns.set(config.id, names?.fn ?? 'languageModel');
  }
  return fns;
}

/** An agent's instructions: a constant, or a function of the group's inputs rendering its placeholders (defaults filled in). */
function emitInstructions(agent: Agent, w: ModuleWriter): string {
  const name = declarationName(agent.name, 'Instructions', w);
  if (!hasPlaceholders(agent.system_prompt)) {
    w.section(`/** The system prompt of ${commentText(agent.name)}. */\nconst ${name} = ${templateExpression(agent.system_prompt, () => '', true)};`);
    return name;
  }
  w.use('valueText');
  const inputs = agent.inputs ?? [];
  const valueOf = (title: string): string => {
    const p = inputs.find((i) => i.title === title);
    if (!p) return 'undefined';
    return 'default' in p ? `inputs${member(title)} ?? ${literal(p.default)}` : `inputs${member(title)}`;
  };
  w.section([
    `/** The system prompt of ${commentText(agent.name)}, its placeholders rendered with the inputs (strings as they are, other values as JSON). */`,
    `function ${name}(inputs: Inputs): string {`,
    `  return ${templateExpression(agent.system_prompt, valueOf, true)};`,
    '}',
  ].join('\n'));
  return `${name}(options.inputs ?? {})`;
}

/** The group's types: inputs, ServerTool implementations, LLM, hooks, build options, and what a call of the group takes and gives. */
function emitTypes(members: GroupMembers, tools: readonly EmittedTool[], servers: ReadonlyMap<string, string>, w: ModuleWriter): boolean {
  w.importType('ai', 'ModelMessage', 'OnToolExecutionEndCallback', 'PrepareStepFunction', 'StopCondition', 'ToolLoopAgentSettings', 'ToolSet');
  const inputs = new Map<string, NonNullable<Agent['inputs']>[number]>();
  for (const a of members.agents) for (const p of a.inputs ?? []) if (!inputs.has(p.title)) inputs.set(p.title, p);
  const required = [...inputs.values()].some((p) => !('default' in p)) || servers.size > 0;
  const needs = new Set(tools.flatMap((t) => t.needs ?? []));
  const swarm = members.kind === 'swarm';
  const blocks: string[] = [];
  if (inputs.size > 0) blocks.push(`/** The inputs of the group's agents, rendered into their system prompts (those with a default may be left out). */\nexport interface Inputs {\n${interfaceFields([...inputs.values()])}\n}`);
  if (servers.size > 0) blocks.push(`/** Your implementations of the ServerTools, by tool name (never taken from the spec). */\nexport interface Tools {\n${[...servers].map(([n, t]) => `  ${key(n)}: ${t};`).join('\n')}\n}`);
  blocks.push([
    ...LLM_OPTIONS_TYPE,
    '',
    '/** Added to the settings of every agent of the group (those asked by another too): how aiSdkRuntime adds Agent Spec\'s checks. */',
    'export interface AgentHooks {',
    '  readonly stopWhen?: readonly StopCondition<ToolSet>[];',
    '  readonly prepareStep?: PrepareStepFunction<ToolSet>;',
    '  readonly onToolExecutionEnd?: OnToolExecutionEndCallback<ToolSet>;',
    '  readonly onError?: ToolLoopAgentSettings<never, ToolSet>[\'onError\'];',
    '}',
    '',
    'export interface BuildOptions {',
    ...(servers.size > 0 ? ['  /** ServerTool implementations. */', '  readonly tools: Tools;'] : []),
    ...(inputs.size > 0 ? ['  /** Values of the agents\' inputs, rendered into their system prompts. */', `  readonly inputs${[...inputs.values()].some((p) => !('default' in p)) ? '' : '?'}: Inputs;`] : []),
    '  readonly llm?: LlmOptions;',
    '  /** LLM steps of one agent\'s `generate()` (default 20). */',
    '  readonly maxSteps?: number;',
    `  /** ${swarm ? 'Handoffs in a row without an answer to the user, and agents asking one another inside one another' : 'Unused by a ManagerWorkers (its workers ask no one)'}: at most this many (default ${DEFAULT_MAX_HANDOFFS}, else AS_HANDOFF_LIMIT). */`,
    '  readonly maxHandoffs?: number;',
    ...networkOptionLines(needs),
    '  readonly hooks?: AgentHooks;',
    '}',
  ].join('\n'));
  blocks.push([
    `/** Where the ${swarm ? 'swarm' : 'group'} is between calls${swarm ? ': the agent owning the conversation (its id), the handoffs in a row without an answer to the user' : ' (a ManagerWorkers keeps nothing: its manager always owns the conversation)'}. */`,
    'export interface GroupState {',
    '  readonly activeAgent?: string;',
    '  readonly handoffs?: number;',
    '}',
    '',
    '/** One call of the group: the conversation so far (the user\'s last message last), the state the previous call ended in. */',
    'export interface GroupCall {',
    '  readonly messages: ModelMessage[];',
    '  readonly state?: GroupState;',
    '  readonly abortSignal?: AbortSignal;',
    '}',
    '',
    '/** The messages one agent added while it owned the conversation (`agent` is its id). */',
    'export interface GroupTurn {',
    '  readonly agent: AgentId;',
    '  readonly messages: ModelMessage[];',
    '}',
    '',
    '/** What a call added, agent by agent (the last one answered the user), and the state to give the next call. */',
    'export interface GroupResult {',
    '  readonly turns: GroupTurn[];',
    '  readonly state: GroupState;',
    '}',
    '',
    '/** One run of an agent: owning the conversation (it may hand it over) or asked by another, `depth` deep; `handedTo` once it transferred. */',
    'export interface AgentRun {',
    '  readonly owner: boolean;',
    '  readonly depth: number;',
    '  handedTo?: AgentId;',
    '}',
  ].join('\n'));
  w.section(blocks.join('\n\n'));
  return required;
}

/** `AGENTS`: each agent of the group by id, with the name and description the tools standing for it use. */
function emitAgentsConstant(members: GroupMembers, w: ModuleWriter): void {
  const entries = members.agents.map((a) => `  ${key(a.id)}: { component_type: 'Agent', id: ${str(a.id)}, name: ${str(a.name)}${typeof a.description === 'string' ? `, description: ${str(a.description)}` : ''} },`);
  const role = members.kind === 'swarm' ? 'the first owns the conversation first' : 'the manager, then the workers';
  w.section([
    `/** The agents of ${members.kind === 'swarm' ? 'Swarm' : 'ManagerWorkers'} ${commentText(String(members.group.name))} (${role}), as the tools standing for them name them. */`,
    `const AGENTS = {\n${entries.join('\n')}\n} as const;`,
    '',
    'export type AgentId = keyof typeof AGENTS;',
    '',
    `const FIRST_AGENT: AgentId = ${str(members.agents[0]!.id)};`,
    ...(members.kind === 'swarm' && members.agents.some((a) => swarmLinks(members.group as Swarm, a, true).some((l) => l.kind === 'transfer')) ? ['', '/** Parameters of every transfer_to_<Name> tool: none. */', `const TRANSFER_PARAMETERS: JSONSchema7 = ${literal(transferSpec(members.agents[0]!).parameters)};`] : []),
  ].join('\n'));
}

/**
 * Every declaration of a Swarm's or ManagerWorkers' module, in reading order:
 * types, the LLMs, the agents (AGENTS), their system prompts and tools, then
 * `build()`: each agent a `ToolLoopAgent` made per run — its own tools, and
 * the group's as `tool()`s (`transfer_to_<Name>` ending the loop through
 * `hasToolCall`, `send_message_to_<Name>` and a worker's tool running the
 * agent asked on a conversation of its own) — and the group's `generate`:
 * the agent owning the conversation runs until it answers the user or hands
 * the conversation over. Agent Spec's rules are imported from
 * @agentspec/runtime (countHandoff, checkAskDepth, askedMessage, agentAnswer,
 * transferResult, transferIgnored).
 */
export function emitGroup(members: GroupMembers, w: ModuleWriter): void {
  refuseMembers(members);
  const typesAt = w.placeholder();
  const swarm = members.kind === 'swarm';
  emitAgentsConstant(members, w);
  const models = emitModels(members.agents, w);
  const byTool = new Map<string, EmittedTool>();
  const servers = new Map<string, string>();
  const agents = members.agents.map((agent) => {
    const instructions = emitInstructions(agent, w);
    const own = agent.tools.map(admitted).map((t) => {
      let emitted = byTool.get(t.id);
      if (!emitted) byTool.set(t.id, (emitted = TOOL_EMITTERS[t.component_type](t, { w, agent })));
      if (emitted.implementation !== undefined && !servers.has(t.name)) servers.set(t.name, emitted.implementation);
      return [t.name, emitted.expression] as const;
    });
    return { agent, instructions, own };
  });
  const tools = [...byTool.values()];
  const required = w.fill(typesAt, () => emitTypes(members, tools, servers, w));
  const mcp = tools.some((t) => t.needs?.includes('mcp'));
  const id = (a: { id: string }): string => str(a.id);
  const withEntries = agents.map((a) => ({ ...a, entries: groupToolEntries(members, a.agent, id, '          ') }));
  const all = withEntries.flatMap((a) => a.entries);
  const transfers = all.some((e) => e.ownerOnly);
  const asks = all.some((e) => !e.ownerOnly);
  w.import('ai', 'stepCountIs', 'ToolLoopAgent', ...(all.length > 0 ? ['jsonSchema', 'tool'] : []), ...(transfers ? ['hasToolCall'] : []));
  w.importType('ai', 'ToolSet', ...(all.length > 0 ? ['JSONSchema7', 'Tool'] : []));
  w.import('@agentspec/runtime', ...(asks ? ['agentAnswer', 'askedMessage'] : []), ...(swarm ? ['countHandoff', 'DEFAULT_MAX_HANDOFFS'] : []), ...(swarm && asks ? ['checkAskDepth'] : []), ...(transfers ? ['transferIgnored', 'transferResult'] : []));
  if (all.length > 0) {
    w.use('args');
    w.use('toolText');
  }
  w.use('speakFirst');
  const factories = withEntries.map(({ agent, instructions, own, entries }) => {
    const shared = entries.filter((e) => !e.ownerOnly);
    const transfers = entries.filter((e) => e.ownerOnly);
    return [
      `    // ${commentText(agent.name)}${agent.description ? `: ${commentText(agent.description)}` : ''}`,
      `    ${key(agent.id)}: (${swarm && entries.length > 0 ? 'run' : ''}) => {`,
      ...(own.length + entries.length === 0 ? ['      const tools: ToolSet = {};'] : [
        '      const tools: ToolSet = {',
        ...own.map(([name, expression]) => `        ${key(name)}: ${expression},`),
        ...shared.map((e) => `        ${key(e.name)}: ${e.expression},`),
        ...(transfers.length > 0 ? [
          '        // only the agent owning the conversation may hand it over',
          '        ...(run.owner ? {',
          ...transfers.map((e) => `          ${key(e.name)}: ${e.expression},`),
          '        } : {}),',
        ] : []),
        '      };',
      ]),
      '      return new ToolLoopAgent<never, ToolSet>({',
      `        id: ${str(agent.id)},`,
      `        model: ${models.get(agent.llm_config.id) as string}(llm),`,
      `        instructions: ${instructions},`,
      '        tools,',
      '        toolOrder: Object.keys(tools),',
      `        stopWhen: [stepCountIs(maxSteps), ${transfers.length > 0 ? `hasToolCall(${transfers.map((e) => str(e.name)).join(', ')}), ` : ''}...(hooks.stopWhen ?? [])],`,
      '        ...settings,',
      '      });',
      '    },',
    ];
  });
  const sendMessage = [
    '  /** send_message_to_<Name>: the agent asked answers the message in a conversation of its own (the user does not see it); its answer is the result. */',
    '  const sendMessageTool = (run: AgentRun, to: AgentId, description: string, parameters: JSONSchema7): Tool => tool({',
    '    description,',
    '    inputSchema: jsonSchema<Args>(parameters, { validate: objectArguments }),',
    '    execute: async (args: Args, { abortSignal }) => {',
    '      checkAskDepth(run.depth, maxHandoffs, AGENTS[to]);',
    '      const asked = await agents[to]({ owner: false, depth: run.depth + 1 }).generate({ prompt: askedMessage(args), abortSignal });',
    '      return agentAnswer({ text: asked.text });',
    '    },',
    '    toModelOutput: toolText,',
    '  });',
    '',
  ];
  const transfer = [
    '  /** transfer_to_<Name>: the first transfer of an answer hands the conversation over (its step ends the loop: hasToolCall); another is ignored. */',
    '  const transferTool = (run: AgentRun, to: AgentId, description: string): Tool => tool({',
    '    description,',
    '    inputSchema: jsonSchema<Args>(TRANSFER_PARAMETERS, { validate: objectArguments }),',
    '    execute: async () => {',
    '      if (run.handedTo !== undefined) return transferIgnored(AGENTS[to], AGENTS[run.handedTo]);',
    '      run.handedTo = to;',
    '      return transferResult(AGENTS[to]);',
    '    },',
    '    toModelOutput: toolText,',
    '  });',
    '',
  ];
  const askLines = swarm ? [...(asks ? sendMessage : []), ...(transfers ? transfer : [])] : asks ? [
    '  /** A worker\'s tool: the worker answers the task in a conversation of its own (the user does not see it); its answer is the result. */',
    '  const workerTool = (to: AgentId, description: string, parameters: JSONSchema7): Tool => tool({',
    '    description,',
    '    inputSchema: jsonSchema<Args>(parameters, { validate: objectArguments }),',
    '    execute: async (args: Args, { abortSignal }) => {',
    '      const asked = await agents[to]({ owner: false, depth: 1 }).generate({ prompt: askedMessage(args), abortSignal });',
    '      return agentAnswer({ text: asked.text });',
    '    },',
    '    toModelOutput: toolText,',
    '  });',
    '',
  ] : [];
  const generate = swarm ? [
    '    /** One user turn: the agent owning the conversation runs until it answers the user; a transfer hands the conversation to the next one. */',
    '    async generate({ messages, state, abortSignal }: GroupCall): Promise<GroupResult> {',
    '      let active: AgentId = state?.activeAgent !== undefined && Object.hasOwn(AGENTS, state.activeAgent) ? (state.activeAgent as AgentId) : FIRST_AGENT;',
    '      let handoffs = state?.handoffs ?? 0;',
    '      const conversation = [...messages];',
    '      const turns: GroupTurn[] = [];',
    '      for (;;) {',
    '        const run: AgentRun = { owner: true, depth: 0 };',
    '        const result = await agents[active](run).generate({ messages: conversation, abortSignal });',
    '        conversation.push(...result.responseMessages);',
    '        turns.push({ agent: active, messages: result.responseMessages });',
    '        if (run.handedTo === undefined) return { turns, state: { activeAgent: active, handoffs: 0 } };',
    '        // handoffs in a row are bounded (AS_HANDOFF_LIMIT past maxHandoffs)',
    '        handoffs = countHandoff(handoffs, maxHandoffs, AGENTS[run.handedTo]);',
    '        active = run.handedTo;',
    '      }',
    '    },',
  ] : [
    '    /** One user turn: the manager answers, calling its workers\' tools (one after another, in order) as it needs. */',
    '    async generate({ messages, abortSignal }: GroupCall): Promise<GroupResult> {',
    '      const result = await agents[FIRST_AGENT]({ owner: true, depth: 0 }).generate({ messages: [...messages], abortSignal });',
    '      return { turns: [{ agent: FIRST_AGENT, messages: result.responseMessages }], state: {} };',
    '    },',
  ];
  const what = swarm ? 'Swarm' : 'ManagerWorkers';
  w.section([
    '/**',
    ` * ${what} ${commentText(String(members.group.name))}: each agent a ToolLoopAgent, the group's \`generate\` running the one owning the conversation.`,
    ` * \`close()\` ends ${mcp ? 'the MCP connections its tools opened' : 'what its tools opened (nothing here)'}.`,
    ' */',
    `export function build(options: BuildOptions${required ? '' : ' = {}'}): { group: { agents: Record<AgentId, (run: AgentRun) => ToolLoopAgent<never, ToolSet>>; generate(call: GroupCall): Promise<GroupResult> }; close(): Promise<void> } {`,
    '  const llm = options.llm ?? {};',
    '  const hooks = options.hooks ?? {};',
    '  const maxSteps = options.maxSteps ?? 20;',
    ...(swarm ? ['  const maxHandoffs = options.maxHandoffs ?? DEFAULT_MAX_HANDOFFS;'] : []),
    ...(mcp ? ['  const mcp = mcpClients();'] : []),
    '  // what every agent of the group has: the caller\'s hooks, tool calls of one answer run one after another',
    '  const settings = {',
    '    maxRetries: 0,',
    '    toolCallConcurrency: 1,',
    '    prepareCall: speakFirst,',
    '    prepareStep: hooks.prepareStep,',
    '    onToolExecutionEnd: hooks.onToolExecutionEnd,',
    '    onError: hooks.onError,',
    '  } satisfies Partial<ToolLoopAgentSettings<never, ToolSet>>;',
    '',
    ...askLines,
    '  /** The agents, each a ToolLoopAgent made for one run. */',
    '  const agents: Record<AgentId, (run: AgentRun) => ToolLoopAgent<never, ToolSet>> = {',
    ...factories.flat(),
    '  };',
    '',
    '  const group = {',
    '    agents,',
    ...generate,
    '  };',
    `  return { group, close: ${mcp ? '() => mcp.close()' : 'async () => {}'} };`,
    '}',
  ].join('\n'));
}
