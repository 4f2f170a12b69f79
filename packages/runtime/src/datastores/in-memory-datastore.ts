import type { DatastoreConnection, Entity, Where } from './datastore-connection.js';
import { unknownCollection } from './datastore-errors.js';
import { checkEntity, type CollectionSchemas } from './entity-schema.js';

const matches = (e: Entity, where: Where | undefined): boolean =>
  where === undefined || Object.entries(where).every(([k, v]) => JSON.stringify(e[k]) === JSON.stringify(v));

/**
 * An InMemoryCollectionDatastore: its collections live in this process, as
 * long as the app that loaded the spec (every session of the app shares them);
 * entities are copied in and out, and checked against the collection's entity
 * schema on the way in.
 */
export function inMemoryDatastore(id: string, schemas: CollectionSchemas): DatastoreConnection {
  const data = new Map<string, Entity[]>(Object.keys(schemas).map((c) => [c, []]));
  const rows = (collection: string): Entity[] => {
    const r = data.get(collection);
    if (!r) throw unknownCollection(id, collection, [...data.keys()]);
    return r;
  };
  return {
    id,
    collections: Object.keys(schemas),
    async list(collection, where) {
      return rows(collection).filter((e) => matches(e, where)).map((e) => structuredClone(e));
    },
    async create(collection, entity) {
      const r = rows(collection);
      r.push(structuredClone(checkEntity(id, collection, schemas[collection] ?? {}, entity)));
    },
    async update(collection, where, values) {
      const r = rows(collection);
      let n = 0;
      for (let i = 0; i < r.length; i++) {
        if (!matches(r[i] as Entity, where)) continue;
        r[i] = structuredClone(checkEntity(id, collection, schemas[collection] ?? {}, { ...r[i], ...values }));
        n++;
      }
      return n;
    },
    async delete(collection, where) {
      const r = rows(collection);
      const kept = r.filter((e) => !matches(e, where));
      data.set(collection, kept);
      return r.length - kept.length;
    },
    async close() {
      data.clear();
    },
  };
}
