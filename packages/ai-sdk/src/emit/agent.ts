import type { Agent, Property } from '@agentspec/core';
import { admitted, outputRules, parametersSchema, RuntimeError, SUBMIT_RESULT, submitResultSpec } from '@agentspec/runtime';
import { generationSettings } from '../model/generation-settings.js';
import { commentText, key, literal, member, str } from '@agentspec/runtime/emit';
import type { AiSdkModule as ModuleWriter } from './helpers.js';
import { emitLanguageModel } from './model.js';
import { emitTransforms } from './transforms.js';
import { LLM_OPTIONS_TYPE, networkOptionLines } from './build-options.js';
import { hasPlaceholders, templateExpression } from './template.js';
import { interfaceFields, tsType } from './tools/context.js';
import { TOOL_EMITTERS, type EmittedTool } from './tools/index.js';

/** The module's types: the agent's inputs, the ServerTool implementations, the LLM and build options. */
function emitTypes(agent: Agent, tools: readonly [string, EmittedTool][], transforms: boolean, w: ModuleWriter): { inputsRequired: boolean; toolsRequired: boolean } {
  const inputs = agent.inputs ?? [];
  const inputsRequired = inputs.some((p) => !('default' in p));
  const servers = tools.filter(([, t]) => t.implementation !== undefined);
  const needs = new Set(tools.flatMap(([, t]) => t.needs ?? []));
  w.importType('ai', 'OnToolExecutionEndCallback', 'PrepareStepFunction', 'StopCondition', 'ToolLoopAgentSettings', 'ToolSet');
  const blocks: string[] = [];
  if (inputs.length > 0) {
    blocks.push(`/** The agent's inputs, rendered into its system prompt (those with a default may be left out). */\nexport interface Inputs {\n${interfaceFields(inputs)}\n}`);
  }
  if (servers.length > 0) {
    blocks.push(`/** Your implementations of the ServerTools, by tool name (never taken from the spec). */\nexport interface Tools {\n${servers.map(([name, t]) => `  ${key(name)}: ${t.implementation as string};`).join('\n')}\n}`);
  }
  blocks.push([
    ...LLM_OPTIONS_TYPE,
    '',
    '/** Added to the agent\'s settings: more stop conditions and callbacks (how aiSdkRuntime adds Agent Spec\'s checks: failed tools, step budget). */',
    'export interface AgentHooks {',
    '  readonly stopWhen?: readonly StopCondition<ToolSet>[];',
    '  readonly prepareStep?: PrepareStepFunction<ToolSet>;',
    '  readonly onToolExecutionEnd?: OnToolExecutionEndCallback<ToolSet>;',
    '  readonly onError?: ToolLoopAgentSettings<never, ToolSet>[\'onError\'];',
    ...(transforms ? [
      '  /** How a transform\'s summary is made instead of one generation of its LLM (aiSdkRuntime: its traced call). */',
      '  readonly summarize?: (transform: string, messages: readonly SummaryMessage[]) => Promise<string>;',
      '  /** The id of the conversation being run (the key of cached summaries), when the caller knows it per call. */',
      '  readonly conversationId?: () => string | undefined;',
    ] : []),
    '}',
    '',
    'export interface BuildOptions {',
    ...(servers.length > 0 ? ['  /** ServerTool implementations. */', '  readonly tools: Tools;'] : []),
    ...(inputs.length > 0 ? ['  /** Values of the agent\'s inputs, rendered into its system prompt. */', `  readonly inputs${inputsRequired ? '' : '?'}: Inputs;`] : []),
    '  readonly llm?: LlmOptions;',
    ...(transforms ? ['  /** The conversation\'s id: the key of the summaries its transforms cache (default: one per build). */', '  readonly conversationId?: string;'] : []),
    '  /** LLM steps of one `generate()` / `stream()` call (default 20). */',
    '  readonly maxSteps?: number;',
    ...networkOptionLines(needs),
    '  readonly hooks?: AgentHooks;',
    '}',
  ].join('\n'));
  w.section(blocks.join('\n\n'));
  return { inputsRequired, toolsRequired: servers.length > 0 };
}

