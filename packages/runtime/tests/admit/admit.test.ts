import { describe, expect, it } from 'vitest';
import { AgentSpecLoadError, deserialize, type Component, type Node } from '@agentspec/core';
import { startScriptedLlm } from '@agentspec/testing';
import {
  admit, admitted, OCI_GENAI_UNLESS_OVERRIDE, REFERENCE_CAPABILITIES, referenceRuntime, refuseUnknown, remoteAgents, RuntimeError, unsupportedComponent,
  type Capabilities,
} from '../../src/index.js';

/** A 25.4.2 flow: start → an LlmNode → a FlowNode whose subflow holds a ParallelFlowNode (25.4.2, not run by agentspec-ts) → end. */
const NESTED = `
agentspec_version: "25.4.2"
component_type: Flow
id: outer
name: outer
start_node: {$component_ref: s}
nodes:
  - {$component_ref: s}
  - component_type: LlmNode
    id: ask
    name: ask
    llm_config: {component_type: OpenAiCompatibleConfig, id: llm, name: llm, model_id: m, url: "http://127.0.0.1:9"}
    prompt_template: Hello
  - component_type: FlowNode
    id: sub
    name: sub
    subflow:
      component_type: Flow
      id: inner
      name: inner
      start_node: {$component_ref: is}
      nodes:
        - {$component_ref: is}
        - {component_type: ParallelFlowNode, id: par, name: Run in parallel, subflows: []}
        - {$component_ref: ie}
      control_flow_connections:
        - {component_type: ControlFlowEdge, id: i1, name: i1, from_node: {$component_ref: is}, to_node: {$component_ref: par}}
        - {component_type: ControlFlowEdge, id: i2, name: i2, from_node: {$component_ref: par}, to_node: {$component_ref: ie}}
      $referenced_components:
        is: {component_type: StartNode, id: is, name: is}
        ie: {component_type: EndNode, id: ie, name: ie}
  - {$component_ref: e}
control_flow_connections:
  - {component_type: ControlFlowEdge, id: c1, name: c1, from_node: {$component_ref: s}, to_node: {$component_ref: ask}}
  - {component_type: ControlFlowEdge, id: c2, name: c2, from_node: {$component_ref: ask}, to_node: {$component_ref: sub}}
  - {component_type: ControlFlowEdge, id: c3, name: c3, from_node: {$component_ref: sub}, to_node: {$component_ref: e}}
$referenced_components:
  s: {component_type: StartNode, id: s, name: s}
  e: {component_type: EndNode, id: e, name: e}
`;

const agentWith = (llm: string, tools = '[]') => deserialize(`
agentspec_version: "26.1.2"
component_type: Agent
id: a
name: a
system_prompt: Hi
llm_config: ${llm}
tools: ${tools}
`);

function refusal(run: () => unknown): RuntimeError {
  try {
    run();
  } catch (e) {
    if (e instanceof RuntimeError) return e;
    throw e;
  }
  throw new Error('admitted');
}

const CAPS: Capabilities = { by: 'the test runtime', action: 'run', roots: ['Agent', 'Flow'], refuses: { ...remoteAgents('the test runtime'), ...OCI_GENAI_UNLESS_OVERRIDE } };

