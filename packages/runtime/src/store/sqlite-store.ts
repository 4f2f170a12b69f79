import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { RuntimeError } from '../errors.js';
import { checkFence, heldLease, leaseFree, newHolder, sessionBusy, type Lease, type LeaseHolder } from './lease.js';
import { fromRow, holderFromRow, LEASE_TABLE, optionalPackage, TABLE, type LeaseRow, type Row } from './store-rows.js';
import type { SessionStore, StoredSession, StoreLocation } from './session-store.js';

/** The part of better-sqlite3 the store uses. */
interface Database {
  exec(sql: string): void;
  prepare(sql: string): { run(...params: unknown[]): { changes: number }; get(...params: unknown[]): unknown; all(...params: unknown[]): unknown[] };
  transaction<T>(f: () => T): { immediate(): T };
  close(): void;
}

/**
 * A session store in a SQLite file (better-sqlite3), in tables
 * `agentspec_sessions` and `agentspec_session_leases`; other tables of the
 * file are left alone. The file is put in WAL mode (`synchronous = NORMAL`). Leases and leased writes run in `BEGIN IMMEDIATE`
 * transactions (other processes wait up to the 5 s busy timeout), on this
 * host's clock.
 */
export async function openSqliteStore(location: Extract<StoreLocation, { kind: 'sqlite' }>): Promise<SessionStore> {
  const { default: Sqlite } = await optionalPackage<{ default: new (path: string) => Database }>('better-sqlite3');
  let db: Database;
  try {
    mkdirSync(dirname(location.path), { recursive: true });
    db = new Sqlite(location.path);
    db.exec('PRAGMA busy_timeout = 5000');
    // write-ahead log, synced at checkpoints: a commit no longer waits for an fsync (12 ms → well under 1 ms each here),
    // and a commit survives a crash of the process (not a power loss before the next checkpoint)
    db.exec('PRAGMA journal_mode = WAL');
    db.exec('PRAGMA synchronous = NORMAL');
    db.exec(`CREATE TABLE IF NOT EXISTS ${TABLE} (name TEXT PRIMARY KEY, runtime TEXT NOT NULL, spec_hash TEXT NOT NULL, saved TEXT NOT NULL, updated_at TEXT NOT NULL)`);
    db.exec(`CREATE TABLE IF NOT EXISTS ${LEASE_TABLE} (name TEXT PRIMARY KEY, owner TEXT NOT NULL, pid INTEGER NOT NULL, host TEXT NOT NULL, token TEXT NOT NULL, expires_at INTEGER NOT NULL)`);
  } catch (e) {
    throw new RuntimeError('AS_STORE', `cannot open the session store ${location.path}: ${(e as Error).message}`, {}, { cause: e });
  }
  const guard = <T>(what: string, f: () => T): T => {
    try {
      return f();
    } catch (e) {
      if (e instanceof RuntimeError) throw e;
      throw new RuntimeError('AS_STORE', `cannot ${what} in the session store ${location.path}: ${(e as Error).message}`, {}, { cause: e });
    }
  };
  /** The lease row of a session, and whether it expired (by this host's clock, `now`). */
  const leaseOf = (name: string, now: number): [LeaseHolder | undefined, boolean] => {
    const row = db.prepare(`SELECT owner, pid, host, token, expires_at FROM ${LEASE_TABLE} WHERE name = ?`).get(name) as LeaseRow | undefined;
    return [row && holderFromRow(row), row !== undefined && Number(row.expires_at) <= now];
  };
  /** `write` in one transaction with the check of its lease. */
  const fenced = <T>(what: string, name: string, lease: Lease | undefined, write: () => T): T => guard(what, () => db.transaction(() => {
    checkFence(name, ...leaseOf(name, Date.now()), lease);
    return write();
  }).immediate());
  const held = new Set<Lease>();
  return {
    location,
    async put(session, options = {}) {
      const stored: StoredSession = { ...session, updatedAt: new Date().toISOString() };
      fenced(`save session '${session.name}'`, session.name, options.lease, () => db.prepare(`INSERT INTO ${TABLE} (name, runtime, spec_hash, saved, updated_at) VALUES (?, ?, ?, ?, ?)
        ON CONFLICT(name) DO UPDATE SET runtime = excluded.runtime, spec_hash = excluded.spec_hash, saved = excluded.saved, updated_at = excluded.updated_at`)
        .run(stored.name, stored.runtime, stored.specHash, JSON.stringify(stored.saved), stored.updatedAt));
      return stored;
    },
    async get(name) {
      const row = guard(`read session '${name}'`, () => db.prepare(`SELECT * FROM ${TABLE} WHERE name = ?`).get(name)) as Row | undefined;
      return row ? fromRow(row) : undefined;
    },
    async delete(name, options = {}) {
      return fenced(`delete session '${name}'`, name, options.lease, () => db.prepare(`DELETE FROM ${TABLE} WHERE name = ?`).run(name).changes > 0);
    },
    async list() {
      return (guard('list sessions', () => db.prepare(`SELECT * FROM ${TABLE} ORDER BY name`).all()) as Row[]).map(fromRow);
    },
    async acquire(name, options = {}) {
      const { ttlMs, ...me } = newHolder(options);
      const holder = guard(`lease session '${name}'`, () => db.transaction(() => {
        const now = Date.now();
        const [current, expired] = leaseOf(name, now);
        if (!leaseFree(current, expired)) throw sessionBusy(name, current);
        db.prepare(`INSERT INTO ${LEASE_TABLE} (name, owner, pid, host, token, expires_at) VALUES (?, ?, ?, ?, ?, ?)
          ON CONFLICT(name) DO UPDATE SET owner = excluded.owner, pid = excluded.pid, host = excluded.host, token = excluded.token, expires_at = excluded.expires_at`)
          .run(name, me.owner, me.pid, me.host, me.token, now + ttlMs);
        return { ...me, expiresAt: new Date(now + ttlMs) };
      }).immediate());
      const lease: Lease = heldLease(name, holder, ttlMs, {
        renew: async (token, ms) => guard(`renew the lease of session '${name}'`, () => {
          const until = Date.now() + ms;
          return db.prepare(`UPDATE ${LEASE_TABLE} SET expires_at = ? WHERE name = ? AND token = ?`).run(until, name, token).changes > 0 ? new Date(until) : undefined;
        }),
        holder: async () => guard(`read the lease of session '${name}'`, () => leaseOf(name, Date.now())[0]),
        release: async (token) => void guard(`release the lease of session '${name}'`, () => db.prepare(`DELETE FROM ${LEASE_TABLE} WHERE name = ? AND token = ?`).run(name, token)),
      }, options, () => held.delete(lease));
      held.add(lease);
      return lease;
    },
    async close() {
      for (const lease of [...held]) await lease.release().catch(() => undefined);
      db.close();
    },
  };
}