/** The system prompt: a constant, or a function of the inputs rendering its placeholders in one pass. */
function emitSystemPrompt(agent: Agent, w: ModuleWriter): string {
  const inputs = agent.inputs ?? [];
  if (!hasPlaceholders(agent.system_prompt)) {
    w.section(`/** The system prompt. */\nconst SYSTEM_PROMPT = ${templateExpression(agent.system_prompt, () => '', true)};`);
    return 'SYSTEM_PROMPT';
  }
  w.use('valueText');
  const valueOf = (name: string): string => {
    const p = inputs.find((i) => i.title === name);
    if (!p) return 'undefined';
    return 'default' in p ? `inputs${member(name)} ?? ${literal(p.default)}` : `inputs${member(name)}`;
  };
  const optional = inputs.every((p) => 'default' in p);
  w.section([
    '/** The system prompt, its placeholders rendered with the inputs (strings as they are, other values as JSON; defaults filled in). */',
    `function systemPrompt(inputs: Inputs${optional ? ' = {}' : ''}): string {`,
    `  return ${templateExpression(agent.system_prompt, valueOf, true)};`,
    '}',
  ].join('\n'));
  return 'systemPrompt(options.inputs)';
}

/** The submit_result tool of an agent with outputs: its parameters are the outputs; a valid call returns them, an invalid one the problem. */
function emitSubmitResult(outputs: readonly Property[], w: ModuleWriter): string {
  w.use('submitResult');
  w.use('toolText');
  w.import('ai', 'jsonSchema', 'tool');
  w.importType('ai', 'JSONSchema7', 'Tool');
  const spec = submitResultSpec(outputs);
  w.section([
    `/** The agent's outputs (${outputs.map((p) => `${commentText(p.title)}: ${tsType(p)}`).join(', ')}), as submit_result checks them. */`,
    `const OUTPUTS: readonly OutputRule[] = ${literal(outputRules(outputs))};`,
    '',
    '/** Parameters of submit_result: the agent\'s outputs. */',
    `const SUBMIT_RESULT_PARAMETERS: JSONSchema7 = ${literal(parametersSchema(outputs))};`,
    '',
    '/**',
    ' * submit_result: the agent finishes by calling it with its outputs. A valid call returns the',
    ' * outputs (the LLM reads "Result submitted."); an invalid one returns the problem, which the LLM reads.',
    ' */',
    'const submitResultTool: Tool = tool({',
    `  description: ${str(spec.description)},`,
    '  inputSchema: jsonSchema<Args>(SUBMIT_RESULT_PARAMETERS, { validate: objectArguments }),',
    '  execute: async (args: Args) => submissionProblem(args, OUTPUTS) ?? submittedOutputs(args),',
    '  toModelOutput: ({ output }) => toolText({ output: typeof output === \'string\' ? output : SUBMITTED }),',
    '});',
  ].join('\n'));
  return 'submitResultTool';
}

