import { describe, expect, it } from 'vitest';
import * as api from '../src/index.js';

describe('the public surface', () => {
  it('exports exactly these values', () => {
    expect(Object.keys(api).sort()).toEqual(['IMPORT_WARNING_CODES', 'LANGGRAPH_RUNTIME_NAME', 'compileLangGraph', 'emitLangGraph', 'flowNodes', 'importLangGraph', 'langgraphAdapter', 'langgraphRuntime', 'multiAgentNodes']);
    expect(api.LANGGRAPH_RUNTIME_NAME).toBe('langgraph');
    expect(api.langgraphRuntime().name).toBe(api.LANGGRAPH_RUNTIME_NAME);
  });
});
