import type { ConnectionOptions } from 'node:tls';
import { RuntimeError } from '../errors.js';
import { redactUrlsIn } from '../store/redact-url.js';
import type { DatastoreConnection, Entity, Where } from './datastore-connection.js';
import { datastoreError, unknownCollection } from './datastore-errors.js';
import { checkEntity, propertyTypes, type CollectionSchemas, type PropertySchema } from './entity-schema.js';
import { postgresTlsAttempts, type PostgresTlsFields } from './postgres-tls.js';

type Query = (sql: string, params?: unknown[]) => Promise<{ rows: Record<string, unknown>[]; rowCount: number | null }>;
interface Pool { query: Query; end(): Promise<void> }
interface PoolConfig {
  host: string; port: number; database: string; user: string; password: string; ssl: false | ConnectionOptions; max: number;
  connectionTimeoutMillis: number;
}

/** The fields of a TlsPostgresDatabaseConnectionConfig (user and password given at load: they are sensitive). */
export interface PostgresConnectionFields extends PostgresTlsFields {
  readonly user: string;
  readonly password: string;
  readonly url: string;
}

/** How long opening a connection may take. */
const CONNECT_TIMEOUT_MS = 10_000;

/** `"name"`, quoted for SQL. */
const ident = (name: string): string => `"${name.replace(/"/g, '""')}"`;

/** The SQL type of a column for a property: TEXT, BIGINT, DOUBLE PRECISION, BOOLEAN, else JSONB. */
function columnType(p: PropertySchema): string {
  const types = propertyTypes(p).filter((t) => t !== 'null');
  if (types.length !== 1) return 'JSONB';
  return { string: 'TEXT', integer: 'BIGINT', number: 'DOUBLE PRECISION', boolean: 'BOOLEAN' }[types[0] as string] ?? 'JSONB';
}

