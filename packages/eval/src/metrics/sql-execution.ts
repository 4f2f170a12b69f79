import { isAbsolute, resolve } from 'node:path';
import { asText, type Metric } from './metric.js';
import { openSqlite, type SqliteDatabase } from './sqlite.js';

/** How result sets are compared: as sets of rows (BIRD's EX, the default), multisets, or ordered lists. */
export type RowComparison = 'set' | 'multiset' | 'ordered';

/** The SQL of an answer: the text, without a Markdown fence (```sql … ```) or a trailing semicolon. */
export function sqlOf(answer: unknown): string {
  const text = asText(answer).trim();
  const fenced = /```(?:sql)?\s*([\s\S]*?)```/i.exec(text);
  return (fenced ? fenced[1]! : text).trim().replace(/;\s*$/, '');
}

/**
 * Rows of one read-only statement, each as a JSON text (so rows compare by
 * value: 1 and 1.0 are equal, as SQLite's numbers are). Refuses a statement
 * that writes, and more than `maxRows` rows.
 */
export function queryRows(db: SqliteDatabase, sql: string, maxRows: number): string[] {
  const statement = db.prepare(sql);
  if (!statement.reader) throw new Error('the statement returns no rows (only queries are run)');
  const rows: string[] = [];
  for (const row of statement.raw(true).iterate()) {
    if (rows.length >= maxRows) throw new Error(`more than ${maxRows} rows`);
    rows.push(JSON.stringify(row));
  }
  return rows;
}

/** Whether two result sets are equal under `how`. */
export function sameRows(a: readonly string[], b: readonly string[], how: RowComparison): boolean {
  if (how === 'ordered') return a.length === b.length && a.every((r, i) => r === b[i]);
  if (how === 'set') {
    const sa = new Set(a);
    const sb = new Set(b);
    return sa.size === sb.size && [...sa].every((r) => sb.has(r));
  }
  const sorted = (x: readonly string[]) => [...x].sort();
  return sameRows(sorted(a), sorted(b), 'ordered');
}

/**
 * `sql_execution` (execution accuracy, EX): the predicted SQL (the answer)
 * and the gold SQL (`expected`, a text or `{ sql }`) are both run on the
 * SQLite database — the metric's `database`, else the item's, else the
 * dataset's — opened read-only; the result sets must be equal (`compare`,
 * default `set` as BIRD does). A predicted query that fails scores 0 (the
 * error is in the details); a gold query that fails is an error of the
 * dataset (thrown).
 */
export function sqlExecutionMetric(options: { database?: string; compare?: RowComparison; maxRows?: number; name?: string } = {}): Metric {
  const how = options.compare ?? 'set';
  const maxRows = options.maxRows ?? 100_000;
  return {
    name: options.name ?? 'sql_execution',
    score({ item, run, dataset }) {
      const file = options.database ?? item.database ?? dataset.database;
      if (file === undefined) throw new Error(`item ${item.id}: no SQLite database (give the dataset, the item or the metric a database)`);
      const path = isAbsolute(file) ? file : resolve(dataset.dir ?? '.', file);
      const goldSql = typeof item.expected === 'object' && item.expected !== null && 'sql' in item.expected ? sqlOf((item.expected as { sql: unknown }).sql) : sqlOf(item.expected);
      const predicted = sqlOf(run.answer);
      const db = openSqlite(path);
      try {
        let gold: string[];
        try {
          gold = queryRows(db, goldSql, maxRows);
        } catch (e) {
          throw new Error(`item ${item.id}: the gold SQL fails: ${(e as Error).message}`, { cause: e });
        }
        let rows: string[];
        try {
          rows = queryRows(db, predicted, maxRows);
        } catch (e) {
          return { score: 0, pass: false, details: { predicted, gold: goldSql, error: (e as Error).message } };
        }
        const pass = sameRows(rows, gold, how);
        return { score: pass ? 1 : 0, pass, details: { predicted, gold: goldSql, rows: rows.length, goldRows: gold.length, compare: how } };
      } finally {
        db.close();
      }
    },
  };
}
