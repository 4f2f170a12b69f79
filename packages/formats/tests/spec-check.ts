import { load, serialize, type Component } from '@agentspec/core';
import { expect } from 'vitest';

/**
 * Write the component as a YAML document and load it back with
 * @agentspec/core: no diagnostic at all (errors or warnings) is allowed.
 * Returns the loaded component and the version written.
 */
export function roundTrip(component: Component, version?: Parameters<typeof serialize>[1] extends infer O ? O extends { version?: infer V } ? V : never : never) {
  const text = serialize(component, { format: 'yaml', ...(version ? { version } : {}) });
  const loaded = load(text);
  expect(loaded.diagnostics.map((d) => `${d.path} ${d.code} ${d.message}`)).toEqual([]);
  return { component: loaded.component!, version: loaded.version, text };
}

/** The codes of warnings, sorted, for comparing with a list. */
export function codes(warnings: readonly { code: string }[]): string[] {
  return warnings.map((w) => w.code).sort();
}
