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

export interface SessionStore {
  readonly location: StoreLocation;
  /** Write (or overwrite) the session of that name. */
  put(session: Omit<StoredSession, 'updatedAt'>): Promise<StoredSession>;
  get(name: string): Promise<StoredSession | undefined>;
  /** Whether there was a session of that name. */
  delete(name: string): Promise<boolean>;
  /** Every session, by name. */
  list(): Promise<StoredSession[]>;
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
