import { RuntimeError } from '../errors.js';
import { checkFence, heldLease, leaseFree, newHolder, sessionBusy, type Lease, type LeaseHolder } from './lease.js';
import { redactUrl, redactUrlsIn } from './redact-url.js';
import { fromRow, holderFromRow, LEASE_TABLE, optionalPackage, TABLE, type LeaseRow, type Row } from './store-rows.js';
import type { SessionStore, StoredSession, StoreLocation } from './session-store.js';

type Query = (sql: string, params?: unknown[]) => Promise<{ rows: unknown[]; rowCount: number | null }>;

/** The part of `pg` the store uses. */
interface Pool {
  query: Query;
  connect(): Promise<{ query: Query; release(): void }>;
  end(): Promise<void>;
}

/** The first key of the store's advisory locks (`'AS'`); the second is `hashtext(name)`, or 0 while creating the tables. */
const LOCK_SPACE = 0x4153;

/** `expires_at` that many milliseconds after the database's `now()`. */
const AFTER = (param: string) => `now() + ${param}::double precision * interval '1 millisecond'`;

/**
 * A session store in PostgreSQL (`pg`), in tables `agentspec_sessions` and
 * `agentspec_session_leases`: several processes and machines share it. A lease
 * and every leased write of one session run in a transaction holding the
 * advisory lock of its name, on the database's clock.
 */
export async function openPostgresStore(location: Extract<StoreLocation, { kind: 'postgres' }>): Promise<SessionStore> {
  const pg = await optionalPackage<{ default: { Pool: new (config: { connectionString: string; max?: number }) => Pool } }>('pg');
  const where = redactUrl(location.url);
  const pool = new pg.default.Pool({ connectionString: location.url, max: 2 });
  const guard = async <T>(what: string, f: () => Promise<T>): Promise<T> => {
    try {
      return await f();
    } catch (e) {
      if (e instanceof RuntimeError) throw e;
      throw new RuntimeError('AS_STORE', `cannot ${what} in the session store ${where}: ${redactUrlsIn((e as Error).message)}`, {}, { cause: e });
    }
  };
  /** `f` in one transaction holding the advisory lock of `name` (null: of the tables). */
  const locked = <T>(what: string, name: string | null, f: (q: Query) => Promise<T>): Promise<T> => guard(what, async () => {
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      await client.query(`SELECT pg_advisory_xact_lock(${LOCK_SPACE}, ${name === null ? '0' : 'hashtext($1)'})`, name === null ? [] : [name]);
      const result = await f((sql, params) => client.query(sql, params));
      await client.query('COMMIT');
      return result;
    } catch (e) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw e;
    } finally {
      client.release();
    }
  });
  /** The lease row of a session, and whether it expired (by the database's clock). */
  const leaseOf = async (q: Query, name: string): Promise<[LeaseHolder | undefined, boolean]> => {
    const row = (await q(`SELECT owner, pid, host, token, expires_at, expires_at <= now() AS expired FROM ${LEASE_TABLE} WHERE name = $1`, [name])).rows[0] as (LeaseRow & { expired: boolean }) | undefined;
    return [row && holderFromRow(row), row?.expired === true];
  };
  try {
    // concurrent CREATE TABLE IF NOT EXISTS can collide in PostgreSQL: one process at a time
    await locked('create the sessions tables', null, async (q) => {
      await q(`CREATE TABLE IF NOT EXISTS ${TABLE} (name TEXT PRIMARY KEY, runtime TEXT NOT NULL, spec_hash TEXT NOT NULL, saved TEXT NOT NULL, updated_at TEXT NOT NULL)`);
      await q(`CREATE TABLE IF NOT EXISTS ${LEASE_TABLE} (name TEXT PRIMARY KEY, owner TEXT NOT NULL, pid INTEGER NOT NULL, host TEXT NOT NULL, token TEXT NOT NULL, expires_at TIMESTAMPTZ NOT NULL)`);
    });
  } catch (e) {
    await pool.end().catch(() => undefined);
    throw e;
  }
  const held = new Set<Lease>();
  return {
    location,
    async put(session, options = {}) {
      const stored: StoredSession = { ...session, updatedAt: new Date().toISOString() };
      await locked(`save session '${session.name}'`, session.name, async (q) => {
        checkFence(session.name, ...await leaseOf(q, session.name), options.lease);
        await q(`INSERT INTO ${TABLE} (name, runtime, spec_hash, saved, updated_at) VALUES ($1, $2, $3, $4, $5)
          ON CONFLICT (name) DO UPDATE SET runtime = EXCLUDED.runtime, spec_hash = EXCLUDED.spec_hash, saved = EXCLUDED.saved, updated_at = EXCLUDED.updated_at`,
        [stored.name, stored.runtime, stored.specHash, JSON.stringify(stored.saved), stored.updatedAt]);
      });
      return stored;
    },
    async get(name) {
      const { rows } = await guard(`read session '${name}'`, () => pool.query(`SELECT * FROM ${TABLE} WHERE name = $1`, [name]));
      return rows[0] ? fromRow(rows[0] as Row) : undefined;
    },
    async delete(name, options = {}) {
      return locked(`delete session '${name}'`, name, async (q) => {
        checkFence(name, ...await leaseOf(q, name), options.lease);
        return ((await q(`DELETE FROM ${TABLE} WHERE name = $1`, [name])).rowCount ?? 0) > 0;
      });
    },
    async list() {
      const { rows } = await guard('list sessions', () => pool.query(`SELECT * FROM ${TABLE} ORDER BY name`));
      return (rows as Row[]).map(fromRow);
    },
    async acquire(name, options = {}) {
      const { ttlMs, ...me } = newHolder(options);
      const holder = await locked(`lease session '${name}'`, name, async (q) => {
        const [current, expired] = await leaseOf(q, name);
        if (!leaseFree(current, expired)) throw sessionBusy(name, current);
        const { rows } = await q(`INSERT INTO ${LEASE_TABLE} (name, owner, pid, host, token, expires_at) VALUES ($1, $2, $3, $4, $5, ${AFTER('$6')})
          ON CONFLICT (name) DO UPDATE SET owner = EXCLUDED.owner, pid = EXCLUDED.pid, host = EXCLUDED.host, token = EXCLUDED.token, expires_at = EXCLUDED.expires_at
          RETURNING expires_at`, [name, me.owner, me.pid, me.host, me.token, ttlMs]);
        return { ...me, expiresAt: new Date((rows[0] as { expires_at: Date }).expires_at) };
      });
      const lease: Lease = heldLease(name, holder, ttlMs, {
        // in the lock too: a renewal and a takeover never interleave
        renew: (token, ms) => locked(`renew the lease of session '${name}'`, name, async (q) => {
          const { rows } = await q(`UPDATE ${LEASE_TABLE} SET expires_at = ${AFTER('$3')} WHERE name = $1 AND token = $2 RETURNING expires_at`, [name, token, ms]);
          return rows[0] ? new Date((rows[0] as { expires_at: Date }).expires_at) : undefined;
        }),
        holder: () => guard(`read the lease of session '${name}'`, async () => (await leaseOf(pool.query.bind(pool), name))[0]),
        release: (token) => guard(`release the lease of session '${name}'`, async () => void await pool.query(`DELETE FROM ${LEASE_TABLE} WHERE name = $1 AND token = $2`, [name, token])),
      }, options, () => held.delete(lease));
      held.add(lease);
      return lease;
    },
    async close() {
      for (const lease of [...held]) await lease.release().catch(() => undefined);
      await pool.end();
    },
  };
}
