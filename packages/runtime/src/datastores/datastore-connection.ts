/** One entity (a row) of a collection: JSON values by property name. */
export type Entity = Record<string, unknown>;

/** Equality conditions on properties (`{ cache_key: 'k' }`); every one must hold. */
export type Where = Readonly<Record<string, unknown>>;

/**
 * An open datastore (Agent Spec 26.1.2 `Datastore`): collections of entities
 * with a fixed schema, read and written by the components that use it (the
 * summarization transforms' caches). The same interface over every kind
 * (InMemoryCollectionDatastore, PostgresDatabaseDatastore), so their users are
 * written once.
 */
export interface DatastoreConnection {
  /** The component id of the datastore. */
  readonly id: string;
  /** The collection names of its `datastore_schema`. */
  readonly collections: readonly string[];
  /** The entities of a collection matching `where` (all without it), in insertion order. */
  list(collection: string, where?: Where): Promise<Entity[]>;
  /** Adds one entity. */
  create(collection: string, entity: Entity): Promise<void>;
  /** Sets `values` on the entities matching `where`; how many changed. */
  update(collection: string, where: Where, values: Entity): Promise<number>;
  /** Removes the entities matching `where`; how many went. */
  delete(collection: string, where: Where): Promise<number>;
  close(): Promise<void>;
}
