/** Resource limits for loading untrusted documents; every one is an option. */
export interface Limits {
  /** Largest document accepted, in UTF-16 code units of the text. Default 256 MiB. */
  readonly maxBytes: number;
  /** Deepest nesting of arrays/objects accepted. Default 256. */
  readonly maxDepth: number;
  /** Most YAML alias expansions accepted (alias-bomb guard). Default 100. */
  readonly maxAliases: number;
  /**
   * Largest size of a YAML document once its aliases are expanded, as a
   * multiple of the text's length (scalar characters plus one per node;
   * documents up to 1 MiB expanded are always accepted). Default 10.
   */
  readonly maxExpansion: number;
}

export const DEFAULT_LIMITS: Limits = { maxBytes: 256 * 1024 * 1024, maxDepth: 256, maxAliases: 100, maxExpansion: 10 };

/** Expanded size always accepted, whatever the text's length. */
export const MIN_EXPANSION_BUDGET = 1024 * 1024;

export function resolveLimits(partial?: Partial<Limits>): Limits {
  return { ...DEFAULT_LIMITS, ...partial };
}

/** Most diagnostics a load reports by default; the rest are counted in one AS_TOO_MANY_DIAGNOSTICS. */
export const DEFAULT_MAX_DIAGNOSTICS = 1000;
