import { describe, expect, it } from 'vitest';
import { deserialize } from '@agentspec/core';
import { admit, HOSTED_TOOLS, RuntimeError, type Capabilities } from '../../src/index.js';

// admit() on the fields of LLM configs (api_type, the generic LlmConfig of 26.1.2) and on BuiltinTools (DESIGN §4.2).
const RESPONSES = '{component_type: OpenAiCompatibleConfig, id: llm, name: llm, model_id: m, url: "http://127.0.0.1:9", api_type: responses}';
const CHAT = '{component_type: OpenAiCompatibleConfig, id: llm, name: llm, model_id: m, url: "http://127.0.0.1:9"}';

const agentWith = (llm: string, tools = '[]') => deserialize(`
agentspec_version: "26.1.2"
component_type: Agent
id: a
name: a
system_prompt: Hi
llm_config: ${llm}
tools: ${tools}
`);
const builtin = (fields: string) => `[{component_type: BuiltinTool, id: bt, name: search, ${fields}}]`;

const NONE: Capabilities = { by: 'the plain runtime', action: 'run', roots: ['Agent', 'Flow'], runs: ['LlmConfig'], refuses: {} };
const HOSTED: Capabilities = { ...NONE, by: 'the hosted runtime', builtinTools: { toolTypes: Object.keys(HOSTED_TOOLS), executor: 'hosted' } };

function message(run: () => unknown): string {
  try {
    run();
  } catch (e) {
    if (e instanceof RuntimeError && e.code === 'AS_UNSUPPORTED') return e.message;
    throw e;
  }
  throw new Error('admitted');
}

describe('admit() and BuiltinTool', () => {
  it('takes a hosted tool of the Responses API among the root agent\'s tools, its configuration as the API spells it', () => {
    expect(() => admit(agentWith(RESPONSES, builtin('tool_type: web_search, configuration: {search_context_size: low}, executor_name: [other, openai]')), HOSTED)).not.toThrow();
    expect(() => admit(agentWith(RESPONSES, builtin('tool_type: file_search, configuration: {vector_store_ids: [vs_1], max_num_results: 3}')), HOSTED)).not.toThrow();
    expect(() => admit(agentWith(RESPONSES, builtin('tool_type: code_interpreter, executor_name: hosted')), HOSTED)).not.toThrow();
  });

  it('refuses every BuiltinTool on a runtime without built-in tools, naming it, its tool_type and where it is', () => {
    expect(message(() => admit(agentWith(RESPONSES, builtin('tool_type: web_search')), NONE))).toMatch(
      /^AS_UNSUPPORTED: BuiltinTool 'search' \(id 'bt'\) at \/tools\/0 cannot be run by the plain runtime: a built-in tool \(tool_type 'web_search'\), and the plain runtime has no built-in tools \(hint: run the agent on a framework runtime/,
    );
  });

  it('refuses, with the reason, what the hosted tool does not take', () => {
    const cases: [string, string, RegExp][] = [
      [RESPONSES, 'tool_type: orchestrator_builtin', /tool_type 'orchestrator_builtin' is not a built-in tool of the hosted runtime \(it has web_search, file_search, code_interpreter, image_generation/],
      [RESPONSES, 'tool_type: web_search, executor_name: demo_executor', /its executor_name "demo_executor" says it is meant for another runtime \(hint: leave executor_name out, or give 'hosted' or 'openai'/],
      [RESPONSES, "tool_type: web_search, tool_version: '2'", /its tool_version '2': the hosted tools of the hosted runtime have no versions/],
      [RESPONSES, 'tool_type: web_search, configuration: {top_k: 3}', /its configuration has 'top_k', which the web_search tool does not take \(hint: its configuration fields are search_context_size, user_location, filters/],
      [RESPONSES, 'tool_type: file_search', /the file_search tool needs 'vector_store_ids' in its configuration/],
      [RESPONSES, 'tool_type: web_search, inputs: [{title: q, type: string}]', /it declares inputs or outputs/],
      [RESPONSES, 'tool_type: web_search, requires_confirmation: true', /it requires confirmation, but the provider runs a hosted tool within the model's answer/],
      [CHAT, 'tool_type: web_search', /a hosted tool of OpenAI's Responses API, and the Agent's LLM config is called through Chat Completions \(hint: set api_type: responses/],
    ];
    for (const [llm, fields, expected] of cases) expect(message(() => admit(agentWith(llm, builtin(fields)), HOSTED)), fields).toMatch(expected);
  });

  it('refuses a BuiltinTool anywhere but among the root agent\'s tools (a ToolNode, an agent in a flow)', () => {
    const flow = deserialize(`
agentspec_version: "25.4.2"
component_type: Flow
id: f
name: f
start_node: {$component_ref: s}
nodes:
  - {$component_ref: s}
  - {component_type: ToolNode, id: t, name: t, tool: {component_type: BuiltinTool, id: bt, name: search, tool_type: web_search}}
  - {$component_ref: e}
control_flow_connections:
  - {component_type: ControlFlowEdge, id: c1, name: c1, from_node: {$component_ref: s}, to_node: {$component_ref: t}}
  - {component_type: ControlFlowEdge, id: c2, name: c2, from_node: {$component_ref: t}, to_node: {$component_ref: e}}
$referenced_components:
  s: {component_type: StartNode, id: s, name: s}
  e: {component_type: EndNode, id: e, name: e}
`);
    expect(message(() => admit(flow, HOSTED))).toMatch(/BuiltinTool 'search' \(id 'bt'\) at \/nodes\/1\/tool cannot be run by the hosted runtime: a built-in tool runs only among the tools of the Agent/);
  });
});

describe('admit() and the fields of LLM configs', () => {
  it('refuses an api_type no runtime speaks, on every config', () => {
    expect(message(() => admit(agentWith('{component_type: OpenAiConfig, id: o, name: o, model_id: m, api_type: completions}'), HOSTED)))
      .toMatch(/^AS_UNSUPPORTED: OpenAiConfig 'o' at \/llm_config cannot be run by the hosted runtime: its api_type "completions" names an API no runtime here speaks/);
    expect(() => admit(agentWith('{component_type: OpenAiConfig, id: o, name: o, model_id: m, api_type: chat_completions}'), HOSTED)).not.toThrow();
  });

  it('takes a generic LlmConfig it reaches; refuses one it does not, unless llm.override takes every request', () => {
    expect(() => admit(agentWith('{component_type: LlmConfig, id: g, name: g, model_id: m, api_provider: vllm, url: "http://gpu:8000"}'), NONE)).not.toThrow();
    const bedrock = agentWith('{component_type: LlmConfig, id: g, name: g, model_id: m, provider: anthropic, api_provider: aws_bedrock}');
    expect(message(() => admit(bedrock, NONE))).toMatch(/LlmConfig 'g' at \/llm_config cannot be run by the plain runtime: its api_provider 'aws_bedrock', which no client here speaks .* \(hint: point it at an OpenAI-compatible endpoint/);
    expect(() => admit(bedrock, NONE, { llmOverride: true })).not.toThrow();
    // a runtime that does not list LlmConfig in `runs` refuses it as a later component
    expect(message(() => admit(agentWith('{component_type: LlmConfig, id: g, name: g, model_id: m, api_provider: openai}'), { ...NONE, runs: [] }))).toMatch(/a component of Agent Spec 26\.1\.2/);
  });
});
