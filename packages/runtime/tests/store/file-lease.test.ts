import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { acquireFileLease } from '../../src/index.js';
import { leaseChild } from './lease-processes.js';

const dir = mkdtempSync(join(tmpdir(), 'agentspec-file-lease-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let n = 0;
const fresh = () => join(dir, `session-${n++}.json`);

describe('acquireFileLease (a lock file next to a saved session)', () => {
  it('holds <file>.lock with the owner, pid, host and expiry; a second acquire is AS_SESSION_BUSY naming them; release removes the lock', async () => {
    const file = fresh();
    const lease = await acquireFileLease(file);
    const lock = JSON.parse(readFileSync(`${file}.lock`, 'utf8')) as Record<string, unknown>;
    expect(lock).toEqual({ owner: `pid ${process.pid} on ${hostname()}`, pid: process.pid, host: hostname(), token: lease.token, expiresAt: lease.expiresAt.toISOString() });
    const e = await acquireFileLease(file).catch((x: unknown) => x);
    expect(e).toMatchObject({ code: 'AS_SESSION_BUSY' });
    expect((e as Error).message).toContain(`AS_SESSION_BUSY: session '${file}' is in use by pid ${process.pid} on ${hostname()} until ${lease.expiresAt.toISOString()} (hint: wait`);
    await lease.release();
    expect(existsSync(`${file}.lock`)).toBe(false);
    await (await acquireFileLease(file)).release();
    // nothing is left in the folder but what was there
    expect(readdirSync(dir).filter((f) => f.startsWith('session-0'))).toEqual([]);
  });

  it('renew moves the expiry in the lock; an expired lock is taken over and the old holder can no longer renew', async () => {
    const file = fresh();
    const old = await acquireFileLease(file, { ttlMs: 50, autoRenew: false });
    const first = old.expiresAt.getTime();
    await sleep(5);
    await old.renew();
    expect(old.expiresAt.getTime()).toBeGreaterThan(first);
    expect(JSON.parse(readFileSync(`${file}.lock`, 'utf8')).expiresAt).toBe(old.expiresAt.toISOString());
    await sleep(120);
    const taken = await acquireFileLease(file, { owner: 'the second run' });
    await expect(old.renew()).rejects.toMatchObject({ code: 'AS_SESSION_BUSY', message: expect.stringContaining('is now held by the second run (pid ') });
    expect(old.signal.aborted).toBe(true);
    await old.release();
    expect(JSON.parse(readFileSync(`${file}.lock`, 'utf8')).token).toBe(taken.token);
    await taken.release();
  });

  it('a held lock renews itself on a timer', async () => {
    const file = fresh();
    const lease = await acquireFileLease(file, { ttlMs: 400 });
    await sleep(1_200);
    await expect(acquireFileLease(file)).rejects.toMatchObject({ code: 'AS_SESSION_BUSY' });
    await lease.release();
  });

  it('a lock that does not parse is stale; a lock in a missing folder is AS_STORE', async () => {
    const file = fresh();
    writeFileSync(`${file}.lock`, 'garbage');
    await (await acquireFileLease(file)).release();
    await expect(acquireFileLease(join(dir, 'no-such-folder', 'x.json'))).rejects.toMatchObject({ code: 'AS_STORE', message: expect.stringContaining('ENOENT') });
  });

  it('another process: refused while it holds the lock; taken at once after kill -9; removed when it exits without releasing', async () => {
    const file = fresh();
    const holder = leaseChild(`file:${file}`, 'x', 'hold');
    expect(await holder.said).toMatch(/^acquired /);
    await expect(acquireFileLease(file)).rejects.toMatchObject({ code: 'AS_SESSION_BUSY', message: expect.stringContaining(`pid ${holder.process.pid} on `) });
    holder.process.stdin?.end();
    expect(await holder.exited).toBe(0);
    expect(existsSync(`${file}.lock`)).toBe(false);

    const killed = leaseChild(`file:${file}`, 'x', 'kill');
    expect(await killed.said).toMatch(/^acquired /);
    await killed.exited;
    expect(existsSync(`${file}.lock`)).toBe(true);
    await (await acquireFileLease(file)).release();

    const exits = leaseChild(`file:${file}`, 'x', 'exit');
    expect(await exits.said).toMatch(/^acquired /);
    expect(await exits.exited).toBe(0);
    expect(existsSync(`${file}.lock`)).toBe(false);
  });

  it('processes racing for a stale lock: exactly one takes it over', async () => {
    const file = fresh();
    writeFileSync(`${file}.lock`, JSON.stringify({ owner: 'gone', pid: 1, host: 'elsewhere', token: 't', expiresAt: new Date(0).toISOString() }));
    const children = Array.from({ length: 4 }, () => leaseChild(`file:${file}`, 'x', 'hold'));
    const said = await Promise.all(children.map((c) => c.said));
    for (const c of children) c.process.stdin?.end();
    const codes = await Promise.all(children.map((c) => c.exited));
    expect(said.filter((s) => s.startsWith('acquired '))).toHaveLength(1);
    expect(codes.sort()).toEqual([0, 75, 75, 75]);
    expect(existsSync(`${file}.lock`)).toBe(false);
    expect(existsSync(`${file}.lock.takeover`)).toBe(false);
  });

  it('taking over a stale lock waits for the takeover mutex another process holds, and removes one left by a dead process', async () => {
    const file = fresh();
    const stale = JSON.stringify({ owner: 'gone', pid: 1, host: 'elsewhere', token: 't', expiresAt: new Date(0).toISOString() });
    writeFileSync(`${file}.lock`, stale);
    writeFileSync(`${file}.lock.takeover`, `${process.pid} ${hostname()}\n`);
    let acquired = false;
    const waiting = acquireFileLease(file).then((lease) => {
      acquired = true;
      return lease;
    });
    await sleep(100);
    expect(acquired).toBe(false);
    rmSync(`${file}.lock.takeover`);
    await (await waiting).release();

    const dead = spawnSync(process.execPath, ['-e', '']).pid;
    writeFileSync(`${file}.lock`, stale);
    writeFileSync(`${file}.lock.takeover`, `${dead} ${hostname()}\n`);
    await (await acquireFileLease(file)).release();
    expect(existsSync(`${file}.lock.takeover`)).toBe(false);
  });
});
