/**
 * Named sessions kept outside a process (DESIGN §11: SQLite by default,
 * PostgreSQL for several processes): what `agentspec run --save <name>` writes
 * and `--resume <name>` reads, and what a server keeps its sessions in. A
 * record is an envelope — the runtime, a hash of the spec, the session's
 * `save()` JSON. Runtimes whose state lives in their framework's own
 * persistence (LangGraph checkpointers, Mastra storage) are pointed at the same
 * database ({@link StoreLocation}), so the envelope is all a resume needs.
 */
import { isAbsolute, resolve } from 'node:path';
import type { SavedSession } from '../contract.js';
import type { Lease, LeaseOptions } from './lease.js';

/** Where a store lives: a SQLite file (absolute path) or a PostgreSQL database. */
export type StoreLocation =
  | { readonly kind: 'sqlite'; readonly path: string }
  | { readonly kind: 'postgres'; readonly url: string };

/** One named session in a store. */
export interface StoredSession {
  readonly name: string;
  /** The runtime that saved it (`reference`, `langgraph`, …): only that runtime can resume it. */
  readonly runtime: string;
  /** {@link specHash} of the spec it runs: a session resumes only on the same spec. */
  readonly specHash: string;
  /** What `session.save()` returned. */
  readonly saved: SavedSession;
  /** ISO time of the last `put`. */
  readonly updatedAt: string;
}

/** A write of a leased session: `lease` is its lease, checked in the same transaction as the write (fencing). */
export interface WriteOptions {
  readonly lease?: Lease;
}

export interface SessionStore {
  readonly location: StoreLocation;
  /**
   * Write (or overwrite) the session of that name. With `lease`, only while
   * that lease still holds the session; without, only while nobody holds it.
   * Otherwise `AS_SESSION_BUSY`, and nothing is written.
   */
  put(session: Omit<StoredSession, 'updatedAt'>, options?: WriteOptions): Promise<StoredSession>;
  get(name: string): Promise<StoredSession | undefined>;
  /** Whether there was a session of that name (leased sessions as for {@link put}). */
  delete(name: string, options?: WriteOptions): Promise<boolean>;
  /** Every session, by name. */
  list(): Promise<StoredSession[]>;
  /**
   * Lease the session of that name (it need not exist yet) for as long as this
   * process runs it: `AS_SESSION_BUSY`, naming the holder and the expiry, when
   * another holder has it and its lease has not expired (a holder whose
   * process is gone from this host has lost it). See `lease.ts`.
   */
  acquire(name: string, options?: LeaseOptions): Promise<Lease>;
  /** Release the leases still held through this store, then disconnect. */
  close(): Promise<void>;
}

/** `postgres://…` / `postgresql://…` is a PostgreSQL database; anything else a SQLite file (relative to `cwd`). */
export function storeLocation(text: string, cwd = process.cwd()): StoreLocation {
  if (/^postgres(ql)?:\/\//i.test(text)) return { kind: 'postgres', url: text };
  const path = text.startsWith('file:') ? text.slice('file:'.length) : text;
  return { kind: 'sqlite', path: isAbsolute(path) ? path : resolve(cwd, path) };
}

/** Open the store at a location (a SQLite file is created with its folder; PostgreSQL gets its table). */
export async function openSessionStore(location: StoreLocation | string): Promise<SessionStore> {
  const where = typeof location === 'string' ? storeLocation(location) : location;
  if (where.kind === 'postgres') return (await import('./postgres-store.js')).openPostgresStore(where);
  return (await import('./sqlite-store.js')).openSqliteStore(where);
}
