import { describe, expect, it } from 'vitest';
import { deserialize, load, serialize } from '@agentspec/core';
import { chainFlowDocument, laterChainFlowDocument } from '../src/chain-flow.js';

describe('benchmark inputs', () => {
  it('generated chain flows are valid Agent Spec and round-trip', () => {
    for (const n of [3, 10, 101]) {
      const doc = chainFlowDocument(n);
      expect(load(doc).diagnostics).toEqual([]);
      const component = deserialize(JSON.stringify(doc));
      expect(deserialize(serialize(component))).toEqual(component);
      // with the LLM config shared (n ≥ 4) the writer gives back the very same document
      if (n >= 4) expect(JSON.parse(serialize(component))).toEqual(doc);
    }
  });

  it('generated chain flows of 26.3.1 components (LlmConfig, BuiltinTool, CatchExceptionNode, ApiNode allow lists, retry policies) are valid and round-trip', () => {
    for (const n of [3, 10, 101]) {
      const doc = laterChainFlowDocument(n);
      expect(load(doc).diagnostics).toEqual([]);
      const component = deserialize(JSON.stringify(doc));
      const written = serialize(component);
      expect(deserialize(written)).toEqual(component);
      expect(serialize(deserialize(written))).toBe(written);
      if (n >= 6) expect(JSON.parse(written).agentspec_version).toBe('26.1.2'); // the smallest version holding them
    }
  });
});
