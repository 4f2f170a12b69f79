import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { openSessionStore, RuntimeError, type SessionStore } from '../../src/index.js';
import { leaseChild } from './lease-processes.js';

const dir = mkdtempSync(join(tmpdir(), 'agentspec-leases-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const saved = { runtime: 'reference', format: 1, state: { step: 1 } };
const session = (name: string, step: number) => ({ name, runtime: 'reference', specHash: 'h', saved: { ...saved, state: { step } } });

/** The rejection of `p`, which must be a coded AS_SESSION_BUSY error. */
async function busy(p: Promise<unknown>): Promise<RuntimeError> {
  const e = await p.then(() => undefined, (x: unknown) => x);
  expect(e).toBeInstanceOf(RuntimeError);
  expect(e).toMatchObject({ code: 'AS_SESSION_BUSY' });
  return e as RuntimeError;
}

const pg = process.env.AGENTSPEC_TEST_POSTGRES_URL;
const STORES = [
  { kind: 'SQLite', target: join(dir, 'sessions.db'), skip: false },
  { kind: 'PostgreSQL (AGENTSPEC_TEST_POSTGRES_URL)', target: pg ?? '', skip: !pg },
];

describe.each(STORES)('session leases: $kind', ({ target, skip }) => {
  let n = 0;
  /** A fresh session name (PostgreSQL databases are shared between runs). */
  const fresh = () => `lease-${process.pid}-${Date.now()}-${n++}`;
  /** Two connections, as two processes would have. */
  const both = async <T>(f: (a: SessionStore, b: SessionStore) => Promise<T>): Promise<T> => {
    const a = await openSessionStore(target);
    const b = await openSessionStore(target);
    try {
      return await f(a, b);
    } finally {
      await a.close();
      await b.close();
    }
  };

  it.skipIf(skip)('a held lease refuses a second acquire with AS_SESSION_BUSY naming the session, the holder and the expiry; release frees it', async () => {
    await both(async (a, b) => {
      const name = fresh();
      const lease = await a.acquire(name, { owner: 'worker 7' });
      expect(lease).toMatchObject({ name, owner: 'worker 7' });
      expect(lease.expiresAt.getTime()).toBeGreaterThan(Date.now());
      const e = await busy(b.acquire(name));
      expect(e.message).toContain(`session '${name}' is in use by worker 7 (pid ${process.pid} on `);
      expect(e.message).toContain(`until ${lease.expiresAt.toISOString()}`);
      expect(e.hint).toMatch(/try again/);
      await lease.release();
      await lease.release();
      const second = await b.acquire(name);
      expect(second.owner).toBe(`pid ${process.pid} on ${(await import('node:os')).hostname()}`);
      expect(second.token).not.toBe(lease.token);
      await second.release();
    });
  });

  it.skipIf(skip)('concurrent acquires of one session: exactly one wins', async () => {
    const stores = await Promise.all(Array.from({ length: 4 }, () => openSessionStore(target)));
    try {
      const name = fresh();
      const results = await Promise.allSettled(stores.map((s) => s.acquire(name)));
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      for (const r of results) if (r.status === 'rejected') expect(r.reason).toMatchObject({ code: 'AS_SESSION_BUSY' });
    } finally {
      for (const s of stores) await s.close();
    }
  });

  it.skipIf(skip)('an expired lease is taken over; the old holder can then neither renew nor write (fencing)', async () => {
    await both(async (a, b) => {
      const name = fresh();
      const old = await a.acquire(name, { ttlMs: 50, autoRenew: false });
      await old.renew();
      await a.put(session(name, 1), { lease: old });
      await sleep(120);
      const taken = await b.acquire(name);
      const e = await busy(a.put(session(name, 2), { lease: old }));
      expect(e.message).toMatch(new RegExp(`session '${name}' cannot be written: the lease was taken over and it is now held by pid ${process.pid} on `));
      await busy(old.renew());
      expect(old.signal.aborted).toBe(true);
      await old.release(); // does not remove the new holder's lease
      await busy(a.acquire(name));
      await b.put(session(name, 3), { lease: taken });
      expect((await a.get(name))?.saved.state).toEqual({ step: 3 });
      await taken.release();
    });
  });

  it.skipIf(skip)('a held lease renews itself on a timer, so it outlives its ttl', async () => {
    await both(async (a, b) => {
      const name = fresh();
      const lease = await a.acquire(name, { ttlMs: 400 });
      const first = lease.expiresAt.getTime();
      await sleep(1_200);
      await busy(b.acquire(name));
      expect(lease.expiresAt.getTime()).toBeGreaterThan(first);
      await lease.release();
    });
  });

  it.skipIf(skip)('writes of a leased session: without the lease refused while another holds it; with a released lease refused; free again after release', async () => {
    await both(async (a, b) => {
      const name = fresh();
      await a.put(session(name, 1));
      const lease = await a.acquire(name);
      const e = await busy(b.put(session(name, 2)));
      expect(e.message).toContain(`session '${name}' cannot be written without its lease: it is held by`);
      await busy(b.delete(name));
      const other = fresh();
      await expect(a.put(session(other, 1), { lease })).rejects.toMatchObject({ code: 'AS_INVALID_STATE' });
      await a.put(session(name, 4), { lease });
      await lease.release();
      await busy(a.put(session(name, 5), { lease }));
      expect((await b.get(name))?.saved.state).toEqual({ step: 4 });
      await b.put(session(name, 6));
      expect(await b.delete(name)).toBe(true);
    });
  });

  it.skipIf(skip)('closing a store releases the leases taken through it', async () => {
    await both(async (_a, b) => {
      const name = fresh();
      const c = await openSessionStore(target);
      await c.acquire(name);
      await c.close();
      await (await b.acquire(name)).release();
    });
  });

  it.skipIf(skip)('another process: its lease refuses this one while it holds it, and is taken over at once after kill -9 (its pid is gone)', async () => {
    const name = fresh();
    const holder = leaseChild(target, name, 'hold');
    expect(await holder.said).toMatch(/^acquired /);
    const store = await openSessionStore(target);
    try {
      const e = await busy(store.acquire(name));
      expect(e.message).toContain(`pid ${holder.process.pid} on `);
      holder.process.stdin?.end();
      expect(await holder.exited).toBe(0);
      await (await store.acquire(name)).release();

      // a holder killed while holding a 10-minute lease: nobody releases it, but its pid is gone from this host
      const killed = leaseChild(target, name, 'kill');
      expect(await killed.said).toMatch(/^acquired /);
      await killed.exited;
      const lease = await store.acquire(name);
      await store.put(session(name, 7), { lease });
      await lease.release();
    } finally {
      await store.close();
    }
  });

  it.skipIf(skip)('processes racing for one session: exactly one acquires, the others get AS_SESSION_BUSY', async () => {
    const name = fresh();
    const children = Array.from({ length: 4 }, () => leaseChild(target, name, 'hold'));
    const said = await Promise.all(children.map((c) => c.said));
    for (const c of children) c.process.stdin?.end();
    const codes = await Promise.all(children.map((c) => c.exited));
    expect(said.filter((s) => s.startsWith('acquired '))).toHaveLength(1);
    expect(said.filter((s) => s.startsWith('AS_SESSION_BUSY '))).toHaveLength(3);
    expect(codes.sort()).toEqual([0, 75, 75, 75]);
  });
});

it('a ttl that is not a whole number of milliseconds >= 1 is AS_OPTIONS_INVALID', async () => {
  const store = await openSessionStore(join(dir, 'ttl.db'));
  try {
    await expect(store.acquire('x', { ttlMs: 0 })).rejects.toMatchObject({ code: 'AS_OPTIONS_INVALID' });
  } finally {
    await store.close();
  }
});
