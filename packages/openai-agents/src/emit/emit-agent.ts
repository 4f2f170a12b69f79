import { toDocument, type Agent } from '@agentspec/core';
import { buildFunction } from './build-function.js';
import { header } from './header.js';
import { emitInputs } from './inputs.js';
import { BUILT, buildOptions, LLM_OPTIONS } from './interfaces.js';
import { literal, str, text } from './literal.js';
import { emitModel } from './model.js';
import { ModuleWriter } from './module-writer.js';
import { emitOutputs } from './outputs.js';
import { emitTool } from './tools/index.js';
import { DEFAULT_MAX_TURNS } from '../compile/compile-agent.js';
import type { CompileWarning } from '../types.js';

/** The module of an Agent (assumed valid). */
export function emitAgent(agent: Agent, source: string | undefined): { code: string; warnings: CompileWarning[] } {
  const w = new ModuleWriter(agent);
  w.sdk.add('Agent');
  w.sdk.add('setTracingDisabled');
  w.sdkTypes.add('AgentOutputType');
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
  const sections: string[] = [];
  if (serverTools.length > 0) {
    sections.push('/** A ServerTool implementation: the arguments (coerced to the declared input types) in, the result out. */\nexport type ToolImplementation = (args: Record<string, unknown>) => unknown;');
  }
  sections.push(buildOptions(agent, serverTools, remote, mcp), LLM_OPTIONS.replace('${…}', agent.llm_config.component_type === 'OpenAiConfig' ? ': OPENAI_API_KEY' : ''), BUILT);
  sections.push([
    `export const AGENT_NAME = ${str(agent.name)};`,
    '',
    '/** LLM turns per run (Agent Spec `limits.maxAgentSteps`), the default of `runOptions.maxTurns`. */',
    `export const MAX_TURNS = ${DEFAULT_MAX_TURNS};`,
    '',
    `/** The system prompt${inputs.length > 0 ? ', rendered with the inputs once per build()' : ''}. */`,
    `const SYSTEM_PROMPT = ${text(agent.system_prompt)};`,
    '',
    `const WARNINGS: Built['warnings'] = ${literal(w.warnings, 0, 34)};`,
  ].join('\n'));
  if (inputs.length > 0) sections.push(emitInputs(w, inputs));
  sections.push(emitModel(w, agent.llm_config));
  if (tools.length > 0) sections.push(`// ---- Tools: one \`tool()\` per tool of the spec\n\n${tools.map((t) => t.code).join('\n\n')}`);
  if (outputs.length > 0) sections.push(emitOutputs(w, outputs));
  const build = buildFunction(w, agent, tools, serverTools, required);
  sections.push(`// ---- The agent\n\n${build}`);
  const helpers = w.helperCode();
  const version = String(toDocument(agent).agentspec_version ?? '');
  const parts = [
    header(agent, source, version, serverTools),
    '',
    w.importLines().join('\n'),
    '',
    sections.join('\n\n'),
    ...(helpers.length > 0 ? ['', `// ---- Agent Spec semantics the code above relies on (as @agentspec/runtime defines them)\n\n${helpers.join('\n\n')}`] : []),
  ];
  return { code: `${parts.join('\n')}\n`, warnings: w.warnings };
}
