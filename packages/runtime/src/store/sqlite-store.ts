import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { RuntimeError } from '../errors.js';
import { fromRow, optionalPackage, TABLE, type Row } from './store-rows.js';
import type { SessionStore, StoredSession, StoreLocation } from './session-store.js';

/** The part of better-sqlite3 the store uses. */
interface Database {
  exec(sql: string): void;
  prepare(sql: string): { run(...params: unknown[]): { changes: number }; get(...params: unknown[]): unknown; all(...params: unknown[]): unknown[] };
  close(): void;
}

/** A session store in a SQLite file (better-sqlite3), in table `agentspec_sessions`; other tables of the file are left alone. */
export async function openSqliteStore(location: Extract<StoreLocation, { kind: 'sqlite' }>): Promise<SessionStore> {
  const { default: Sqlite } = await optionalPackage<{ default: new (path: string) => Database }>('better-sqlite3');
  let db: Database;
  try {
    mkdirSync(dirname(location.path), { recursive: true });
    db = new Sqlite(location.path);
    db.exec('PRAGMA busy_timeout = 5000');
    db.exec(`CREATE TABLE IF NOT EXISTS ${TABLE} (name TEXT PRIMARY KEY, runtime TEXT NOT NULL, spec_hash TEXT NOT NULL, saved TEXT NOT NULL, updated_at TEXT NOT NULL)`);
  } catch (e) {
    throw new RuntimeError('AS_STORE', `cannot open the session store ${location.path}: ${(e as Error).message}`, {}, { cause: e });
  }
  const guard = <T>(what: string, f: () => T): T => {
    try {
      return f();
    } catch (e) {
      throw new RuntimeError('AS_STORE', `cannot ${what} in the session store ${location.path}: ${(e as Error).message}`, {}, { cause: e });
    }
  };
  return {
    location,
    async put(session) {
      const stored: StoredSession = { ...session, updatedAt: new Date().toISOString() };
      guard(`save session '${session.name}'`, () => db.prepare(`INSERT INTO ${TABLE} (name, runtime, spec_hash, saved, updated_at) VALUES (?, ?, ?, ?, ?)
        ON CONFLICT(name) DO UPDATE SET runtime = excluded.runtime, spec_hash = excluded.spec_hash, saved = excluded.saved, updated_at = excluded.updated_at`)
        .run(stored.name, stored.runtime, stored.specHash, JSON.stringify(stored.saved), stored.updatedAt));
      return stored;
    },
    async get(name) {
      const row = guard(`read session '${name}'`, () => db.prepare(`SELECT * FROM ${TABLE} WHERE name = ?`).get(name)) as Row | undefined;
      return row ? fromRow(row) : undefined;
    },
    async delete(name) {
      return guard(`delete session '${name}'`, () => db.prepare(`DELETE FROM ${TABLE} WHERE name = ?`).run(name).changes > 0);
    },
    async list() {
      return (guard('list sessions', () => db.prepare(`SELECT * FROM ${TABLE} ORDER BY name`).all()) as Row[]).map(fromRow);
    },
    async close() {
      db.close();
    },
  };
}
