import type { Document, Pair } from 'yaml';
import { escapeToken, parsePointer } from '../diagnostics/pointer.js';
import type { Parsed } from './parse.js';
import { lineIndex } from './positions.js';
import { yamlLib } from './yaml-lib.js';

/**
 * Find 1-based line/column for JSON Pointers into the parsed text (nearest
 * existing ancestor when absent). Lines come from a line-start index built
 * once; YAML mappings are indexed by key the first time a pointer goes
 * through them, so locating many diagnostics stays linear.
 */
export function locator(text: string, parsed: Parsed, pointers: readonly string[]): (pointer: string) => { line: number; column: number } | undefined {
  const where = parsed.where ?? lineIndex(text);
  if (parsed.format === 'yaml' && parsed.yaml) {
    const doc = parsed.yaml;
    const maps = new WeakMap<object, Map<string, Pair>>();
    return (pointer) => {
      const offset = yamlOffset(doc, parsePointer(pointer), maps);
      return offset === undefined ? undefined : where(offset);
    };
  }
  const offsets = jsonOffsets(text, pointers);
  return (pointer) => {
    let p = pointer;
    for (;;) {
      const offset = offsets.get(p);
      if (offset !== undefined) return where(offset);
      if (p === '') return undefined;
      p = p.slice(0, p.lastIndexOf('/'));
    }
  };
}

function yamlOffset(doc: Document.Parsed, tokens: string[], maps: WeakMap<object, Map<string, Pair>>): number | undefined {
  const { isMap, isScalar, isSeq } = yamlLib();
  let node: unknown = doc.contents;
  let best = rangeStart(node);
  for (const token of tokens) {
    if (isMap(node)) {
      let byKey = maps.get(node);
      if (!byKey) {
        byKey = new Map();
        for (const p of node.items) {
          const k = String(isScalar(p.key) ? p.key.value : p.key);
          if (!byKey.has(k)) byKey.set(k, p);
        }
        maps.set(node, byKey);
      }
      const pair = byKey.get(token);
      if (!pair) break;
      best = rangeStart(pair.value) ?? rangeStart(pair.key) ?? best;
      node = pair.value;
    } else if (isSeq(node)) {
      const item: unknown = node.items[Number(token)];
      if (item === undefined) break;
      best = rangeStart(item) ?? best;
      node = item;
    } else {
      break;
    }
  }
  return best;
}

function rangeStart(node: unknown): number | undefined {
  const range = (node as { range?: [number, number, number] } | undefined)?.range;
  return range?.[0];
}

/**
 * Offsets in JSON text of the values at `pointers` and their ancestors. Only
 * the branches leading to a wanted pointer are descended into; everything else
 * is skipped by a flat scan, so this stays linear whatever the document.
 */
export function jsonOffsets(text: string, pointers: readonly string[]): Map<string, number> {
  const wanted = new Set<string>();
  for (const p of pointers) {
    for (let q = p; ; q = q.slice(0, q.lastIndexOf('/'))) {
      wanted.add(q);
      if (q === '') break;
    }
  }
  const out = new Map<string, number>();
  const n = text.length;
  let i = 0;
  const ws = () => {
    while (i < n && (text[i] === ' ' || text[i] === '\n' || text[i] === '\r' || text[i] === '\t')) i++;
  };
  const skipString = () => {
    for (i++; i < n && text[i] !== '"'; i++) if (text[i] === '\\') i++;
    i++;
  };
  const readKey = (): string => {
    const start = i;
    skipString();
    try {
      return JSON.parse(text.slice(start, i)) as string;
    } catch {
      return text.slice(start + 1, i - 1);
    }
  };
  const skipValue = () => {
    let depth = 0;
    while (i < n) {
      const c = text[i];
      if (c === '"') {
        skipString();
        if (depth === 0) return;
        continue;
      }
      if (c === '{' || c === '[') depth++;
      else if (c === '}' || c === ']') {
        if (depth === 0) return;
        depth--;
        if (depth === 0) {
          i++;
          return;
        }
      } else if (depth === 0 && (c === ',' || c === ' ' || c === '\n' || c === '\r' || c === '\t')) return;
      i++;
    }
  };
  const value = (pointer: string): void => {
    ws();
    out.set(pointer, i);
    if (!wanted.has(pointer)) return skipValue();
    const c = text[i];
    if (c === '{') {
      i++;
      for (ws(); i < n && text[i] !== '}'; ws()) {
        if (text[i] !== '"') return;
        const key = readKey();
        ws();
        if (text[i] !== ':') return;
        i++;
        const child = `${pointer}/${escapeToken(key)}`;
        if (wanted.has(child)) value(child);
        else {
          ws();
          skipValue();
        }
        ws();
        if (text[i] === ',') i++;
      }
      i++;
    } else if (c === '[') {
      i++;
      let index = 0;
      for (ws(); i < n && text[i] !== ']'; ws()) {
        const child = `${pointer}/${index++}`;
        if (wanted.has(child)) value(child);
        else skipValue();
        ws();
        if (text[i] === ',') i++;
        else if (text[i] !== ']') return;
      }
      i++;
    } else {
      skipValue();
    }
  };
  value('');
  return out;
}
