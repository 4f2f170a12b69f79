import { RuntimeError } from '../errors.js';
import type { SavedSession } from '../contract.js';
import type { LeaseHolder } from './lease.js';
import type { StoredSession } from './session-store.js';

/** The table of both stores (SQLite and PostgreSQL); LangGraph's checkpoint tables may share the database. */
export const TABLE = 'agentspec_sessions';

/** Who holds the lease on a session (one row per leased name; see lease.ts). */
export const LEASE_TABLE = 'agentspec_session_leases';

/** A lease row as both databases return it (`expires_at`: milliseconds since 1970 in SQLite, a timestamp in PostgreSQL). */
export interface LeaseRow {
  readonly owner: string;
  readonly pid: number;
  readonly host: string;
  readonly token: string;
  readonly expires_at: number | Date;
}

export function holderFromRow(row: LeaseRow): LeaseHolder {
  return { owner: row.owner, pid: Number(row.pid), host: row.host, token: row.token, expiresAt: new Date(row.expires_at) };
}

/** A row as both databases return it (`saved` as JSON text). */
export interface Row {
  readonly name: string;
  readonly runtime: string;
  readonly spec_hash: string;
  readonly saved: string;
  readonly updated_at: string;
}

export function fromRow(row: Row): StoredSession {
  return { name: row.name, runtime: row.runtime, specHash: row.spec_hash, saved: JSON.parse(row.saved) as SavedSession, updatedAt: row.updated_at };
}

/** Import a database driver the runtime package lists as an optional peer; a coded error naming it when absent. */
export async function optionalPackage<T>(name: string): Promise<T> {
  try {
    // a specifier in a variable: the drivers ship no types, the stores declare the little they use
    return (await import(name)) as T;
  } catch (e) {
    throw new RuntimeError('AS_STORE', `the session store needs ${name}, which cannot be imported: ${(e as Error).message}`, {}, { cause: e, hint: `pnpm add ${name}` });
  }
}
