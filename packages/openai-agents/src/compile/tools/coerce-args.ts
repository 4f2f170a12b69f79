import type { Tool } from '@agentspec/core';
import { coerce } from '@agentspec/runtime';

/** Arguments from the LLM coerced to the tool's declared input types, defaults filled in (DESIGN §4.2). */
export function coerceArgs(tool: Tool, args: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...args };
  for (const p of tool.inputs ?? []) {
    if (Object.hasOwn(args, p.title)) out[p.title] = coerce(args[p.title], p);
    else if ('default' in p) out[p.title] = structuredClone(p.default);
  }
  return out;
}
