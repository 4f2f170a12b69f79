import { mkdirSync } from 'node:fs';
import { basename, dirname, extname, join } from 'node:path';
import type { Component } from '@agentspec/core';
import { openSessionStore, RuntimeError, specHash, storeLocation, type SavedSession, type SessionCheckpoints, type SessionStore, type StoredSession, type StoreLocation } from '@agentspec/runtime';
import { readJson, type Io } from '../io.js';

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
 * at that store (see {@link frameworkPersistence}), so another process resumes.
 */
export class Persistence {
  private constructor(
    readonly location: StoreLocation,
    private readonly store: SessionStore | undefined,
    /** The stored session `--resume <name>` names. */
    readonly stored: StoredSession | undefined,
    private readonly options: PersistenceOptions,
  ) {}

  static async open(options: PersistenceOptions): Promise<Persistence> {
    const location = storeLocation(options.store ?? DEFAULT_STORE);
    const named = [options.save, options.resume].some((v) => v !== undefined && !isFile(v));
    const store = named ? await openSessionStore(location) : undefined;
    let stored: StoredSession | undefined;
    try {
      if (options.resume !== undefined && !isFile(options.resume)) {
        stored = await store?.get(options.resume);
        if (!stored) throw new RuntimeError('AS_SESSION_NOT_FOUND', `no session '${options.resume}' in ${describe(location)}`, {}, { hint: 'save one with --save <name> (and the same --store)' });
      }
    } catch (e) {
      await store?.close();
      throw e;
    }
    return new Persistence(location, store, stored, options);
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
    if (isFile(save)) {
      io.writeFile(save, `${JSON.stringify(saved, null, 2)}\n`);
      return `saved to ${save}`;
    }
    await (this.store as SessionStore).put({ name: save, runtime, specHash: specHash(component), saved });
    return `saved as '${save}' in ${describe(this.location)}`;
  }

  async close(): Promise<void> {
    await this.store?.close();
  }
}

/** A `--save` / `--resume` value that is a JSON file rather than a session name. */
export function isFile(value: string): boolean {
  return /\.json$/i.test(value);
}

function describe(location: StoreLocation): string {
  return location.kind === 'sqlite' ? location.path : 'the PostgreSQL store';
}

/**
 * The load option `checkpointer` that makes a runtime keep its own state in
 * the store's database: LangGraph's SQLite or PostgreSQL checkpointer on the
 * same file or URL; Mastra's LibSQL store in a file next to the SQLite one
 * (`sessions.mastra.db`), or with PostgreSQL its suspended runs inside the
 * saved session (`{ kind: 'in-save' }`). The reference, AI SDK and OpenAI Agents runtimes
 * save everything in their `save()` JSON and need none.
 */
export function frameworkPersistence(runtime: string, location: StoreLocation): unknown {
  if (runtime === 'langgraph') {
    if (location.kind === 'postgres') return { kind: 'postgres', url: location.url };
    mkdirSync(dirname(location.path), { recursive: true });
    return { kind: 'sqlite', path: location.path };
  }
  if (runtime === 'mastra') {
    // Mastra's stores are LibSQL here (no PostgreSQL store installed): with PostgreSQL its suspended runs travel in the save
    if (location.kind === 'postgres') return { kind: 'in-save' };
    mkdirSync(dirname(location.path), { recursive: true });
    const ext = extname(location.path);
    return `file:${join(dirname(location.path), `${basename(location.path, ext)}.mastra${ext || '.db'}`)}`;
  }
  return undefined;
}
