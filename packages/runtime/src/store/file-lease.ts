/**
 * The lease of a session saved as a plain JSON file (`agentspec run --save
 * x.json`): a lock file `<file>.lock` holding the holder's owner, pid, host,
 * token and expiry. It is created whole and atomically (written aside, then
 * hard-linked into place, which fails when it exists); renewing, releasing
 * and taking over a stale lock happen under a short-lived mutex file
 * `<file>.lock.takeover` (O_EXCL), so two processes never both take over.
 * Stale: expired, or its pid is gone from this host. Expiry is judged by each
 * host's clock (same-host use; on a shared folder keep clocks in sync).
 */
import { closeSync, linkSync, openSync, readFileSync, renameSync, statSync, unlinkSync, writeFileSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { RuntimeError } from '../errors.js';
import { heldLease, leaseFree, newHolder, processGone, sessionBusy, type Lease, type LeaseHolder, type LeaseOptions } from './lease.js';

/** A takeover mutex older than this was left by a process that died inside it. */
const MUTEX_STALE_MS = 10_000;
/** How long to wait for the takeover mutex before giving up. */
const MUTEX_WAIT_MS = 5_000;

/** Lease the JSON file `file` (it need not exist yet): `AS_SESSION_BUSY` while another live holder has it; `AS_STORE` when the lock cannot be written. */
export async function acquireFileLease(file: string, options: LeaseOptions = {}): Promise<Lease> {
  const lock = `${file}.lock`;
  const { ttlMs, ...me } = newHolder(options);
  const fail = (what: string, e: unknown) => new RuntimeError('AS_STORE', `cannot ${what} the lock file ${lock}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`, {}, { cause: e });
  const holder: LeaseHolder = { ...me, expiresAt: new Date(Date.now() + ttlMs) };
  const aside = writeAside(lock, holder, fail);
  try {
    if (!tryLink(aside, lock, fail)) {
      await withMutex(lock, fail, () => {
        const current = readHolder(lock);
        if (current && !leaseFree(current, current.expiresAt.getTime() <= Date.now())) throw sessionBusy(file, current);
        if (current) unlinkSync(lock);
        // a process that found no lock may have linked its own meanwhile
        if (!tryLink(aside, lock, fail)) throw sessionBusy(file, readHolder(lock));
      });
    }
  } finally {
    removeQuietly(aside);
  }
  const lease: Lease = heldLease(file, holder, ttlMs, {
    renew: (token, ms) => withMutex(lock, fail, () => {
      if (readHolder(lock)?.token !== token) return undefined;
      const next = { ...holder, expiresAt: new Date(Date.now() + ms) };
      const aside = writeAside(lock, next, fail);
      try {
        renameSync(aside, lock);
      } finally {
        removeQuietly(aside);
      }
      return next.expiresAt;
    }),
    holder: async () => readHolder(lock),
    release: (token) => withMutex(lock, fail, () => {
      if (readHolder(lock)?.token === token) unlinkSync(lock);
    }),
  }, options, () => held.delete(release));
  // when the process exits without releasing (process.exit after a second signal), the lock goes with it
  const release = () => {
    if (!tryMutex(lock)) return;
    try {
      if (readHolder(lock)?.token === holder.token) unlinkSync(lock);
    } finally {
      removeQuietly(`${lock}.takeover`);
    }
  };
  held.add(release);
  if (!exitHook) {
    process.on('exit', onExit);
    exitHook = true;
  }
  return lease;
}

/** Sync releases of the file leases still held, run on process exit. */
const held = new Set<() => void>();
let exitHook = false;
function onExit(): void {
  for (const release of held) {
    try {
      release();
    } catch {
      // best effort: the lease expires anyway
    }
  }
}

/** The holder's record written to a fresh file next to the lock (returned). */
function writeAside(lock: string, holder: LeaseHolder, fail: (what: string, e: unknown) => Error): string {
  const aside = `${lock}.${holder.token}.${Date.now()}`;
  try {
    writeFileSync(aside, `${JSON.stringify({ ...holder, expiresAt: holder.expiresAt.toISOString() })}\n`, { flag: 'wx' });
  } catch (e) {
    throw fail('write', e);
  }
  return aside;
}

/** Link `aside` as `lock`: false when a lock exists. */
function tryLink(aside: string, lock: string, fail: (what: string, e: unknown) => Error): boolean {
  try {
    linkSync(aside, lock);
    return true;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw fail('create', e);
  }
}

/** The holder a lock file names; undefined when there is none. A lock that does not parse counts as expired. */
function readHolder(lock: string): LeaseHolder | undefined {
  let text: string;
  try {
    text = readFileSync(lock, 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw e;
  }
  try {
    const h = JSON.parse(text) as Record<string, unknown>;
    const expiresAt = new Date(String(h.expiresAt));
    if (typeof h.token === 'string' && typeof h.owner === 'string' && typeof h.pid === 'number' && typeof h.host === 'string' && !Number.isNaN(expiresAt.getTime())) {
      return { owner: h.owner, pid: h.pid, host: h.host, token: h.token, expiresAt };
    }
  } catch {
    // below
  }
  return { owner: 'an unreadable lock file', pid: 0, host: '', token: '', expiresAt: new Date(0) };
}

/** Create the takeover mutex: false when another process has it. */
function tryMutex(lock: string): boolean {
  let fd: number;
  try {
    fd = openSync(`${lock}.takeover`, 'wx');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw e;
  }
  try {
    writeSync(fd, `${process.pid} ${hostname()}\n`);
  } finally {
    closeSync(fd);
  }
  return true;
}

/** Run `f` holding the takeover mutex of `lock` (waiting a little for it; removing one left by a dead process). */
async function withMutex<T>(lock: string, fail: (what: string, e: unknown) => Error, f: () => T): Promise<T> {
  const mutex = `${lock}.takeover`;
  const deadline = Date.now() + MUTEX_WAIT_MS;
  for (;;) {
    try {
      if (tryMutex(lock)) break;
    } catch (e) {
      throw fail('lock', e);
    }
    if (mutexStale(mutex)) removeQuietly(mutex);
    else if (Date.now() > deadline) throw fail('lock', new Error(`${mutex} is held by another process`));
    else await sleep(2);
  }
  try {
    return f();
  } catch (e) {
    throw e instanceof RuntimeError ? e : fail('update', e);
  } finally {
    removeQuietly(mutex);
  }
}

function mutexStale(mutex: string): boolean {
  try {
    const [pid, host] = readFileSync(mutex, 'utf8').trim().split(' ');
    if (pid && host && processGone(Number(pid), host)) return true;
    return Date.now() - statSync(mutex).mtimeMs > MUTEX_STALE_MS;
  } catch {
    // gone (or not yet written): try again
    return false;
  }
}

function removeQuietly(path: string): void {
  try {
    unlinkSync(path);
  } catch {
    // already gone
  }
}
