import type { Agent, Component, LlmConfig } from '@agentspec/core';
import { sendMessageSpec, swarmLinks, swarmRecipients, transferSpec, workerToolSpec, DEFAULT_MAX_HANDOFFS } from '@agentspec/runtime';
import { constantName, key, literal, member, networkOptionFields, str, text } from '@agentspec/runtime/emit';
import { AgentModule } from '../agent-module.js';
import { LLM_OPTIONS } from '../interfaces.js';
import { emitModel, emitModelSettings, type ModelNames } from '../model.js';
import { openAiAgentsHeader } from '../module-header.js';
import { emitTool, type ToolCode } from '../tools/index.js';
import { DEFAULT_MAX_TURNS } from '../../compile/compile-agent.js';
import type { CompileWarning } from '../../types.js';
import { ASK_AGENT, ASK_TOOL, groupBuilt, TRANSFER_TO } from './group-code.js';
import type { EmittedGroup } from './group-members.js';

/** Names a group module declares itself (or uses inside build()): no name made from the spec takes them. */
const GROUP_DECLARED = [
  'handoff', 'run', 'AskRequest', 'AskAgent', 'runAsked', 'AgentToolSpec', 'asking', 'askTool', 'inARow', 'transferTo', 'GROUP_NAME', 'MAX_HANDOFFS',
  'SYSTEM_PROMPTS', 'AGENT_TOOLS', 'INPUT_DEFAULTS', 'options', 'inputs', 'ask', 'asked', 'maxTurns', 'maxHandoffs', 'missing', 'AgentOutputType', 'CodedError',
];

/** One member being written: its spec, the identifier of its SDK agent, its tools as code. */
interface MemberCode {
  readonly spec: Agent;
  readonly name: string;
  readonly tools: readonly ToolCode[];
}

/** The model functions of the module, one per LLM config (by id): the agent module's names when there is one. */
function emitModels(w: AgentModule, configs: readonly LlmConfig[]): Map<string, string> {
  const byId = new Map<string, LlmConfig>();
  for (const c of configs) if (!byId.has(c.id)) byId.set(c.id, c);
  const fns = new Map<string, string>();
  for (const c of byId.values()) {
    let names: ModelNames | undefined;
    if (byId.size > 1) {
      const base = w.identifier(c.name, ['Model'], 'llm');
      names = { llm: `${constantName(base)}_LLM`, policy: `${constantName(base)}_RETRY_POLICY`, fn: `${base}Model`, what: `The LLM ${base}Model()` };
      w.names.add(names.llm, names.policy);
    }
    w.section(emitModel(w, c, names));
    fns.set(c.id, names?.fn ?? 'model');
  }
  return fns;
}

/** `new Agent({ … })` of a member (`extra`: tools standing for agents; `handoffs`: its transfers, inline). */
function agentCode(m: MemberCode, model: string, extra: readonly string[], handoffs: readonly string[] | undefined, rendered: boolean): string {
  const a = m.spec;
  const prompt = `SYSTEM_PROMPTS${member(m.name)}`;
  const tools = [...m.tools.map((t) => t.expression), ...extra];
  return [
    `  const ${m.name} = new Agent<unknown, AgentOutputType>({`,
    `    name: ${str(a.name)},`,
    `    instructions: ${rendered ? `renderTemplate(${prompt}, inputs)` : prompt},`,
    `    handoffDescription: ${text(a.description ?? '')},`,
    `    model: ${model}(options.llm ?? {}),`,
    `    modelSettings: ${emitModelSettings(a.llm_config, 19)},`,
    tools.length === 0 ? '    tools: [],' : `    tools: [\n${tools.map((t) => `      ${t},\n`).join('')}    ],`,
    ...(handoffs && handoffs.length > 0 ? [`    handoffs: [\n${handoffs.map((h) => `      ${h},\n`).join('')}    ],`] : []),
    '  });',
  ].join('\n');
}

/** The recipients before their callers where the relationships allow it (a cycle keeps the spec's order). */
function declarationOrder(members: readonly Agent[], recipients: (a: Agent) => readonly Agent[]): Agent[] {
  const out: Agent[] = [];
  const seen = new Set<string>();
  const visit = (a: Agent): void => {
    if (seen.has(a.id)) return;
    seen.add(a.id);
    for (const r of recipients(a)) visit(r);
    out.push(a);
  };
  for (const a of members) visit(a);
  return out;
}

