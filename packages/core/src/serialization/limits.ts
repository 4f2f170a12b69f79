/** Resource limits for loading untrusted documents; every one is an option. */
export interface Limits {
  /** Largest document accepted, in UTF-16 code units of the text. Default 256 MiB. */
  readonly maxBytes: number;
  /** Deepest nesting of arrays/objects accepted. Default 256. */
  readonly maxDepth: number;
  /** Most YAML alias expansions accepted (alias-bomb guard). Default 100. */
  readonly maxAliases: number;
}

export const DEFAULT_LIMITS: Limits = { maxBytes: 256 * 1024 * 1024, maxDepth: 256, maxAliases: 100 };

export function resolveLimits(partial?: Partial<Limits>): Limits {
  return { ...DEFAULT_LIMITS, ...partial };
}
