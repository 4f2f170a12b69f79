import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openSessionStore, storeLocation, type SessionStore } from '../../src/index.js';

const dir = mkdtempSync(join(tmpdir(), 'agentspec-store-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const saved = { runtime: 'reference', format: 1, state: { step: 2 } };

async function roundTrip(open: () => Promise<SessionStore>, name: string): Promise<void> {
  const store = await open();
  try {
    await store.delete(name);
    expect(await store.get(name)).toBeUndefined();
    await store.put({ name, runtime: 'reference', specHash: 'h1', saved });
    await store.put({ name, runtime: 'langgraph', specHash: 'h2', saved: { ...saved, runtime: 'langgraph' } });
  } finally {
    await store.close();
  }
  // another connection (as another process would open it) reads what the first wrote, the last write winning
  const again = await open();
  try {
    expect(await again.get(name)).toMatchObject({ name, runtime: 'langgraph', specHash: 'h2', saved: { runtime: 'langgraph', state: { step: 2 } } });
    expect((await again.list()).map((s) => s.name)).toContain(name);
    expect(await again.delete(name)).toBe(true);
    expect(await again.delete(name)).toBe(false);
  } finally {
    await again.close();
  }
}

describe('session stores', () => {
  it('SQLite: a file (created with its folder) keeps named sessions across connections', async () => {
    const path = join(dir, 'nested', 'sessions.db');
    await roundTrip(() => openSessionStore(path), 'visit-1');
    expect(storeLocation('x/sessions.db', '/work')).toEqual({ kind: 'sqlite', path: '/work/x/sessions.db' });
    expect(storeLocation('postgres://u:p@h/db')).toEqual({ kind: 'postgres', url: 'postgres://u:p@h/db' });
  });

  it('SQLite: a file that is not a database is a coded AS_STORE error', async () => {
    const path = join(dir, 'not-a-db.db');
    writeFileSync(path, 'plain text, not SQLite '.repeat(100));
    await expect(openSessionStore(path)).rejects.toMatchObject({ code: 'AS_STORE' });
  });

  const url = process.env.AGENTSPEC_TEST_POSTGRES_URL;
  it.skipIf(!url)('PostgreSQL: a database keeps named sessions across connections (AGENTSPEC_TEST_POSTGRES_URL)', async () => {
    await roundTrip(() => openSessionStore(url as string), `visit-${process.pid}`);
  });

  it('PostgreSQL: an unreachable server is a coded AS_STORE error naming it without its password', async () => {
    const error = await openSessionStore('postgres://me:secret@127.0.0.1:1/none').catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'AS_STORE' });
    expect((error as Error).message).not.toContain('secret');
  });

  it('PostgreSQL: secrets in the query (password, sslpassword) are not in the error either', async () => {
    const error = await openSessionStore('postgres://me@127.0.0.1:1/none?password=s3cret&sslpassword=k3y&application_name=as').catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'AS_STORE' });
    const text = `${(error as Error).message} ${JSON.stringify(error)}`;
    expect(text).not.toMatch(/s3cret|k3y/);
    expect(text).toContain('application_name=as');
  });
});
