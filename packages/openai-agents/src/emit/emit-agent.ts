import type { Agent } from '@agentspec/core';
import { literal, str, text } from '@agentspec/runtime/emit';
import { AgentModule } from './agent-module.js';
import { buildFunction } from './build-function.js';
import { emitInputs } from './inputs.js';
import { built, buildOptions, LLM_OPTIONS } from './interfaces.js';
import { emitModel } from './model.js';
import { openAiAgentsHeader } from './module-header.js';
import { emitOutputs } from './outputs.js';
import { emitTransforms } from './transforms.js';
import { emitTool } from './tools/index.js';
import { DEFAULT_MAX_TURNS } from '../compile/compile-agent.js';
import type { CompileWarning } from '../types.js';

/** The module of an Agent (assumed valid). */
export function emitAgent(agent: Agent, options: { readonly source?: string | undefined; readonly version?: string | undefined }): { code: string; warnings: CompileWarning[] } {
  const w = new AgentModule(agent);
  w.import('@openai/agents', 'Agent');
  w.import('@openai/agents', 'setTracingDisabled');
  w.importType('@openai/agents', 'AgentOutputType');
  if (agent.human_in_the_loop === false) {
    w.warnings.push({
      kind: 'approximated', component: agent.id,
      message: 'human_in_the_loop: false: an SDK run ends on a text reply like any other; openaiAgentsRuntime() reports it as AS_INVALID_STATE',
    });
  }
  const tools = agent.tools.map((t) => emitTool(w, t));
  const serverTools = [...new Set(tools.flatMap((t) => (t.serverTool !== undefined ? [t.serverTool] : [])))];
  if (serverTools.length > 0) w.use('codedError');
  const inputs = agent.inputs ?? [];
  const outputs = agent.outputs ?? [];
  const remote = agent.tools.some((t) => t.component_type === 'RemoteTool');
  const mcp = agent.tools.some((t) => t.component_type === 'MCPTool');
  const required = serverTools.length > 0 || inputs.some((p) => !('default' in p));
  if (serverTools.length > 0) {
    w.section('/** A ServerTool implementation: the arguments (coerced to the declared input types) in, the result out. */\nexport type ToolImplementation = (args: Record<string, unknown>) => unknown;');
  }
  w.section(buildOptions(agent, serverTools, remote, mcp));
  w.section(LLM_OPTIONS);
  const transforms = (agent.transforms ?? []).length > 0;
  if (transforms) w.importType('@openai/agents', 'CallModelInputFilter');
  w.section(built(transforms));
  w.section([
    `export const AGENT_NAME = ${str(agent.name)};`,
    '',
    '/** LLM turns per run (Agent Spec `limits.maxAgentSteps`), the default of `runOptions.maxTurns`. */',
    `export const MAX_TURNS = ${DEFAULT_MAX_TURNS};`,
    '',
    `/** The system prompt${inputs.length > 0 ? ', rendered with the inputs once per build()' : ''}. */`,
    `const SYSTEM_PROMPT = ${text(agent.system_prompt)};`,
    '',
    `const WARNINGS: Built['warnings'] = ${literal(w.warnings, '', 34)};`,
  ].join('\n'));
  if (inputs.length > 0) w.section(emitInputs(w, inputs));
  w.section(emitModel(w, agent.llm_config));
  if (transforms) for (const section of emitTransforms(w, agent)) w.section(section);
  if (tools.length > 0) w.section(`// ---- Tools: one \`tool()\` per tool of the spec\n\n${tools.map((t) => t.code).join('\n\n')}`);
  if (outputs.length > 0) w.section(emitOutputs(w, outputs));
  const build = buildFunction(w, agent, tools, serverTools, required);
  w.section(`// ---- The agent\n\n${build}`);
  const header = openAiAgentsHeader(agent, 'an Agent Spec Agent as an OpenAI Agents SDK `Agent`', serverTools, options, 'result.finalOutput, result.interruptions');
  return { code: w.render(header), warnings: w.warnings };
}