describe('admit', () => {
  it('refuses a component it does not run, naming its type, its name and id, and its JSON Pointer from the root', () => {
    const e = refusal(() => admit(deserialize(NESTED), CAPS));
    expect(e.code).toBe('AS_UNSUPPORTED');
    expect(e.message).toBe(
      "AS_UNSUPPORTED: ParallelFlowNode 'Run in parallel' (id 'par') at /nodes/2/subflow/nodes/1 cannot be run by the test runtime: "
      + 'a component of Agent Spec 25.4.2, which the test runtime does not run yet (hint: leave it out of the spec to run it here, or run the spec on a runtime that runs it (the capabilities of each adapter list them); it is kept when the spec is converted or written)',
    );
  });

  it('lets through the later components the capabilities say it runs, and still walks inside them', () => {
    expect(() => admit(deserialize(NESTED), { ...CAPS, runs: ['ParallelFlowNode'] })).not.toThrow();
  });

  it('refuses unknown tools and LLM configs, and lists every refused component in one error', () => {
    const e = refusal(() => admit(agentWith('{component_type: GeminiConfig, id: gem, name: gem, model_id: g, auth: {component_type: GeminiAIStudioAuthConfig, id: au, name: au}}', '[{component_type: BuiltinTool, id: bt, name: code, tool_type: code_interpreter}]'), CAPS));
    expect(e.message).toMatch(/^AS_UNSUPPORTED: GeminiConfig 'gem' at \/llm_config cannot be run by the test runtime: a component of Agent Spec 26\.1\.2/);
    expect(e.message).toContain("; also BuiltinTool 'code' (id 'bt') at /tools/0");
  });

  it('refuses the built-in types the capabilities list, OCI GenAI only without llm.override', () => {
    const oci = agentWith(`{component_type: OciGenAiConfig, id: oci, name: oci, model_id: m, compartment_id: c, serving_mode: ON_DEMAND,
      client_config: {component_type: OciClientConfigWithInstancePrincipal, id: cc, name: cc, service_endpoint: "https://x", auth_type: INSTANCE_PRINCIPAL}}`);
    expect(refusal(() => admit(oci, CAPS)).message).toMatch(/^AS_UNSUPPORTED: OciGenAiConfig 'oci' at \/llm_config cannot be run by the test runtime: OCI Generative AI needs/);
    expect(() => admit(oci, CAPS, { llmOverride: true })).not.toThrow();
    const remote = deserialize(`
agentspec_version: "25.4.1"
component_type: Flow
id: f
name: f
start_node: {$component_ref: s}
nodes:
  - {$component_ref: s}
  - component_type: AgentNode
    id: an
    name: an
    agent: {component_type: OpenAiAgent, id: remote, name: remote, llm_config: {component_type: OpenAiConfig, id: o, name: o, model_id: gpt}}
  - {$component_ref: e}
control_flow_connections:
  - {component_type: ControlFlowEdge, id: c1, name: c1, from_node: {$component_ref: s}, to_node: {$component_ref: an}}
  - {component_type: ControlFlowEdge, id: c2, name: c2, from_node: {$component_ref: an}, to_node: {$component_ref: e}}
$referenced_components:
  s: {component_type: StartNode, id: s, name: s}
  e: {component_type: EndNode, id: e, name: e}
`);
    expect(refusal(() => admit(remote, CAPS)).message).toMatch(/^AS_UNSUPPORTED: OpenAiAgent 'remote' at \/nodes\/1\/agent cannot be run by the test runtime: a remote agent/);
  });

  it('refuses an input or output of an Agent or a Flow whose name the capabilities reserve, naming it and where it is', () => {
    const reserved: Capabilities = { ...CAPS, reservedNames: { names: ['messages'], reason: 'a state key of the graph', hint: 'rename it' } };
    const agent = deserialize(`
agentspec_version: "25.4.1"
component_type: Agent
id: a
name: a
system_prompt: "Answer {{topic}}."
inputs: [{title: topic, type: string}]
outputs: [{title: answer, type: string}, {title: messages, type: string}]
llm_config: {component_type: OpenAiCompatibleConfig, id: llm, name: llm, model_id: m, url: "http://127.0.0.1:9"}
`);
    const e = refusal(() => admit(agent, reserved));
    expect(e.message).toBe("AS_UNSUPPORTED: Agent 'a' at /outputs/1 cannot be run by the test runtime: its output 'messages' is a state key of the graph (hint: rename it)");
    expect(() => admit(agent, CAPS)).not.toThrow();
  });

  it('refuses a root it does not take (with the hint of the capabilities), before checking it', () => {
    const tool = { component_type: 'ServerTool', id: 't', name: 't' } as Component;
    const e = refusal(() => admit(tool, { ...CAPS, action: 'compile', roots: ['Agent'], rootHint: 'run Flows elsewhere' }));
    expect(e.message).toBe("AS_UNSUPPORTED: ServerTool 't' cannot be compiled on its own by the test runtime: compile an Agent (hint: run Flows elsewhere)");
    expect(e.hint).toBe('run Flows elsewhere');
    expect(refusal(() => admit(tool, CAPS)).message).toContain('load an Agent or a Flow');
  });

  it('refuses an invalid component with every diagnostic', () => {
    const flow = { ...(deserialize(NESTED) as object), nodes: [] } as unknown as Component;
    expect(() => admit(flow, CAPS)).toThrow(AgentSpecLoadError);
  });

  it('names a plugin component by its plugin', () => {
    const node = { component_type: 'Telepathy', id: 't', name: 't', component_plugin_name: 'minds', component_plugin_version: '1' } as unknown as Component;
    expect(unsupportedComponent(node, CAPS, { path: '/nodes/3' }).message).toBe("AS_UNSUPPORTED: Telepathy 't' at /nodes/3 cannot be run by the test runtime: a component of plugin minds, which the test runtime has no handler for");
  });
});