/** The BuildOptions interface of a group module. */
function groupBuildOptions(serverTools: readonly string[], parts: { inputs: boolean; swarm: boolean; asks: boolean; remote: boolean; mcp: boolean }): string {
  const fields: string[] = [];
  if (serverTools.length > 0) {
    fields.push(
      '  /** ServerTool implementations, by tool name (the spec holds no code). */',
      `  readonly tools: {\n${serverTools.map((n) => `    readonly ${key(n)}: ToolImplementation;`).join('\n')}\n  };`,
    );
  }
  if (parts.inputs) fields.push('  /** Values of the agents\' inputs, rendered into their system prompts (INPUT_DEFAULTS fill the rest). */', '  readonly inputs?: Readonly<Record<string, unknown>>;');
  fields.push('  /** Where the LLM is (default: the endpoint of the spec). */', '  readonly llm?: LlmOptions;');
  fields.push('  /** LLM turns per run (default MAX_TURNS), for `runOptions.maxTurns` and the runs of asked agents. */', '  readonly maxTurns?: number;');
  if (parts.swarm) {
    fields.push(
      '  /** Transfers in a row without an answer to the user, and agents asking one another this deep, at most (default MAX_HANDOFFS): one more is AS_HANDOFF_LIMIT. */',
      '  readonly maxHandoffs?: number;',
    );
  }
  if (parts.asks) fields.push('  /** How asked agents run (default: runAsked). openaiAgentsRuntime passes its own, which traces them. */', '  readonly ask?: AskAgent;');
  if (parts.remote || parts.mcp) {
    const what = [parts.remote ? 'hosts RemoteTools may reach although their host comes from an argument, is a private or link-local address, or is another host a redirect leads to' : '', parts.mcp ? 'commands MCP stdio servers may start' : ''];
    fields.push(`  /** What the tools may reach: ${what.filter(Boolean).join('; ')}. */`, '  readonly network?: {', ...networkOptionFields('    '), '  };');
  }
  if (parts.remote) {
    fields.push(
      '  /** RemoteTool calls: time per attempt (default 30 000 ms), retries (default 2), redirects followed (default 5), bytes of a body read (default 10 MB). */',
      '  readonly http?: { readonly timeoutMs?: number; readonly retries?: number; readonly maxRedirects?: number; readonly maxBodyBytes?: number };',
    );
  }
  fields.push('  /** Export traces to OpenAI (default false: `setTracingDisabled(true)` is called). */', '  readonly tracing?: boolean;');
  return `/** What build() takes besides the spec. */\nexport interface BuildOptions {\n${fields.join('\n')}\n}`;
}

/**
 * The module of a Swarm or ManagerWorkers (SpecializedAgents merged): the
 * agents' prompts and LLMs as constants, their tools as `tool()`s, and
 * build() writing the group out with the SDK's API — a Swarm's transfers as
 * `handoff()`s of its agents (`handoffs: [...]`), its send_message tools and
 * a ManagerWorkers' workers as function tools running the asked agent with
 * `run()` (or the `ask` option) on a conversation of its own.
 */
