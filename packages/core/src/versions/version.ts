/** Agent Spec versions this library reads and writes, oldest first (every released version). */
export const SUPPORTED_VERSIONS = ['25.4.1', '25.4.2', '26.1.0', '26.1.2', '26.3.1'] as const;
export type Version = (typeof SUPPORTED_VERSIONS)[number];

/** The version written when nothing in a tree needs a newer one. */
export const BASE_VERSION: Version = '25.4.1';
/** The latest released version. */
export const LATEST_VERSION: Version = '26.3.1';

/**
 * Version numbers read as another: the pre-release `air_version` 25.4.0 is
 * 25.4.1; 26.2.0, never released, is what pyagentspec 26.3.1 stamps for
 * 26.3.1 (its version enum ends at 26.2.0), so it reads as 26.3.1.
 */
export const VERSION_ALIASES: Readonly<Record<string, Version>> = { '25.4.0': '25.4.1', '26.2.0': '26.3.1' };

/**
 * Versions in development, read with the gates of the latest release and a
 * warning (AS_VERSION_AHEAD): what they add is read as unknown.
 */
export const DEVELOPMENT_VERSIONS: Readonly<Record<string, Version>> = { '26.4.0': '26.3.1' };

export function isVersion(value: unknown): value is Version {
  return typeof value === 'string' && (SUPPORTED_VERSIONS as readonly string[]).includes(value);
}

/** A supported version for `value` (aliases mapped), or undefined. Development versions are not parsed here. */
export function parseVersion(value: unknown): Version | undefined {
  if (isVersion(value)) return value;
  return typeof value === 'string' && Object.hasOwn(VERSION_ALIASES, value) ? VERSION_ALIASES[value] : undefined;
}

export function compareVersions(a: Version, b: Version): number {
  return SUPPORTED_VERSIONS.indexOf(a) - SUPPORTED_VERSIONS.indexOf(b);
}

export function maxVersion(a: Version, b: Version): Version {
  return compareVersions(a, b) >= 0 ? a : b;
}

export function minVersion(a: Version, b: Version): Version {
  return compareVersions(a, b) <= 0 ? a : b;
}
