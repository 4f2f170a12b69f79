import { readFileSync } from 'node:fs';
import { basename, dirname, extname, isAbsolute, resolve } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { EvalError } from '../errors.js';
import { checkItem, rules } from './check-item.js';
import { datasetHash, type Dataset, type EvalItem } from './dataset.js';
import { parseCsv } from './parse-csv.js';

const fail = (message: string): never => {
  throw new EvalError('AS_EVAL_DATASET', message);
};

/**
 * A dataset from a file, by extension: `.jsonl` (one item per line; blank
 * lines and lines starting with `//` skipped), `.csv` (a header row; see
 * {@link csvItem}), `.yaml`/`.yml`/`.json` (a list of items, or an object
 * `{ name?, database?, scripted?, items }`). Relative `database` paths are
 * resolved against the file's folder.
 */
export function readDataset(path: string, options: { name?: string; database?: string } = {}): Dataset {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (e) {
    return fail(`cannot read the dataset ${path}: ${(e as Error).message}`);
  }
  const dir = dirname(resolve(path));
  const ext = extname(path).toLowerCase();
  const name = options.name ?? basename(path, extname(path));
  let head: Record<string, unknown> = {};
  let items: EvalItem[];
  if (ext === '.jsonl' || ext === '.ndjson') items = jsonlItems(text, path);
  else if (ext === '.csv') items = csvItems(text, path);
  else if (ext === '.yaml' || ext === '.yml' || ext === '.json') {
    let doc: unknown;
    try {
      doc = ext === '.json' ? JSON.parse(text) : parseYaml(text);
    } catch (e) {
      return fail(`${path} does not parse: ${(e as Error).message}`);
    }
    const list = Array.isArray(doc) ? doc : (doc as { items?: unknown } | null)?.items;
    if (!Array.isArray(list)) return fail(`${path} must hold a list of items, or an object with items: [...]`);
    if (!Array.isArray(doc)) {
      head = doc as Record<string, unknown>;
      const extra = Object.keys(head).filter((k) => !['name', 'database', 'scripted', 'items', 'description'].includes(k));
      if (extra.length > 0) fail(`${path}: unknown field${extra.length > 1 ? 's' : ''} ${extra.join(', ')} (known: name, description, database, scripted, items)`);
    }
    items = list.map((raw, i) => checkItem(raw, i, `${path} item ${i}`));
  } else return fail(`${path}: a dataset is a .jsonl, .csv, .yaml, .yml or .json file`);
  const database = options.database ?? (typeof head.database === 'string' ? head.database : undefined);
  return makeDataset({
    name: typeof head.name === 'string' ? head.name : name,
    items,
    dir,
    ...(database !== undefined ? { database: isAbsolute(database) ? database : resolve(dir, database) } : {}),
    ...(head.scripted !== undefined ? { scripted: rules(head.scripted, `${path}: scripted`, fail) } : {}),
  });
}

/** A dataset from items (checked: unique ids) and its settings; what the builder and the readers end with. */
export function makeDataset(d: Omit<Dataset, 'hash'>): Dataset {
  const seen = new Set<string>();
  for (const item of d.items) {
    if (seen.has(item.id)) fail(`dataset ${d.name}: the id '${item.id}' is used by two items`);
    seen.add(item.id);
  }
  if (d.items.length === 0) fail(`dataset ${d.name} has no item`);
  return { ...d, hash: datasetHash(d.items) };
}

function jsonlItems(text: string, path: string): EvalItem[] {
  const items: EvalItem[] = [];
  text.split(/\r?\n/).forEach((line, i) => {
    if (line.trim() === '' || line.trimStart().startsWith('//')) return;
    let raw: unknown;
    try {
      raw = JSON.parse(line);
    } catch (e) {
      fail(`${path}:${i + 1}: not JSON: ${(e as Error).message}`);
    }
    items.push(checkItem(raw, items.length, `${path}:${i + 1}`));
  });
  return items;
}

/** JSON when the text parses as JSON, else the text (the CLI's rule for --input values). */
function jsonOrText(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * CSV columns: `id`, `input` (or `query`: one user message), `messages` (a
 * JSON list), `expected` (or `reference`; text as it is, except a cell
 * starting with `{` or `[` which is read as JSON), `inputs.<name>` (JSON when
 * it parses, else text), `metadata.<name>` (text), `trajectory`, `scripted`,
 * `scriptedByRepeat`, `toolResults` (JSON), `database`. Empty cells are absent.
 */
function csvItems(text: string, path: string): EvalItem[] {
  let parsed: ReturnType<typeof parseCsv>;
  try {
    parsed = parseCsv(text);
  } catch (e) {
    return fail(`${path}: ${(e as Error).message}`);
  }
  const [header, ...rows] = parsed.rows;
  if (!header) return fail(`${path} is empty`);
  return rows.map((row, r) => {
    const where = `${path}:${parsed.lines[r + 1]}`;
    if (row.length !== header.length) fail(`${where}: ${row.length} fields, the header has ${header.length}`);
    const raw: Record<string, unknown> = {};
    const inputs: Record<string, unknown> = {};
    const metadata: Record<string, unknown> = {};
    header.forEach((column, c) => {
      const cell = row[c]!;
      if (cell === '') return;
      const col = column.trim();
      if (col.startsWith('inputs.')) inputs[col.slice(7)] = jsonOrText(cell);
      else if (col.startsWith('metadata.')) metadata[col.slice(9)] = cell;
      else if (['messages', 'trajectory', 'scripted', 'scriptedByRepeat', 'toolResults'].includes(col)) {
        try {
          raw[col] = JSON.parse(cell);
        } catch (e) {
          fail(`${where}: column ${col} must hold JSON: ${(e as Error).message}`);
        }
      } else if (col === 'expected' || col === 'reference') raw[col] = /^\s*[[{]/.test(cell) ? jsonOrText(cell) : cell;
      else raw[col] = cell;
    });
    if (Object.keys(inputs).length > 0) raw.inputs = inputs;
    if (Object.keys(metadata).length > 0) raw.metadata = metadata;
    return checkItem(raw, r, where);
  });
}
