import { describe, expect, it } from 'vitest';
import * as api from '../src/index.js';

describe('exports', () => {
  it('is exactly the documented API', () => {
    expect(Object.keys(api).sort()).toEqual(['MASTRA_IMPORT_WARNINGS', 'MASTRA_RUNTIME_NAME', 'compileMastra', 'emitMastra', 'flowSteps', 'groupAgents', 'importMastra', 'mastraAdapter', 'mastraRuntime']);
    expect(api.MASTRA_RUNTIME_NAME).toBe('mastra');
    expect(api.mastraRuntime().name).toBe('mastra');
  });
});
