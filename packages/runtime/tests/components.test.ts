import { describe, expect, it } from 'vitest';
import { agent, openAiCompatibleConfig, serverTool, type Component } from '@agentspec/core';
import { eachComponent, requireServerTools, RuntimeError, serverToolNames } from '../src/index.js';

const llm = openAiCompatibleConfig({ id: 'llm', name: 'llm', model_id: 'm', url: 'http://127.0.0.1:9' });
const add = serverTool({ id: 'add', name: 'add', inputs: [{ title: 'a', type: 'number' }] });
const mul = serverTool({ id: 'mul', name: 'mul' });
const root = agent({ id: 'calc', name: 'calc', llm_config: llm, system_prompt: 'Add.', tools: [add, mul, add], metadata: { hidden: { component_type: 'ServerTool', name: 'not-a-tool' } } });

describe('eachComponent', () => {
  it('visits the root, then each component once, in document order, outside metadata', () => {
    const ids: string[] = [];
    eachComponent(root, (c: Component) => ids.push(c.id));
    expect(ids).toEqual(['calc', 'llm', 'add', 'mul']);
    expect(serverToolNames(root)).toEqual(['add', 'mul']);
  });
});

describe('requireServerTools', () => {
  it('names every ServerTool without an implementation', () => {
    expect(() => requireServerTools(root, { add: () => 1, mul: () => 2 })).not.toThrow();
    const error = (() => {
      try {
        requireServerTools(root, { mul: () => 2 }, 'hint');
      } catch (e) {
        return e;
      }
      return undefined;
    })();
    expect(error).toBeInstanceOf(RuntimeError);
    expect((error as RuntimeError).code).toBe('AS_MISSING_TOOL');
    expect((error as RuntimeError).message).toContain("no implementation registered for ServerTool 'add'");
    expect(() => requireServerTools(root, undefined)).toThrow("no implementation registered for ServerTools 'add', 'mul'");
  });
});
