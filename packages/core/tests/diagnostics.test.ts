import { describe, expect, it } from 'vitest';
import { AgentSpecLoadError, deserialize, formatDiagnostic, load, validate } from '../src/index.js';

describe('diagnostics', () => {
  it('malformed JSON gives line and column', () => {
    const d = validate('{\n  "component_type": "ServerTool",\n  "name": "x",\n}\n');
    expect(d.map((x) => [x.code, x.line, x.column])).toEqual([['AS_PARSE_JSON', 4, 1]]);
  });

  it('malformed YAML gives line and column', () => {
    const d = validate('component_type: ServerTool\nname: [unclosed\nid: x\n');
    expect(d[0]).toMatchObject({ code: 'AS_PARSE_YAML', line: expect.any(Number), column: expect.any(Number) });
  });

  it('every problem is reported at once, each with its path and text position', () => {
    const yaml = [
      'component_type: Flow',          // 1
      'id: f',                         // 2
      'name: 42',                      // 3  wrong type
      'agentspec_version: 25.4.1',     // 4
      'start_node: {$component_ref: s}', // 5
      'nodes:',                        // 6
      '  - {$component_ref: s}',       // 7
      '  - {$component_ref: missing}', // 8  dangling
      'control_flow_connections: []',  // 9
      '$referenced_components:',       // 10
      '  s:',                          // 11
      '    component_type: StartNode', // 12
      '    id: s',                     // 13
      '    name: start',               // 14
      '    inputs: [{title: x, type: string}]', // 15
      '    outputs: [{title: y, type: string}]', // 16 passthrough mismatch
    ].join('\n');
    const d = validate(yaml).filter((x) => x.severity === 'error');
    expect(d.map((x) => [x.code, x.path, x.line])).toEqual(expect.arrayContaining([
      ['AS_WRONG_TYPE', '/name', 3],
      ['AS_DANGLING_REF', '/nodes/1', 8],
      ['AS_PASSTHROUGH_IO', '/$referenced_components/s/outputs', 16],
      ['AS_FLOW_NO_END', '', 1],
    ]));
  });

  it('loading a bad document throws one error carrying every diagnostic', () => {
    try {
      deserialize('{"component_type": "Flow", "id": "f", "agentspec_version": "25.4.1"}');
      expect.unreachable();
    } catch (e) {
      expect(AgentSpecLoadError.isInstance(e)).toBe(true);
      const err = e as AgentSpecLoadError;
      expect(err.code).toBe('AS_MISSING_FIELD');
      expect(err.diagnostics.filter((x) => x.code === 'AS_MISSING_FIELD')).toHaveLength(4);
      expect(err.message).toContain('requires');
    }
  });

  it('formats as file:line:col severity code message', () => {
    const [d] = validate('{"component_type": "ServerTool", "id": "t", "name": "t", "agentspec_version": "99.0.0"}');
    expect(formatDiagnostic(d!, 'tool.json')).toBe(`tool.json:1:${'{"component_type": "ServerTool", "id": "t", "name": "t", "agentspec_version": '.length + 1} error AS_VERSION_UNSUPPORTED Agent Spec version "99.0.0" is not supported (hint: supported: 25.4.1, 25.4.2, 26.1.0, 26.1.2, 26.3.1 (26.2.0 reads as 26.3.1, legacy air_version 25.4.0 as 25.4.1))`);
  });

  it('positions point into the disaggregated document for its problems', () => {
    const r = load('{"component_type": "Agent", "id": "a", "name": "a", "system_prompt": "x", "agentspec_version": "25.4.1", "llm_config": {"$component_ref": "llm"}}', {
      referenced: '$referenced_components:\n  llm:\n    component_type: VllmConfig\n    id: llm\n    name: llm\n    url: 3\n    model_id: m\n',
    });
    expect(r.diagnostics.map((x) => [x.code, x.document, x.path, x.line])).toEqual([['AS_WRONG_TYPE', 'referenced', '/$referenced_components/llm/url', 6]]);
  });
});