/** The `build(options)` function: the ToolLoopAgent, written out as compileAiSdk builds it (src/compile/agent-settings.ts). */
function emitBuild(agent: Agent, tools: readonly [string, EmittedTool][], submit: string | undefined, instructions: string, required: boolean, transforms: boolean, w: ModuleWriter): void {
  w.import('ai', 'stepCountIs', 'ToolLoopAgent');
  w.use('speakFirst');
  const config = agent.llm_config;
  const { providerOptions, ...generation } = generationSettings(config, config.component_type !== 'OpenAiConfig', w.warnings);
  const mcp = tools.some(([, t]) => t.needs?.includes('mcp'));
  const entries = [...tools.map(([name, t]) => [name, t.expression] as const), ...(submit ? [[SUBMIT_RESULT, submit] as const] : [])];
  const settings = [
    `    id: ${str(agent.id)},`,
    '    model: languageModel(llm),',
    `    instructions: ${instructions},`,
    '    tools,',
    `    toolOrder: ${literal(entries.map(([name]) => name), '    ')},`,
    `    stopWhen: [stepCountIs(options.maxSteps ?? 20), ${submit ? 'submitResultAccepted, ' : ''}...(options.hooks?.stopWhen ?? [])],`,
    ...Object.entries(generation).map(([k, v]) => `    ${k}: ${literal(v)},`),
    ...(providerOptions ? [`    providerOptions: ${literal(providerOptions, '    ')},`] : []),
    '    maxRetries: 0,',
    '    prepareCall: speakFirst,',
    ...(transforms ? [
      '    // the conversation of each step through the message transforms, then the caller\'s own preparation',
      '    prepareStep: async (step) => {',
      '      const hooks = options.hooks;',
      '      const messages = await transformedMessages(step.messages, llm, hooks?.conversationId?.() ?? conversationId, hooks?.summarize);',
      '      return { messages, ...(await hooks?.prepareStep?.({ ...step, messages })) };',
      '    },',
    ] : ['    prepareStep: options.hooks?.prepareStep,']),
    '    onToolExecutionEnd: options.hooks?.onToolExecutionEnd,',
    '    onError: options.hooks?.onError,',
  ];
  w.section([
    '/**',
    ` * The agent ${commentText(agent.name ?? agent.id)} as a ToolLoopAgent: call \`agent.generate({ messages })\` or \`agent.stream(…)\`.`,
    ` * \`close()\` ends ${mcp ? 'the MCP connections its tools opened' : 'what its tools opened (nothing here)'}.`,
    ' */',
    `export function build(options: BuildOptions${required ? '' : ' = {}'}): { agent: ToolLoopAgent<never, ToolSet>; close(): Promise<void> } {`,
    '  const llm = options.llm ?? {};',
    ...(mcp ? ['  const mcp = mcpClients();'] : []),
    ...(transforms ? ['  const conversationId = options.conversationId ?? globalThis.crypto.randomUUID();'] : []),
    ...(entries.length === 0 ? ['  const tools: ToolSet = {};'] : ['  const tools: ToolSet = {', ...entries.map(([name, expression]) => `    ${key(name)}: ${expression},`), '  };']),
    '  const agent = new ToolLoopAgent<never, ToolSet>({',
    ...settings,
    '  });',
    `  return { agent, close: ${mcp ? '() => mcp.close()' : 'async () => {}'} };`,
    '}',
  ].join('\n'));
}

/** Every declaration of an Agent's module, in reading order: types, prompt, model, transforms, tools, submit_result, build, helpers. */
export function emitAgent(agent: Agent, w: ModuleWriter): void {
  if (agent.human_in_the_loop === false) {
    w.warnings.push({ kind: 'approximated', component: agent.id, message: 'human_in_the_loop: false is not enforced by a ToolLoopAgent: a text reply ends the call as usual (aiSdkRuntime fails it with AS_INVALID_STATE)' });
  }
  const names = new Set<string>();
  for (const t of agent.tools) {
    const clash = names.has(t.name) ? 'another of its tools' : t.name === SUBMIT_RESULT && (agent.outputs ?? []).length > 0 ? 'the submit_result tool of its outputs' : undefined;
    if (clash) throw new RuntimeError('AS_UNSUPPORTED', `tool '${t.name}' of agent '${agent.id}' has the name of ${clash}: a module cannot declare both`, { agent: agent.id, tool: t.name });
    names.add(t.name);
  }
  const typesAt = w.placeholder();
  const instructions = emitSystemPrompt(agent, w);
  emitLanguageModel(agent.llm_config, w);
  const transforms = emitTransforms(agent, w);
  const tools = agent.tools.map(admitted).map((t) => [t.name, TOOL_EMITTERS[t.component_type](t, { w, agent })] as [string, EmittedTool]);
  const outputs = agent.outputs ?? [];
  const submit = outputs.length > 0 ? emitSubmitResult(outputs, w) : undefined;
  const { inputsRequired, toolsRequired } = w.fill(typesAt, () => emitTypes(agent, tools, transforms, w));
  emitBuild(agent, tools, submit, instructions, inputsRequired || toolsRequired, transforms, w);
}
