import { hostname } from 'node:os';
import type { Component } from '@agentspec/core';
import {
  acquireFileLease, openSessionStore, RuntimeError, specHash, storeLocation, type Lease, type SavedSession, type SessionCheckpoints, type SessionStore, type StoredSession,
  type StoreLocation,
} from '@agentspec/runtime';
import { fileProblem, readInput, readJson, UsageError, type Io } from '../io.js';

/** Where `--save` / `--resume` keep sessions when `--store` is not given (relative to the working directory). */
export const DEFAULT_STORE = '.agentspec/sessions.db';

export interface PersistenceOptions {
  readonly save?: string;
  readonly resume?: string;
  readonly store?: string;
}

/**
 * How `agentspec run` saves and resumes (one story for every runtime): a
 * `--save`/`--resume` value ending in `.json` is a file holding the session's
 * `save()` JSON (as before); any other value is a session name in the store
 * (`--store`: a SQLite file, default {@link DEFAULT_STORE}, or a
 * `postgres://` URL), kept with its runtime and a hash of the spec. Either way
 * the runtimes whose state lives in their framework's persistence are pointed
 * at that store (`frameworkPersistence` of @agentspec/adapters), so another process resumes.
 *
 * The sessions `--resume` and `--save` name are leased from {@link open}
 * (before anything loads or runs) to {@link close} (after the save): a store
 * lease for a name, a lock file `<file>.lock` for a JSON file. Another
 * process running the same session meanwhile gets `AS_SESSION_BUSY` (exit 75)
 * and runs nothing.
 */
export class Persistence {
  private constructor(
    readonly location: StoreLocation,
    private readonly store: SessionStore | undefined,
    /** The stored session `--resume <name>` names. */
    readonly stored: StoredSession | undefined,
    private readonly options: PersistenceOptions,
    /** The leases held, by `--resume`/`--save` value. */
    private readonly leases: ReadonlyMap<string, Lease>,
  ) {}

  static async open(io: Io, options: PersistenceOptions): Promise<Persistence> {
    const location = storeLocation(options.store ?? DEFAULT_STORE);
    const named = [options.save, options.resume].some((v) => v !== undefined && !isFile(v));
    // a missing --resume file is AS_FILE_NOT_FOUND, as before, rather than a lock next to nothing
    if (options.resume !== undefined && isFile(options.resume)) readInput(io, options.resume);
    const store = named ? await openSessionStore(location) : undefined;
    const leases = new Map<string, Lease>();
    let stored: StoredSession | undefined;
    try {
      for (const value of new Set([options.resume, options.save])) {
        if (value === undefined) continue;
        leases.set(value, isFile(value) ? await lockFile(value) : await (store as SessionStore).acquire(value, { owner: OWNER }));
      }
      if (options.resume !== undefined && !isFile(options.resume)) {
        stored = await store?.get(options.resume);
        if (!stored) throw new RuntimeError('AS_SESSION_NOT_FOUND', `no session '${options.resume}' in ${describe(location)}`, {}, { hint: 'save one with --save <name> (and the same --store)' });
      }
    } catch (e) {
      await releaseAll(leases);
      await store?.close();
      throw e;
    }
    return new Persistence(location, store, stored, options, leases);
  }

  /** The saved session to resume (its runtime resumes it only if it is its own and of this spec). */
  resume(io: Io): SavedSession {
    const resume = this.options.resume as string;
    return this.stored ? this.stored.saved : readJson(io, resume, 'a session saved by --save') as SavedSession;
  }

  /** With --save: where the session writes its checkpoints as it runs, so that a crashed run resumes with every effect once. */
  checkpoints(io: Io, runtime: string, component: Component): SessionCheckpoints | undefined {
    if (this.options.save === undefined) return undefined;
    return { write: async (envelope) => void (await this.save(io, runtime, component, envelope)) };
  }

  /** Save the session where `--save` says; the words that say where. */
  async save(io: Io, runtime: string, component: Component, saved: SavedSession): Promise<string> {
    const save = this.options.save as string;
    const lease = this.leases.get(save);
    if (isFile(save)) {
      // a file has no fenced write: a renewal refuses once another process took the lease over, and holds it for the write
      await lease?.renew();
      io.writeFile(save, `${JSON.stringify(saved, null, 2)}\n`);
      return `saved to ${save}`;
    }
    await (this.store as SessionStore).put({ name: save, runtime, specHash: specHash(component), saved }, lease ? { lease } : {});
    return `saved as '${save}' in ${describe(this.location)}`;
  }

  /** Release the leases, then close the store. */
  async close(): Promise<void> {
    await releaseAll(this.leases);
    await this.store?.close();
  }
}

/** Who holds a lease taken by `agentspec run`, as the refused process shows it. */
const OWNER = `agentspec run (pid ${process.pid} on ${hostname()})`;

/** The lease of a JSON file: a file that cannot be locked (no such folder, permission denied) cannot be written either. */
async function lockFile(file: string): Promise<Lease> {
  try {
    return await acquireFileLease(file, { owner: OWNER });
  } catch (e) {
    const code = (e as { code?: unknown }).code;
    const cause = (e as { cause?: unknown }).cause;
    if (code === 'AS_STORE' && cause instanceof Error) throw new UsageError(`cannot write ${file}: ${fileProblem(cause)}`, { code: 'AS_CANNOT_WRITE', cause: e });
    throw e;
  }
}

async function releaseAll(leases: ReadonlyMap<string, Lease>): Promise<void> {
  for (const lease of leases.values()) await lease.release().catch(() => undefined);
}

/** A `--save` / `--resume` value that is a JSON file rather than a session name. */
export function isFile(value: string): boolean {
  return /\.json$/i.test(value);
}

function describe(location: StoreLocation): string {
  return location.kind === 'sqlite' ? location.path : 'the PostgreSQL store';
}
