import type { Entity } from './datastore-connection.js';
import { datastoreError } from './datastore-errors.js';

/** A property of an entity: a JSON Schema (the Agent Spec `Property` of a `datastore_schema` entity). */
export type PropertySchema = Readonly<Record<string, unknown>>;

/** Collection name → its entity's properties by name. */
export type CollectionSchemas = Readonly<Record<string, Readonly<Record<string, PropertySchema>>>>;

/** The entity schemas of a `datastore_schema` (collection → an object Property): the properties of each. */
export function collectionSchemas(datastoreSchema: Readonly<Record<string, unknown>> | undefined): CollectionSchemas {
  const out: Record<string, Readonly<Record<string, PropertySchema>>> = {};
  for (const [name, entity] of Object.entries(datastoreSchema ?? {})) {
    const properties = (entity as { properties?: unknown } | null)?.properties;
    out[name] = typeof properties === 'object' && properties !== null ? (properties as Record<string, PropertySchema>) : {};
  }
  return out;
}

/** The JSON Schema types a property takes (`anyOf` flattened); empty when it says none (anything goes). */
export function propertyTypes(p: PropertySchema): string[] {
  const t = p.type;
  if (typeof t === 'string') return [t];
  if (Array.isArray(t)) return t.filter((x): x is string => typeof x === 'string');
  if (Array.isArray(p.anyOf)) return (p.anyOf as PropertySchema[]).flatMap(propertyTypes);
  return [];
}

function typeOf(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  if (typeof v === 'number') return Number.isInteger(v) ? 'integer' : 'number';
  return typeof v;
}

/** `entity` when every key is a property of the collection and every value fits its type; else AS_DATASTORE. */
export function checkEntity(id: string, collection: string, properties: Readonly<Record<string, PropertySchema>>, entity: Entity): Entity {
  for (const [key, value] of Object.entries(entity)) {
    const p = properties[key];
    if (!p) throw datastoreError(id, `write to collection '${collection}'`, `'${key}' is not a property of its entity (it has ${Object.keys(properties).map((k) => `'${k}'`).join(', ') || 'none'})`);
    const types = propertyTypes(p);
    const t = typeOf(value);
    const fits = types.length === 0 || types.includes(t) || (t === 'integer' && types.includes('number'));
    if (!fits) throw datastoreError(id, `write to collection '${collection}'`, `'${key}' is ${t}, its property takes ${types.join(' | ')}`);
  }
  return entity;
}