describe('admitted and refuseUnknown (code admit() keeps unreached)', () => {
  it('pass built-in components through and refuse unknown ones with AS_UNSUPPORTED', () => {
    const start = { component_type: 'StartNode', id: 's', name: 's', branches: ['next'] } as Node;
    const later = { component_type: 'CatchExceptionNode', id: 'c', name: 'c' } as unknown as Node;
    expect(admitted(start)).toBe(start);
    expect(() => admitted(later)).toThrow(expect.objectContaining({ code: 'AS_UNSUPPORTED', message: expect.stringContaining("CatchExceptionNode 'c' cannot be run by this runtime: a component of Agent Spec 26.1.2") }));
    expect(() => refuseUnknown(later)).toThrow(expect.objectContaining({ code: 'AS_UNSUPPORTED' }));
  });
});

describe('the reference runtime', () => {
  it('refuses at load, before any LLM request, what it does not run', async () => {
    const llm = await startScriptedLlm({ rules: [{ answer: { text: 'hi' } }] });
    try {
      const spec = agentWith(`{component_type: OpenAiCompatibleConfig, id: llm, name: llm, model_id: m, url: "${llm.url}"}`, '[{component_type: BuiltinTool, id: bt, name: code, tool_type: code_interpreter}]');
      const load = referenceRuntime().load(spec, { llm: { override: { url: llm.url } } });
      await expect(load).rejects.toMatchObject({ code: 'AS_UNSUPPORTED', message: expect.stringContaining("BuiltinTool 'code' (id 'bt') at /tools/0 cannot be run by the reference runtime") });
      expect(llm.requests).toEqual([]);
    } finally {
      await llm.close();
    }
  });

  it('declares what it runs as data', () => {
    expect(REFERENCE_CAPABILITIES).toMatchObject({ action: 'run', roots: ['Agent', 'Flow', 'Swarm', 'ManagerWorkers', 'SpecializedAgent', 'A2AAgent'] });
    expect(REFERENCE_CAPABILITIES.runs).toEqual(expect.arrayContaining(['MessageSummarizationTransform', 'PostgresDatabaseDatastore', 'A2AAgent', 'A2AConnectionConfig', 'Swarm']));
    expect(REFERENCE_CAPABILITIES.runs).not.toContain('OracleDatabaseDatastore');
    expect(Object.keys(REFERENCE_CAPABILITIES.refuses).sort()).toEqual(['OciAgent', 'OciGenAiConfig', 'OpenAiAgent']);
  });
});
