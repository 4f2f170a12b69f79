import { readFileSync } from 'node:fs';
import { deserialize, type Component } from '@agentspec/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatastore, type DatastoreConnection } from '../../src/index.js';
import { makeTestCerts, type TestCerts } from '../mcp/make-certs.js';
import { startPostgresTlsProxy } from './postgres-tls-proxy.js';

const POSTGRES = process.env.AGENTSPEC_TEST_POSTGRES_URL;
const table = `ds_${process.pid}_${Date.now().toString(36)}`;

const schema = (name: string): string => `datastore_schema:
  ${name}:
    type: object
    properties:
      key: {type: string}
      count: {type: integer}
      score: {type: number}
      done: {type: boolean}
      tags: {type: array, items: {type: string}}`;

/** A PostgresDatabaseDatastore on the test server (or the TLS front at `port`), credentials given at load as Agent Spec says. */
function postgresSpec(tls: string, target?: { port: number }, name = table): Component {
  const url = new URL(POSTGRES as string);
  const host = `${url.hostname}:${target?.port ?? url.port}${url.pathname}`;
  return deserialize(`
component_type: PostgresDatabaseDatastore
id: pg
name: pg
${schema(name)}
connection_config:
  component_type: TlsPostgresDatabaseConnectionConfig
  id: pg-conn
  name: pg conn
  user: {$component_ref: pg-conn.user}
  password: {$component_ref: pg-conn.password}
  url: "${host}"
${tls}
agentspec_version: 26.1.2
`, { components: { 'pg-conn.user': decodeURIComponent(url.username) || 'postgres', 'pg-conn.password': decodeURIComponent(url.password) } });
}

async function crud(store: DatastoreConnection, collection: string): Promise<void> {
  await store.create(collection, { key: 'a', count: 1, score: 0.5, done: false, tags: ['x'] });
  await store.create(collection, { key: 'b', count: 2 });
  expect(await store.list(collection, { key: 'a' })).toEqual([{ key: 'a', count: 1, score: 0.5, done: false, tags: ['x'] }]);
  expect(await store.update(collection, { key: 'b' }, { count: 3, done: true })).toBe(1);
  expect(await store.list(collection, { done: true })).toEqual([{ key: 'b', count: 3, done: true }]);
  expect(await store.delete(collection, { key: 'a' })).toBe(1);
  expect((await store.list(collection)).map((e) => e.key)).toEqual(['b']);
  await expect(store.create(collection, { key: 'c', colour: 'red' })).rejects.toMatchObject({ code: 'AS_DATASTORE', message: expect.stringContaining("'colour' is not a property") });
  await expect(store.create(collection, { key: 'c', count: 'many' })).rejects.toMatchObject({ code: 'AS_DATASTORE', message: expect.stringContaining("'count' is string, its property takes integer") });
  await expect(store.list('nowhere')).rejects.toMatchObject({ code: 'AS_DATASTORE', message: expect.stringContaining("collection 'nowhere'") });
}

describe('InMemoryCollectionDatastore', () => {
  it('creates, lists, updates and deletes entities checked against the entity schema', async () => {
    const store = await openDatastore(deserialize(`
component_type: InMemoryCollectionDatastore
id: mem
name: mem
${schema('items')}
agentspec_version: 26.1.2
`));
    await crud(store, 'items');
    await store.close();
  });
});

