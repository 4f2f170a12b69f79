/** Building small cases in temporary folders for the runner's tests. */
import { loadRunCase } from '../../src/case.js';
import type { ConformanceCase } from '../../src/case-types.js';
import { writeTree } from './paths.js';

/** An Agent spec for the mini runtime: `tools` are ServerTools from the tool library (name: inputs). */
export function agentSpec(options: { systemPrompt?: string; tools?: Record<string, string[]>; outputs?: string[] } = {}): string {
  const tools = Object.entries(options.tools ?? {}).map(([name, inputs]) => `  - component_type: ServerTool
    id: ${name}
    name: ${name}
    inputs: [${inputs.map((i) => `{ title: ${i}, type: ${i === 'text' || i === 'reason' ? 'string' : 'number'} }`).join(', ')}]
`);
  return `agentspec_version: "25.4.1"
component_type: Agent
id: agent
name: Agent
system_prompt: ${JSON.stringify(options.systemPrompt ?? 'You help.')}
llm_config: { component_type: VllmConfig, id: llm, name: llm, model_id: scripted-model, url: "http://127.0.0.1:9/v1" }
${options.outputs ? `outputs: [${options.outputs.map((o) => `{ title: ${o}, type: string }`).join(', ')}]\n` : ''}tools:${tools.length ? `\n${tools.join('')}` : ' []\n'}`;
}

/** Writes spec.yaml and case.yaml to a new folder and reads it as a case. */
export function makeCase(spec: string, caseYaml: string, id = 'test/case'): ConformanceCase {
  const dir = writeTree({ 'spec.yaml': spec, 'case.yaml': caseYaml });
  return loadRunCase(dir, id);
}
