/**
 * Leases on named sessions (DESIGN §11): whoever resumes or saves a session
 * holds its lease while it runs, so a second process resuming the same session
 * gets `AS_SESSION_BUSY` instead of running its tools a second time. A lease
 * lasts `ttlMs` and is renewed on a timer while held; a holder that crashed
 * (kill -9) loses it when it expires, or at once when it ran on this host and
 * its process is gone. Each acquisition has its own token: a write that
 * carries a lease is refused once another holder took the session over
 * (fencing), so a stale holder cannot overwrite it.
 */
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { RuntimeError } from '../errors.js';

/** How long a lease lasts without renewal, unless `ttlMs` says otherwise. */
export const DEFAULT_LEASE_TTL_MS = 30_000;

export interface LeaseOptions {
  /** Who holds it, shown to those refused (no secrets): default `pid <pid> on <host>`. */
  readonly owner?: string;
  /** How long the lease lasts unless renewed (default {@link DEFAULT_LEASE_TTL_MS}). */
  readonly ttlMs?: number;
  /** Renew every `ttlMs / 3` while held, on a timer that does not keep the process alive (default true). */
  readonly autoRenew?: boolean;
}

/** A held lease on one session. */
export interface Lease {
  /** The session (or file) it is on. */
  readonly name: string;
  readonly owner: string;
  /** Unique to this acquisition: writes that carry the lease are checked against it. */
  readonly token: string;
  /** When it ends unless renewed (by the store's clock). */
  readonly expiresAt: Date;
  /** Aborted, with the `AS_SESSION_BUSY` error, when a renewal finds that another holder took the session over. */
  readonly signal: AbortSignal;
  /** Extend it by its ttl; `AS_SESSION_BUSY` when it was taken over (or released). */
  renew(): Promise<void>;
  /** Give it up (it stops renewing); does nothing the second time or once taken over. */
  release(): Promise<void>;
}

/** Who holds a lease, as a store keeps it. */
export interface LeaseHolder {
  readonly owner: string;
  readonly pid: number;
  readonly host: string;
  readonly token: string;
  readonly expiresAt: Date;
}

/** A new holder record for this process (its expiry is set by the store). */
export function newHolder(options: LeaseOptions): Omit<LeaseHolder, 'expiresAt'> & { readonly ttlMs: number } {
  const ttlMs = options.ttlMs ?? DEFAULT_LEASE_TTL_MS;
  if (!Number.isInteger(ttlMs) || ttlMs < 1) throw new RuntimeError('AS_OPTIONS_INVALID', `ttlMs must be a whole number of milliseconds >= 1, not ${String(ttlMs)}`);
  const host = hostname();
  return { owner: options.owner ?? `pid ${process.pid} on ${host}`, pid: process.pid, host, token: randomUUID(), ttlMs };
}

/** Whether a holder's lease may be taken: it expired, or its process is gone from this host. */
export function leaseFree(holder: LeaseHolder | undefined, expired: boolean): boolean {
  return holder === undefined || expired || processGone(holder.pid, holder.host);
}

/** Whether process `pid` of host `host` is known to be gone: it ran on this host and no longer does (a reused pid counts as alive). */
export function processGone(pid: number, host: string): boolean {
  if (host !== hostname()) return false;
  try {
    process.kill(pid, 0);
    return false;
  } catch (e) {
    // EPERM: it exists, owned by another user
    return (e as NodeJS.ErrnoException).code !== 'EPERM';
  }
}

/** `AS_SESSION_BUSY`: who holds the session and until when. */
export function sessionBusy(name: string, holder: LeaseHolder | undefined, doing = 'is in use'): RuntimeError {
  const who = holder ? ` by ${holder.owner}${holder.owner.includes(`pid ${holder.pid}`) ? '' : ` (pid ${holder.pid} on ${holder.host})`} until ${holder.expiresAt.toISOString()}` : '';
  return new RuntimeError('AS_SESSION_BUSY', `session '${name}' ${doing}${who}`, {}, {
    hint: 'wait until that run is done and try again; the lease of a holder that crashed ends when it expires, or at once when it ran on this host',
  });
}

/** What a store does for a held lease. */
export interface LeaseOps {
  /** Extend it: the new expiry, or undefined when the token no longer holds it. */
  renew(token: string, ttlMs: number): Promise<Date | undefined>;
  /** The current holder, for the message when a renewal fails. */
  holder(): Promise<LeaseHolder | undefined>;
  release(token: string): Promise<void>;
}

/** The {@link Lease} a store hands out once it recorded `holder`, renewing on a timer unless `autoRenew: false`. */
export function heldLease(name: string, holder: LeaseHolder, ttlMs: number, ops: LeaseOps, options: LeaseOptions, onEnd?: () => void): Lease {
  const controller = new AbortController();
  let expiresAt = holder.expiresAt;
  let ended = false;
  let timer: NodeJS.Timeout | undefined;
  const end = () => {
    ended = true;
    if (timer) clearInterval(timer);
    onEnd?.();
  };
  const renew = async () => {
    if (ended) throw sessionBusy(name, undefined, controller.signal.aborted ? 'was taken over by another holder' : 'is no longer leased here (released)');
    const next = await ops.renew(holder.token, ttlMs);
    if (ended && !controller.signal.aborted) return; // released while renewing
    if (next) {
      expiresAt = next;
      return;
    }
    const now = await ops.holder().catch(() => undefined);
    const error = sessionBusy(name, now, 'was taken over: it is now held');
    end();
    controller.abort(error);
    throw error;
  };
  if (options.autoRenew !== false) {
    timer = setInterval(() => void renew().catch(() => undefined), Math.max(1, Math.floor(ttlMs / 3)));
    timer.unref();
  }
  return {
    name,
    owner: holder.owner,
    token: holder.token,
    get expiresAt() {
      return expiresAt;
    },
    signal: controller.signal,
    renew,
    async release() {
      if (ended) return;
      end();
      await ops.release(holder.token);
    },
  };
}

/** Check a write of session `name` against its lease row (`current`): `lease` must still hold it, or, without one, nobody may hold it. */
export function checkFence(name: string, current: LeaseHolder | undefined, expired: boolean, lease: Lease | undefined): void {
  if (lease) {
    if (lease.name !== name) throw new RuntimeError('AS_INVALID_STATE', `a lease on session '${lease.name}' cannot write session '${name}'`);
    if (current?.token !== lease.token) throw sessionBusy(name, current, current ? 'cannot be written: the lease was taken over and it is now held' : 'cannot be written: its lease was released');
  } else if (!leaseFree(current, expired)) {
    throw sessionBusy(name, current, 'cannot be written without its lease: it is held');
  }
}
