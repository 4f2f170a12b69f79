import type { Document } from 'yaml';
import { yamlLib } from './yaml-lib.js';

export interface YamlInspection {
  /** Offsets of keys repeated in their mapping (the second and later occurrences). */
  readonly duplicates: number[];
  /**
   * Size of the document with every alias expanded: characters of scalars
   * (string values, else their source) plus one per node. Without aliases it
   * is at most about twice the text's length.
   */
  readonly expandedSize: number;
  /** Whether the nodes nest deeper than the limit given (the walk stopped there). */
  readonly tooDeep: boolean;
  /** Nodes visited and keys looked up, for tests of linearity. */
  readonly nodes: number;
  readonly keyLookups: number;
}

/**
 * One walk over the parsed YAML nodes, linear in their number: duplicate keys
 * (a Set per mapping, instead of the yaml package's quadratic `uniqueKeys`)
 * and the expanded size, an alias counting as the size of the node it names
 * (computed once, when the anchor is defined, so the walk never expands).
 */
export function inspectYaml(doc: Document.Parsed, maxDepth: number): YamlInspection {
  const { isAlias, isMap, isScalar, isSeq } = yamlLib();
  const duplicates: number[] = [];
  const anchors = new Map<string, number>();
  let nodes = 0;
  let keyLookups = 0;
  let tooDeep = false;
  const size = (node: unknown, depth: number): number => {
    if (node === null || node === undefined) return 0;
    nodes++;
    if (depth > maxDepth) {
      tooDeep = true;
      return 1;
    }
    let n = 1;
    if (isAlias(node)) {
      n = anchors.get(node.source) ?? 1;
    } else if (isScalar(node)) {
      n += typeof node.value === 'string' ? node.value.length : node.range ? node.range[1] - node.range[0] : 1;
    } else if (isMap(node)) {
      const keys = new Set<string>();
      for (const pair of node.items) {
        const key = pair.key;
        if (isScalar(key)) {
          keyLookups++;
          const k = String(key.value);
          if (keys.has(k)) duplicates.push(key.range?.[0] ?? 0);
          else keys.add(k);
        }
        n += size(key, depth + 1) + size(pair.value, depth + 1);
        if (tooDeep) return n;
      }
    } else if (isSeq(node)) {
      for (const item of node.items) {
        n += size(item, depth + 1);
        if (tooDeep) return n;
      }
    }
    const anchor = (node as { anchor?: string }).anchor;
    if (anchor) anchors.set(anchor, n);
    return n;
  };
  const expandedSize = size(doc.contents, 0);
  return { duplicates, expandedSize, tooDeep, nodes, keyLookups };
}