/** `host:port/db` or `postgres(ql)://host:port/db` → where to connect (credentials come from the config's own fields). */
function target(id: string, url: string): { host: string; port: number; database: string } {
  let u: URL;
  try {
    u = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(url) ? url : `postgresql://${url}`);
  } catch (e) {
    throw datastoreError(id, 'connect', `its url is not host[:port][/database] or postgresql://host[:port][/database]`, { cause: e });
  }
  if (u.protocol !== 'postgres:' && u.protocol !== 'postgresql:') throw datastoreError(id, 'connect', `its url has scheme ${u.protocol}, not postgresql:`);
  const database = decodeURIComponent(u.pathname.replace(/^\//, ''));
  return { host: u.hostname.replace(/^\[|\]$/g, ''), port: u.port ? Number(u.port) : 5432, database: database || 'postgres' };
}

/** A TLS failure worth the next attempt of a mode that has one (`allow`, `prefer`). */
const tlsRelated = (e: unknown): boolean => /\bSSL\b|\bTLS\b|encryption/i.test((e as Error)?.message ?? '');

/**
 * A PostgresDatabaseDatastore: each collection of its `datastore_schema` is
 * the table of that name, created when missing (columns by property type:
 * TEXT, BIGINT, DOUBLE PRECISION, BOOLEAN, else JSONB) and checked to have
 * every property as a column when present. TLS as `sslmode` says
 * ({@link postgresTlsAttempts}). Failures are AS_DATASTORE, URLs redacted.
 */
export async function postgresDatastore(id: string, schemas: CollectionSchemas, fields: PostgresConnectionFields): Promise<DatastoreConnection> {
  const driver = 'pg'; // a specifier in a variable: the driver is an optional peer and ships no types
  const pg = await (import(driver) as Promise<{ default: { Pool: new (config: PoolConfig) => Pool & { on(event: 'error', f: (e: Error) => void): void } } }>).catch((e: unknown) => {
    throw datastoreError(id, 'connect', `the PostgreSQL driver pg cannot be imported: ${(e as Error).message}`, { cause: e, hint: 'pnpm add pg' });
  });
  const where = target(id, fields.url);
  const guard = async <T>(what: string, f: () => Promise<T>): Promise<T> => {
    try {
      return await f();
    } catch (e) {
      if (e instanceof RuntimeError) throw e;
      throw datastoreError(id, what, redactUrlsIn((e as Error).message), { cause: e });
    }
  };
  const attempts = postgresTlsAttempts(id, fields);
  let pool: Pool | undefined;
  for (const [i, ssl] of attempts.entries()) {
    const candidate = new pg.default.Pool({ ...where, user: fields.user, password: fields.password, ssl, max: 2, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
    candidate.on('error', () => undefined); // an idle client's error: the next query reports it
    try {
      await candidate.query('SELECT 1');
      pool = candidate;
      break;
    } catch (e) {
      await candidate.end().catch(() => undefined);
      if (i < attempts.length - 1 && tlsRelated(e)) continue;
      throw datastoreError(id, `connect to ${where.host}:${where.port}/${where.database} (sslmode ${fields.sslmode ?? 'require'})`, redactUrlsIn((e as Error).message), { cause: e });
    }
  }
  const db = pool as Pool;
  const columns = new Map<string, Map<string, string>>();
  try {
    for (const [collection, properties] of Object.entries(schemas)) {
      const types = new Map(Object.entries(properties).map(([name, p]) => [name, columnType(p)]));
      columns.set(collection, types);
      await guard(`create table '${collection}'`, async () => {
        const defs = [...types].map(([name, type]) => `${ident(name)} ${type}`).join(', ');
        await db.query(`CREATE TABLE IF NOT EXISTS ${ident(collection)} (${defs})`).catch((e: unknown) => {
          // two loads creating the same table at once: one wins, the other sees it exist
          if ((e as { code?: string }).code !== '23505' && (e as { code?: string }).code !== '42P07') throw e;
        });
        const found = new Set((await db.query('SELECT column_name FROM information_schema.columns WHERE table_name = $1 AND table_schema = current_schema()', [collection])).rows.map((r) => String(r.column_name)));
        const missing = [...types.keys()].filter((c) => !found.has(c));
        if (missing.length > 0) {
          throw datastoreError(id, `use table '${collection}'`, `it has no column ${missing.map((c) => `'${c}'`).join(', ')}`, { hint: 'add the columns to the table, or drop it so that it is created from the datastore_schema' });
        }
      });
    }
  } catch (e) {
    await db.end().catch(() => undefined);
    throw e;
  }
  const typesOf = (collection: string): Map<string, string> => {
    const t = columns.get(collection);
    if (!t) throw unknownCollection(id, collection, [...columns.keys()]);
    return t;
  };
  const param = (types: Map<string, string>, name: string, value: unknown, params: unknown[]): string => {
    const json = types.get(name) === 'JSONB';
    params.push(json ? JSON.stringify(value) : value);
    return json ? `$${params.length}::jsonb` : `$${params.length}`;
  };
  const condition = (collection: string, types: Map<string, string>, w: Where | undefined, params: unknown[]): string => {
    const terms = Object.entries(w ?? {}).map(([k, v]) => {
      if (!types.has(k)) throw datastoreError(id, `read collection '${collection}'`, `'${k}' is not a property of its entity`);
      return v === null ? `${ident(k)} IS NULL` : `${ident(k)} = ${param(types, k, v, params)}`;
    });
    return terms.length > 0 ? ` WHERE ${terms.join(' AND ')}` : '';
  };
  const fromRow = (types: Map<string, string>, row: Record<string, unknown>): Entity => {
    const out: Entity = {};
    for (const [k, v] of Object.entries(row)) {
      if (v === null) continue; // a property never written reads as absent, as in the in-memory datastore
      out[k] = types.get(k) === 'BIGINT' && typeof v === 'string' ? Number(v) : v;
    }
    return out;
  };
  return {
    id,
    collections: Object.keys(schemas),
    list: (collection, w) => guard(`read collection '${collection}'`, async () => {
      const types = typesOf(collection);
      const params: unknown[] = [];
      const sql = `SELECT ${[...types.keys()].map(ident).join(', ')} FROM ${ident(collection)}${condition(collection, types, w, params)}`;
      return (await db.query(sql, params)).rows.map((r) => fromRow(types, r));
    }),
    create: (collection, entity) => guard(`write to collection '${collection}'`, async () => {
      const types = typesOf(collection);
      checkEntity(id, collection, schemas[collection] ?? {}, entity);
      const params: unknown[] = [];
      const keys = Object.keys(entity);
      const values = keys.map((k) => param(types, k, entity[k], params));
      await db.query(`INSERT INTO ${ident(collection)} (${keys.map(ident).join(', ')}) VALUES (${values.join(', ')})`, params);
    }),
    update: (collection, w, values) => guard(`write to collection '${collection}'`, async () => {
      const types = typesOf(collection);
      checkEntity(id, collection, schemas[collection] ?? {}, values);
      const params: unknown[] = [];
      const sets = Object.entries(values).map(([k, v]) => `${ident(k)} = ${param(types, k, v, params)}`);
      if (sets.length === 0) return 0;
      return (await db.query(`UPDATE ${ident(collection)} SET ${sets.join(', ')}${condition(collection, types, w, params)}`, params)).rowCount ?? 0;
    }),
    delete: (collection, w) => guard(`write to collection '${collection}'`, async () => {
      const types = typesOf(collection);
      const params: unknown[] = [];
      return (await db.query(`DELETE FROM ${ident(collection)}${condition(collection, types, w, params)}`, params)).rowCount ?? 0;
    }),
    close: () => db.end().catch(() => undefined),
  };
}
