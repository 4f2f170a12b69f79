/** Agent Spec versions this library reads and writes, oldest first. */
export const SUPPORTED_VERSIONS = ['25.4.1', '25.4.2', '26.1.0', '26.1.2', '26.2.0'] as const;
export type Version = (typeof SUPPORTED_VERSIONS)[number];

/** The version written when nothing in a tree needs a newer one. */
export const BASE_VERSION: Version = '25.4.1';
export const LATEST_VERSION: Version = '26.2.0';

/** The pre-release `air_version` 25.4.0 is read as 25.4.1. */
const LEGACY: Readonly<Record<string, Version>> = { '25.4.0': '25.4.1' };

export function isVersion(value: unknown): value is Version {
  return typeof value === 'string' && (SUPPORTED_VERSIONS as readonly string[]).includes(value);
}

/** A supported version for `value` (legacy numbers mapped), or undefined. */
export function parseVersion(value: unknown): Version | undefined {
  if (isVersion(value)) return value;
  return typeof value === 'string' ? LEGACY[value] : undefined;
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
