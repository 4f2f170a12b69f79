import type { Property } from '@agentspec/core';

/** A value of a property's type (the first enum value when it has one), to drive specs with made-up arguments. */
export function sampleValue(p: Property): unknown {
  if (Array.isArray(p.enum) && p.enum.length > 0) return p.enum[0];
  const type = Array.isArray(p.type) ? p.type[0] : p.type;
  switch (type) {
    case 'number':
      return 1.5;
    case 'integer':
      return 2;
    case 'boolean':
      return true;
    case 'array':
      return [];
    case 'object':
      return {};
    default:
      return `${p.title} value`;
  }
}

export function sampleArgs(props: readonly Property[] | null | undefined): Record<string, unknown> {
  return Object.fromEntries((props ?? []).map((p) => [p.title, sampleValue(p)]));
}