describe.skipIf(!POSTGRES)('PostgresDatabaseDatastore (AGENTSPEC_TEST_POSTGRES_URL)', () => {
  let certs: TestCerts;
  let proxy: { port: number; close(): Promise<void> };
  let mtlsProxy: { port: number; close(): Promise<void> };
  beforeAll(async () => {
    certs = makeTestCerts();
    const upstream = { host: new URL(POSTGRES as string).hostname, port: Number(new URL(POSTGRES as string).port) };
    const tls = { key: readFileSync(certs.serverKey), cert: readFileSync(certs.serverCert) };
    proxy = await startPostgresTlsProxy(upstream, tls);
    mtlsProxy = await startPostgresTlsProxy(upstream, { ...tls, ca: readFileSync(certs.caCert), requestCert: true, rejectUnauthorized: true });
  });
  afterAll(async () => {
    await proxy?.close();
    await mtlsProxy?.close();
  });

  it('creates the table of each collection and reads and writes its entities (sslmode disable)', async () => {
    const store = await openDatastore(postgresSpec('  sslmode: disable'));
    try {
      await crud(store, table);
    } finally {
      await store.close();
    }
    // the table stays: a second connection reads what the first wrote
    const again = await openDatastore(postgresSpec('  sslmode: disable'));
    expect(await again.list(table)).toEqual([{ key: 'b', count: 3, done: true }]);
    await again.close();
  });

  it('refuses an existing table that lacks a property of the entity as a column', async () => {
    const other = `${table}_narrow`;
    const narrow = deserialize(`
component_type: PostgresDatabaseDatastore
id: pg
name: pg
datastore_schema:
  ${other}: {type: object, properties: {key: {type: string}}}
connection_config:
  component_type: TlsPostgresDatabaseConnectionConfig
  id: pg-conn
  name: pg conn
  user: {$component_ref: pg-conn.user}
  password: {$component_ref: pg-conn.password}
  url: "${POSTGRES as string}"
  sslmode: disable
agentspec_version: 26.1.2
`, { components: { 'pg-conn.user': 'postgres', 'pg-conn.password': '' } });
    await (await openDatastore(narrow)).close();
    await expect(openDatastore(postgresSpec('  sslmode: disable', undefined, other))).rejects.toMatchObject({
      code: 'AS_DATASTORE', message: expect.stringContaining("it has no column 'count', 'score', 'done', 'tags'"),
    });
  });

  it('sslmode require fails on a server without TLS; prefer falls back to a plain connection', async () => {
    await expect(openDatastore(postgresSpec('  sslmode: require'))).rejects.toMatchObject({ code: 'AS_DATASTORE', message: expect.stringMatching(/does not support SSL/) });
    const store = await openDatastore(postgresSpec('  sslmode: prefer'));
    expect(await store.list(table)).toHaveLength(1);
    await store.close();
  });

  it('verify-full checks the certificate against sslrootcert and the host name; verify-ca the chain only', async () => {
    const full = await openDatastore(postgresSpec(`  sslmode: verify-full\n  sslrootcert: ${certs.caCert}`, proxy));
    expect(await full.list(table)).toHaveLength(1);
    await full.close();
    await expect(openDatastore(postgresSpec(`  sslmode: verify-full\n  sslrootcert: ${certs.otherCaCert}`, proxy))).rejects.toMatchObject({ code: 'AS_DATASTORE' });
    // the certificate names 127.0.0.1, not localhost: verify-full refuses the name, verify-ca does not look at it
    const byName = (mode: string) => {
      const s = postgresSpec(`  sslmode: ${mode}\n  sslrootcert: ${certs.caCert}`, proxy) as unknown as { connection_config: { url: string } };
      s.connection_config.url = s.connection_config.url.replace('127.0.0.1', 'localhost');
      return s as unknown as Component;
    };
    await expect(openDatastore(byName('verify-full'))).rejects.toMatchObject({ code: 'AS_DATASTORE', message: expect.stringMatching(/localhost|altnames/i) });
    const ca = await openDatastore(byName('verify-ca'));
    await ca.close();
    // require does not check the certificate
    const required = await openDatastore(postgresSpec('  sslmode: require', proxy));
    await required.close();
  });

  it('sends the client certificate of sslcert and sslkey to a server that requires one', async () => {
    const mtls = await openDatastore(postgresSpec(`  sslmode: verify-full\n  sslrootcert: ${certs.caCert}\n  sslcert: ${certs.clientCert}\n  sslkey: ${certs.clientKey}`, mtlsProxy));
    expect(await mtls.list(table)).toHaveLength(1);
    await mtls.close();
    await expect(openDatastore(postgresSpec(`  sslmode: verify-full\n  sslrootcert: ${certs.caCert}`, mtlsProxy))).rejects.toMatchObject({ code: 'AS_DATASTORE' });
  });

  it('names an unreadable certificate file', async () => {
    await expect(openDatastore(postgresSpec('  sslmode: verify-ca\n  sslrootcert: /nonexistent/ca.crt', proxy))).rejects.toMatchObject({
      code: 'AS_DATASTORE', message: expect.stringContaining('sslrootcert file /nonexistent/ca.crt cannot be read'),
    });
  });
});
