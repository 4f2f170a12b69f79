import type { DatastoreConnection, Entity } from '../datastores/datastore-connection.js';
import { datastoreError } from '../datastores/datastore-errors.js';

/** The properties (and JSON types) a cache collection's entity must have, per transform kind. */
export const CACHE_PROPERTIES = {
  MessageSummarizationTransform: { cache_key: 'string', cache_content: 'string', created_at: 'number', last_used_at: 'number' },
  ConversationSummarizationTransform: { cache_key: 'string', cache_content: 'string', prefix_size: 'integer', created_at: 'number', last_used_at: 'number' },
} as const;

export interface SummaryCacheOptions {
  readonly collection: string;
  /** Entries kept at most (the least recently used goes first); null: no limit. */
  readonly maxSize: number | null;
  /** Seconds an entry lives after it was created; null: for ever. */
  readonly maxLifetime: number | null;
  /** The clock, in seconds. */
  readonly now: () => number;
}

/**
 * The cache of a summarization transform, in one collection of a datastore:
 * entities `{ cache_key, cache_content, …, created_at, last_used_at }` (times in
 * seconds). Reading drops expired entries and marks the one read as used;
 * writing replaces the entry of that key and, when the cache is full, drops
 * the least recently used entry first.
 */
export class SummaryCache {
  constructor(private readonly store: DatastoreConnection, private readonly options: SummaryCacheOptions) {}

  /** Checks that the datastore has the collection with the properties `kind` needs (AS_DATASTORE). */
  static check(store: DatastoreConnection, collection: string, kind: keyof typeof CACHE_PROPERTIES, properties: Readonly<Record<string, Readonly<Record<string, unknown>>>> | undefined): void {
    if (!store.collections.includes(collection) || !properties) {
      throw datastoreError(store.id, `cache summaries in collection '${collection}'`, `its datastore_schema has no such collection`, {
        hint: `add '${collection}' to the datastore_schema, with properties ${Object.keys(CACHE_PROPERTIES[kind]).join(', ')}`,
      });
    }
    const missing = Object.keys(CACHE_PROPERTIES[kind]).filter((p) => !Object.hasOwn(properties, p));
    if (missing.length > 0) {
      throw datastoreError(store.id, `cache summaries in collection '${collection}'`, `its entity lacks ${missing.map((p) => `'${p}'`).join(', ')}`, {
        hint: `a ${kind} cache entity has properties ${Object.entries(CACHE_PROPERTIES[kind]).map(([p, t]) => `${p} (${t})`).join(', ')}`,
      });
    }
  }

  async get(key: string): Promise<Entity | undefined> {
    const { collection, now } = this.options;
    await this.dropExpired();
    const [entry] = await this.store.list(collection, { cache_key: key });
    if (!entry) return undefined;
    await this.store.update(collection, { cache_key: key }, { last_used_at: now() });
    return entry;
  }

  async put(key: string, content: Entity): Promise<void> {
    const { collection, maxSize, now } = this.options;
    await this.dropExpired();
    await this.store.delete(collection, { cache_key: key });
    if (maxSize !== null) {
      const entries = await this.store.list(collection);
      entries.sort((a, b) => Number(a.last_used_at ?? 0) - Number(b.last_used_at ?? 0));
      for (const old of entries.slice(0, Math.max(0, entries.length - maxSize + 1))) await this.store.delete(collection, { cache_key: old.cache_key });
    }
    const t = now();
    await this.store.create(collection, { cache_key: key, ...content, created_at: t, last_used_at: t });
  }

  private async dropExpired(): Promise<void> {
    const { collection, maxLifetime, now } = this.options;
    if (maxLifetime === null) return;
    const t = now();
    for (const e of await this.store.list(collection)) {
      if (t - Number(e.created_at ?? 0) > maxLifetime) await this.store.delete(collection, { cache_key: e.cache_key });
    }
  }
}
