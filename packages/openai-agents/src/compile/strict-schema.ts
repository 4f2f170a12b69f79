/** Keywords OpenAI's strict mode accepts in a tool or output schema. */
const STRICT_KEYWORDS = new Set(['type', 'description', 'properties', 'required', 'additionalProperties', 'items', 'enum', 'const', 'anyOf', 'title']);

/**
 * Whether a JSON Schema may be sent with `strict: true`: every object closes
 * its properties (`additionalProperties: false`) and requires all of them,
 * and no keyword strict mode rejects (`default`, `format`, bounds, …) is used.
 * Agent Spec inputs with defaults are optional, so their tools are not strict.
 */
export function allowsStrict(schema: unknown): boolean {
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) return false;
  const s = schema as Record<string, unknown>;
  if (Object.keys(s).some((k) => !STRICT_KEYWORDS.has(k))) return false;
  const types = Array.isArray(s.type) ? s.type : [s.type];
  if (types.includes('object') || s.properties !== undefined) {
    const props = (s.properties ?? {}) as Record<string, unknown>;
    const required = Array.isArray(s.required) ? s.required : [];
    if (s.additionalProperties !== false) return false;
    if (Object.keys(props).some((k) => !required.includes(k))) return false;
    if (!Object.values(props).every(allowsStrict)) return false;
  }
  if (s.items !== undefined && !allowsStrict(s.items)) return false;
  if (Array.isArray(s.anyOf) && !s.anyOf.every(allowsStrict)) return false;
  // an untyped schema ({}) is not allowed in strict mode
  return s.type !== undefined || Array.isArray(s.anyOf) || s.enum !== undefined || s.const !== undefined;
}
