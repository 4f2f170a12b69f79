/**
 * Known gaps (CASES.md): `known-gaps/<runtime>.yaml` lists the cases a
 * runtime is known to fail, each with the reason. A listed case that passes
 * is a stale gap; a listed case that does not exist is an error.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { pointer, Problems } from './check.js';

export interface KnownGap {
  readonly case: string;
  readonly reason: string;
}

export interface KnownGaps {
  readonly file: string;
  /** Case id → reason. */
  readonly gaps: ReadonlyMap<string, string>;
  /** Everything wrong with the file, each naming it. */
  readonly problems: readonly string[];
}

/** Reads `<dir>/<runtime>.yaml`; a missing file means no known gaps. */
export function readKnownGaps(dir: string, runtime: string): KnownGaps {
  const file = join(dir, `${runtime}.yaml`);
  const gaps = new Map<string, string>();
  if (!existsSync(file)) return { file, gaps, problems: [] };
  const p = new Problems();
  let value: unknown;
  try {
    value = parse(readFileSync(file, 'utf8'), { maxAliasCount: 100 }) ?? [];
  } catch (e) {
    return { file, gaps, problems: [`${file}: ${(e as Error).message.replace(/\s+/g, ' ')}`] };
  }
  const listed = new Set<string>();
  for (const [i, entry] of (p.array(value, '') ?? []).entries()) {
    const at = pointer('', i);
    const o = p.object(entry, at, ['case', 'reason'], ['case', 'reason']);
    const id = o ? p.string(o.case, pointer(at, 'case')) : undefined;
    const reason = o ? p.string(o.reason, pointer(at, 'reason')) : undefined;
    if (reason !== undefined && reason.trim() === '') p.add(pointer(at, 'reason'), 'must say why');
    if (id === undefined) continue;
    if (listed.has(id)) p.add(pointer(at, 'case'), `'${id}' is listed twice`);
    listed.add(id);
    if (reason !== undefined) gaps.set(id, reason);
  }
  return { file, gaps, problems: p.list.map((problem) => `${file}: ${problem}`) };
}
