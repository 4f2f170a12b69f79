import { RuntimeError } from '../errors.js';

/** AS_DATASTORE naming the datastore and what was being done. */
export function datastoreError(id: string, what: string, detail: string, options: { hint?: string; cause?: unknown } = {}): RuntimeError {
  return new RuntimeError('AS_DATASTORE', `datastore '${id}': cannot ${what}: ${detail}`, {}, options);
}

/** A collection the datastore's `datastore_schema` does not declare: AS_DATASTORE listing those it does. */
export function unknownCollection(id: string, collection: string, collections: readonly string[]): RuntimeError {
  return datastoreError(id, `use collection '${collection}'`, `its datastore_schema declares ${collections.length > 0 ? collections.map((c) => `'${c}'`).join(', ') : 'no collection'}`, {
    hint: `add '${collection}' to the datastore_schema of the datastore`,
  });
}
