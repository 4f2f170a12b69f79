import { RuntimeError } from '../errors.js';
import { redactUrl, redactUrlsIn } from './redact-url.js';
import { fromRow, optionalPackage, TABLE, type Row } from './store-rows.js';
import type { SessionStore, StoredSession, StoreLocation } from './session-store.js';

/** The part of `pg` the store uses. */
interface Pool {
  query(sql: string, params?: unknown[]): Promise<{ rows: unknown[]; rowCount: number | null }>;
  end(): Promise<void>;
}

/** A session store in PostgreSQL (`pg`), in table `agentspec_sessions`: several processes share it. */
export async function openPostgresStore(location: Extract<StoreLocation, { kind: 'postgres' }>): Promise<SessionStore> {
  const pg = await optionalPackage<{ default: { Pool: new (config: { connectionString: string; max?: number }) => Pool } }>('pg');
  const where = redactUrl(location.url);
  const pool = new pg.default.Pool({ connectionString: location.url, max: 2 });
  const guard = async <T>(what: string, f: () => Promise<T>): Promise<T> => {
    try {
      return await f();
    } catch (e) {
      throw new RuntimeError('AS_STORE', `cannot ${what} in the session store ${where}: ${redactUrlsIn((e as Error).message)}`, {}, { cause: e });
    }
  };
  try {
    await guard('create the sessions table', () => pool.query(`CREATE TABLE IF NOT EXISTS ${TABLE} (name TEXT PRIMARY KEY, runtime TEXT NOT NULL, spec_hash TEXT NOT NULL, saved TEXT NOT NULL, updated_at TEXT NOT NULL)`));
  } catch (e) {
    await pool.end().catch(() => undefined);
    throw e;
  }
  return {
    location,
    async put(session) {
      const stored: StoredSession = { ...session, updatedAt: new Date().toISOString() };
      await guard(`save session '${session.name}'`, () => pool.query(`INSERT INTO ${TABLE} (name, runtime, spec_hash, saved, updated_at) VALUES ($1, $2, $3, $4, $5)
        ON CONFLICT (name) DO UPDATE SET runtime = EXCLUDED.runtime, spec_hash = EXCLUDED.spec_hash, saved = EXCLUDED.saved, updated_at = EXCLUDED.updated_at`,
      [stored.name, stored.runtime, stored.specHash, JSON.stringify(stored.saved), stored.updatedAt]));
      return stored;
    },
    async get(name) {
      const { rows } = await guard(`read session '${name}'`, () => pool.query(`SELECT * FROM ${TABLE} WHERE name = $1`, [name]));
      return rows[0] ? fromRow(rows[0] as Row) : undefined;
    },
    async delete(name) {
      const { rowCount } = await guard(`delete session '${name}'`, () => pool.query(`DELETE FROM ${TABLE} WHERE name = $1`, [name]));
      return (rowCount ?? 0) > 0;
    },
    async list() {
      const { rows } = await guard('list sessions', () => pool.query(`SELECT * FROM ${TABLE} ORDER BY name`));
      return (rows as Row[]).map(fromRow);
    },
    close: () => pool.end(),
  };
}
