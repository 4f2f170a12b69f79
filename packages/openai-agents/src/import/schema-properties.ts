import type { Property } from '@agentspec/core';
import type { Warnings } from './warnings.js';

/**
 * Agent Spec properties from the JSON Schema of an object (tool parameters,
 * an output schema): one per property, its schema kept, `title` its name. A
 * property the schema does not require and that has no default becomes
 * required (Agent Spec makes a property optional by its default) — reported.
 */
export function schemaProperties(schema: unknown, owner: string, warnings: Warnings): Property[] {
  const s = (typeof schema === 'object' && schema !== null ? schema : {}) as { properties?: Record<string, unknown>; required?: unknown };
  const required = Array.isArray(s.required) ? (s.required as unknown[]) : [];
  const out: Property[] = [];
  for (const [title, raw] of Object.entries(s.properties ?? {})) {
    const prop = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>;
    if (!required.includes(title) && !('default' in prop)) {
      warnings.add('OAI_OPTIONAL_PROPERTY', owner, `'${title}' is optional without a default in the JSON Schema; in Agent Spec it is required`);
    }
    out.push({ ...prop, title } as Property);
  }
  return out;
}
