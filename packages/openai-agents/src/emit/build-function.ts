import type { Agent } from '@agentspec/core';
import { literal, text } from '@agentspec/runtime/emit';
import { emitModelSettings } from './model.js';
import type { AgentModule as ModuleWriter } from './agent-module.js';
import type { ToolCode } from './tools/index.js';

/** The build() function. */
export function buildFunction(w: ModuleWriter, agent: Agent, tools: readonly ToolCode[], serverTools: readonly string[], required: boolean): string {
  const outputs = (agent.outputs ?? []).length > 0;
  const lines = [
    '/** The agent as an Agents SDK `Agent`, with the options to run it. */',
    `export function build(options: BuildOptions${required ? '' : ' = {}'}): Built {`,
    '  if (options.tracing !== true) setTracingDisabled(true);',
  ];
  if (serverTools.length > 0) {
    lines.push(
      `  const missing = ${literal(serverTools, '  ', 18)}.filter((name) => !Object.hasOwn(options.tools, name));`,
      "  if (missing.length > 0) throw new CodedError('AS_MISSING_TOOL', `no implementation given for ServerTool ${missing.join(', ')}`);",
    );
  }
  if ((agent.transforms ?? []).length > 0) lines.push('  const conversationId = options.conversationId ?? globalThis.crypto.randomUUID();');
  const setups = tools.flatMap((t) => (t.setup ? [t.setup] : []));
  for (const s of setups) lines.push(`  ${s.code}`);
  const placeholders = agent.system_prompt.includes('{{');
  const instructions = (agent.inputs ?? []).length > 0
    ? 'renderTemplate(SYSTEM_PROMPT, inputValues(options.inputs ?? {}))'
    : placeholders ? 'renderTemplate(SYSTEM_PROMPT, {})' : 'SYSTEM_PROMPT';
  if (instructions !== 'SYSTEM_PROMPT') w.use('renderTemplate');
  const toolList = tools.length === 0 ? '[]' : `[\n${tools.map((t) => `    ${t.expression},\n`).join('')}  ]`;
  if (outputs) lines.push("  const native = options.structuredOutput === 'native';", ...(tools.length > 0 ? [`  const tools = ${toolList};`] : []));
  lines.push(
    '  const agent = new Agent<unknown, AgentOutputType>({',
    '    name: AGENT_NAME,',
    `    instructions: ${instructions},`,
    `    handoffDescription: ${text(agent.description ?? '')},`,
    '    model: model(options.llm ?? {}),',
    `    modelSettings: ${emitModelSettings(agent.llm_config, 19)},`,
  );
  if (outputs) {
    lines.push(
      tools.length > 0 ? '    tools: native ? tools : [...tools, submitResultTool],' : '    tools: native ? [] : [submitResultTool],',
      '    ...(native ? { outputType: OUTPUT_TYPE } : { toolUseBehavior: finishOnSubmission }),',
    );
  } else lines.push(`    tools: ${toolList.replace(/\n {2}/g, '\n    ')},`);
  lines.push(
    '  });',
    '  return {',
    '    agent,',
    '    warnings: WARNINGS,',
    ...((agent.transforms ?? []).length > 0
      ? [
        '    runOptions: {',
        '      maxTurns: options.maxTurns ?? MAX_TURNS,',
        '      // each LLM request\'s input through the message transforms',
        '      callModelInputFilter: async ({ modelData }) => ({',
        '        ...modelData,',
        '        input: await transformedInput(modelData.input, options.llm ?? {}, options.transformHooks?.conversationId?.() ?? conversationId, options.transformHooks),',
        '      }),',
        '    },',
      ]
      : ['    runOptions: { maxTurns: options.maxTurns ?? MAX_TURNS },']),
    setups.length === 0 ? '    close: async () => undefined,' : `    close: async () => {\n      await Promise.all([${setups.map((s) => s.close).join(', ')}]);\n    },`,
    '  };',
    '}',
  );
  return lines.join('\n');
}
