import { DEFAULT_BRANCH } from '@agentspec/core';
import { renderValue } from './templates.js';

/** BranchingNode: the input as a string looked up in the mapping; no match or no input → `default`. */
export function selectBranch(mapping: Readonly<Record<string, string>>, value: unknown): string {
  if (value === undefined || value === null) return DEFAULT_BRANCH;
  const key = renderValue(value);
  return Object.hasOwn(mapping, key) ? (mapping[key] as string) : DEFAULT_BRANCH;
}