export function emitGroup(group: EmittedGroup, options: { readonly source?: string | undefined; readonly version?: string | undefined }): { code: string; warnings: CompileWarning[] } {
  const root = (group.kind === 'swarm' ? group.swarm : group.mw) as unknown as Component;
  const members = group.kind === 'swarm' ? group.members : [group.manager, ...group.workers];
  const w = new AgentModule(members[0]!);
  w.names.add(...GROUP_DECLARED);
  w.import('@openai/agents', 'Agent');
  w.import('@openai/agents', 'setTracingDisabled');
  w.importType('@openai/agents', 'AgentOutputType');
  const names = new Map(members.map((a) => [a.id, w.identifier(a.name, [''], 'agent')]));
  const toolCode = new Map<string, ToolCode>();
  const code = new Map<string, MemberCode>(members.map((a) => [a.id, {
    spec: a,
    name: names.get(a.id)!,
    tools: a.tools.map((t) => {
      const done = toolCode.get(t.id) ?? emitTool(w, t);
      toolCode.set(t.id, done);
      return done;
    }),
  }]));
  const tools = [...toolCode.values()];
  const serverTools = [...new Set(tools.flatMap((t) => (t.serverTool !== undefined ? [t.serverTool] : [])))];
  const swarm = group.kind === 'swarm' ? group.swarm : undefined;
  const asks = group.kind === 'manager-workers' || group.mode !== 'always';
  const transfers = group.kind === 'swarm' && group.mode !== 'never';
  if (group.kind === 'swarm' && group.mode === 'optional') {
    for (const a of group.members.filter((m) => swarmRecipients(group.swarm, m).length > 1)) {
      w.warnings.push({
        kind: 'approximated', component: a.id,
        message: `agent '${a.name}' is offered its send_message tools, then its transfers (the SDK lists handoffs after the tools), where the spec lists each recipient's two together`,
      });
    }
  }
  const inputs = members.flatMap((a) => a.inputs ?? []);
  const rendered = (a: Agent) => (a.inputs ?? []).length > 0 || a.system_prompt.includes('{{');
  if (members.some(rendered)) w.use('renderTemplate');
  if (serverTools.length > 0 || transfers || asks) w.use('codedError');
  if (serverTools.length > 0) {
    w.section('/** A ServerTool implementation: the arguments (coerced to the declared input types) in, the result out. */\nexport type ToolImplementation = (args: Record<string, unknown>) => unknown;');
  }
  w.section(groupBuildOptions(serverTools, {
    inputs: inputs.length > 0, swarm: swarm !== undefined, asks,
    remote: members.some((a) => a.tools.some((t) => t.component_type === 'RemoteTool')), mcp: members.some((a) => a.tools.some((t) => t.component_type === 'MCPTool')),
  }));
  w.section(LLM_OPTIONS);
  const entry = members[0]!;
  w.section(groupBuilt(group.kind === 'swarm' ? 'The first agent, which owns the conversation until it transfers it' : 'The group manager, which talks with the user'));
  if (asks) {
    w.import('@openai/agents', 'run', 'tool');
    w.use('toolParameters');
    w.section(ASK_AGENT);
  }
  // the group's constants
  const agentTools: Record<string, unknown> = {};
  const constants = [
    `export const GROUP_NAME = ${str(String(root.name))};`,
    '',
    '/** LLM turns per run (Agent Spec `limits.maxAgentSteps`), the default of `runOptions.maxTurns`. */',
    `export const MAX_TURNS = ${DEFAULT_MAX_TURNS};`,
  ];
  if (swarm) constants.push('', '/** Transfers in a row, and agents asking one another this deep, at most (Agent Spec `limits.maxHandoffs`). */', `export const MAX_HANDOFFS = ${DEFAULT_MAX_HANDOFFS};`);
  constants.push('', '/** The agents\' system prompts. */', `const SYSTEM_PROMPTS = {\n${members.map((a) => `  ${key(names.get(a.id)!)}: ${text(a.system_prompt)},`).join('\n')}\n};`);
  if (inputs.length > 0) {
    const defaults = Object.fromEntries(inputs.flatMap((p) => ('default' in p ? [[p.title, p.default]] : [])));
    constants.push('', '/** The defaults of the agents\' inputs. */', `const INPUT_DEFAULTS: Readonly<Record<string, unknown>> = ${literal(defaults, '', 52)};`);
  }
  constants.push('', `const WARNINGS: Built['warnings'] = ${literal(w.warnings, '', 34)};`);
  w.section(constants.join('\n'));
  const models = emitModels(w, members.map((a) => a.llm_config));
  if (tools.length > 0) w.section(`// ---- Tools: one \`tool()\` per tool of the spec\n\n${tools.map((t) => t.code).join('\n\n')}`);
  // the tools standing for agents
  const body: string[] = [];
  // thunks (an agent may be declared after the one asking it), typed: a relationship going back would leave their types to infer in a cycle
  const asked = (to: Agent) => `(): Agent<unknown, AgentOutputType> => ${transfers ? `asked${member(names.get(to.id)!)}` : names.get(to.id)!}`;
  const extra = new Map<string, string[]>();
  const handoffs = new Map<string, string[]>();
  const askedAgents = new Set<string>();
  if (group.kind === 'swarm') {
    for (const a of group.members) {
      for (const link of swarmLinks(group.swarm, a, true)) {
        const to = members.find((m) => m.id === link.to.id)!;
        if (link.kind === 'transfer') {
          agentTools[transferSpec(to).name] = { name: transferSpec(to).name, description: transferSpec(to).description };
          handoffs.set(a.id, [...(handoffs.get(a.id) ?? []), `transferTo(${names.get(to.id)!}, AGENT_TOOLS${member(transferSpec(to).name)}, maxHandoffs)`]);
        } else {
          const spec = sendMessageSpec(to);
          agentTools[spec.name] = spec;
          askedAgents.add(to.id);
          extra.set(a.id, [...(extra.get(a.id) ?? []), `askTool(${str(to.id)}, ${asked(to)}, AGENT_TOOLS${member(spec.name)}, ask, maxHandoffs)`]);
        }
      }
    }
  } else {
    extra.set(group.manager.id, group.workers.map((worker) => {
      const spec = workerToolSpec(worker);
      agentTools[spec.name] = spec;
      return `askTool(${str(worker.id)}, () => ${names.get(worker.id)!}, AGENT_TOOLS${member(spec.name)}, ask)`;
    }));
  }
  if (Object.keys(agentTools).length > 0) {
    const heading = `// ---- ${group.kind === 'swarm' ? 'The Swarm: transfers as SDK handoffs, send_message as function tools' : 'The workers: function tools of the manager'}\n\n`;
    if (asks) w.section(`${heading}${ASK_TOOL}`);
    if (transfers) {
      w.import('@openai/agents', 'handoff');
      w.section(`${asks ? '' : heading}${TRANSFER_TO}`);
    }
    const what = group.kind === 'swarm' ? 'The Swarm\'s tools: transfers (handoffs) and send_message, named and described as the Agent Spec runtimes do' : 'The workers as tools of the manager, named and described as the Agent Spec runtimes do';
    w.section(`/** ${what}. */\nconst AGENT_TOOLS = ${literal(agentTools, '', 20)}${asks ? ' satisfies Record<string, { name: string; description: string; parameters?: ToolParameters }>' : ''};`);
  }
  // build()
  body.push(`/** The ${group.kind === 'swarm' ? 'Swarm\'s agents as Agents SDK `Agent`s, handing the conversation over with `handoff()`s' : 'manager and workers as Agents SDK `Agent`s, the workers tools of the manager'}, with the options to run them. */`);
  body.push(`export function build(options: BuildOptions${serverTools.length > 0 ? '' : ' = {}'}): Built {`, '  if (options.tracing !== true) setTracingDisabled(true);');
  if (serverTools.length > 0) {
    body.push(
      `  const missing = ${literal(serverTools, '  ', 18)}.filter((name) => !Object.hasOwn(options.tools, name));`,
      "  if (missing.length > 0) throw new CodedError('AS_MISSING_TOOL', `no implementation given for ServerTool ${missing.join(', ')}`);",
    );
  }
  const setups = tools.flatMap((t) => (t.setup ? [t.setup] : []));
  for (const s of setups) body.push(`  ${s.code}`);
  body.push('  const maxTurns = options.maxTurns ?? MAX_TURNS;');
  if (swarm) body.push('  const maxHandoffs = options.maxHandoffs ?? MAX_HANDOFFS;');
  if (asks) body.push('  const ask = options.ask ?? runAsked(maxTurns);');
  if (members.some(rendered)) body.push(`  const inputs = ${inputs.length > 0 ? '{ ...INPUT_DEFAULTS, ...options.inputs }' : '{}'};`);
  const recipients = (a: Agent): Agent[] => (group.kind === 'swarm' && transfers ? swarmRecipients(group.swarm, a).map((r) => members.find((m) => m.id === r.id)!) : group.kind === 'manager-workers' && a.id === group.manager.id ? [...group.workers] : []);
  const declared = new Set<string>();
  const later: string[] = [];
  for (const a of declarationOrder(members, recipients)) {
    const m = code.get(a.id)!;
    const own = handoffs.get(a.id);
    const inline = own !== undefined && recipients(a).every((r) => declared.has(r.id));
    body.push(agentCode(m, models.get(a.llm_config.id)!, extra.get(a.id) ?? [], inline ? own : undefined, rendered(a)));
    if (own !== undefined && !inline) later.push(`  ${m.name}.handoffs = [\n${own.map((h) => `    ${h},\n`).join('')}  ];`);
    declared.add(a.id);
  }
  if (later.length > 0) body.push('  // transfers to agents declared after their caller (the relationships go round)', ...later);
  if (transfers && askedAgents.size > 0) {
    body.push(
      '  // asked through send_message, an agent owns no conversation and hands none over: the agents without their transfers',
      `  const asked = {\n${members.filter((a) => askedAgents.has(a.id)).map((a) => `    ${key(names.get(a.id)!)}: ${names.get(a.id)!}.clone({ handoffs: [] }),\n`).join('')}  };`,
    );
  }
  body.push(
    '  return {',
    `    agent: ${names.get(entry.id)!},`,
    `    agents: { ${members.map((a) => (key(a.id) === names.get(a.id) ? a.id : `${key(a.id)}: ${names.get(a.id)!}`)).join(', ')} },`,
    '    warnings: WARNINGS,',
    '    runOptions: { maxTurns },',
    setups.length === 0 ? '    close: async () => undefined,' : `    close: async () => {\n      await Promise.all([${setups.map((s) => s.close).join(', ')}]);\n    },`,
    '  };',
    '}',
  );
  w.section(`// ---- The agents\n\n${body.join('\n')}`);
  const how = group.kind === 'swarm' ? (transfers ? 'its transfers `handoff()`s' : 'its send_message tools function tools') : 'its workers function tools of the manager';
  const header = openAiAgentsHeader(root, `an Agent Spec ${root.component_type} as OpenAI Agents SDK \`Agent\`s (${how})`, serverTools, options,
    'result.finalOutput; the next turn: run(result.lastAgent, [...result.history, …])');
  return { code: w.render(header), warnings: w.warnings };
}
