import { createRequire } from 'node:module';
import { EvalError } from '../errors.js';

/** A prepared statement: the part of better-sqlite3's the eval package uses. */
export interface SqliteStatement {
  readonly reader: boolean;
  raw(on: boolean): { iterate(): IterableIterator<unknown[]> };
  get(...params: unknown[]): unknown;
  run(...params: unknown[]): unknown;
}

/** An SQLite database through better-sqlite3, the SQLite binding this repository uses (the session store's). */
export interface SqliteDatabase {
  prepare(sql: string): SqliteStatement;
  exec(sql: string): void;
  close(): void;
}

const require = createRequire(import.meta.url);

/** An SQLite file: read-only by default (then it must exist); `{ readonly: false }` creates it when absent. */
export function openSqlite(path: string, options: { readonly?: boolean } = {}): SqliteDatabase {
  let Database: new (path: string, options: { readonly: boolean; fileMustExist: boolean }) => SqliteDatabase;
  try {
    Database = require('better-sqlite3') as typeof Database;
  } catch (e) {
    throw new EvalError('AS_EVAL_METRIC', 'the SQL metric needs better-sqlite3, an optional peer dependency of @agentspec/eval', { hint: 'npm install better-sqlite3', cause: e });
  }
  const readonly = options.readonly ?? true;
  return new Database(path, { readonly, fileMustExist: readonly });
}
