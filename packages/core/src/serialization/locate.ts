import { isMap, isScalar, isSeq, type Document } from 'yaml';
import { escapeToken, parsePointer } from '../diagnostics/pointer.js';
import type { Parsed } from './parse.js';
import { lineColumn } from './positions.js';

/** Find 1-based line/column for JSON Pointers into the parsed text (nearest existing ancestor when absent). */
export function locator(text: string, parsed: Parsed): (pointer: string) => { line: number; column: number } | undefined {
  if (parsed.format === 'yaml' && parsed.yaml) {
    const doc = parsed.yaml;
    return (pointer) => {
      const offset = yamlOffset(doc, parsePointer(pointer));
      return offset === undefined ? undefined : lineColumn(text, offset);
    };
  }
  let offsets: Map<string, number> | undefined;
  return (pointer) => {
    offsets ??= jsonOffsets(text);
    let p = pointer;
    for (;;) {
      const offset = offsets.get(p);
      if (offset !== undefined) return lineColumn(text, offset);
      if (p === '') return undefined;
      p = p.slice(0, p.lastIndexOf('/'));
    }
  };
}

function yamlOffset(doc: Document.Parsed, tokens: string[]): number | undefined {
  let node: unknown = doc.contents;
  let best = rangeStart(node);
  for (const token of tokens) {
    if (isMap(node)) {
      const pair = node.items.find((p) => String(isScalar(p.key) ? p.key.value : p.key) === token);
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
 * Offsets of every value in JSON text keyed by JSON Pointer. Called only when
 * there are diagnostics to place, so it favours simplicity over speed.
 */
export function jsonOffsets(text: string): Map<string, number> {
  const out = new Map<string, number>();
  let i = 0;
  const ws = () => {
    while (i < text.length && /\s/.test(text[i] as string)) i++;
  };
  const str = (): string => {
    const start = i;
    i++;
    while (i < text.length && text[i] !== '"') i += text[i] === '\\' ? 2 : 1;
    i++;
    try {
      return JSON.parse(text.slice(start, i)) as string;
    } catch {
      return text.slice(start + 1, i - 1);
    }
  };
  const value = (pointer: string, depth: number): void => {
    ws();
    out.set(pointer, i);
    const c = text[i];
    if (depth > 512) return;
    if (c === '{') {
      i++;
      ws();
      while (i < text.length && text[i] !== '}') {
        ws();
        if (text[i] !== '"') return;
        const key = str();
        ws();
        i++; // ':'
        value(`${pointer}/${escapeToken(key)}`, depth + 1);
        ws();
        if (text[i] === ',') i++;
        ws();
      }
      i++;
    } else if (c === '[') {
      i++;
      let index = 0;
      ws();
      while (i < text.length && text[i] !== ']') {
        value(`${pointer}/${index++}`, depth + 1);
        ws();
        if (text[i] === ',') i++;
        ws();
      }
      i++;
    } else if (c === '"') {
      str();
    } else {
      while (i < text.length && !/[\s,\]}]/.test(text[i] as string)) i++;
    }
  };
  value('', 0);
  return out;
}
