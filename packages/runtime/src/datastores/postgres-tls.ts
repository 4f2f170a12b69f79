import { readFileSync } from 'node:fs';
import type { ConnectionOptions } from 'node:tls';
import { datastoreError } from './datastore-errors.js';

/** The `sslmode` values of a TlsPostgresDatabaseConnectionConfig (libpq's). */
export type SslMode = 'disable' | 'allow' | 'prefer' | 'require' | 'verify-ca' | 'verify-full';

/** The TLS fields of a TlsPostgresDatabaseConnectionConfig. */
export interface PostgresTlsFields {
  readonly sslmode?: SslMode;
  readonly sslcert?: string | null;
  readonly sslkey?: string | null;
  readonly sslrootcert?: string | null;
  readonly sslcrl?: string | null;
}

/**
 * How a connection is tried, in order (libpq's meaning of `sslmode`, which
 * `pg` does not have): `false` plain, an object TLS with those options.
 * `disable` plain only; `allow` plain, then TLS if the server refuses it;
 * `prefer` TLS, then plain if the server has no TLS; `require` TLS without
 * checking the certificate (checked against `sslrootcert` when one is given,
 * as libpq does); `verify-ca` TLS with the certificate chain checked;
 * `verify-full` also the host name. `sslcert`/`sslkey` are the client
 * certificate, `sslrootcert` the CAs (default: Node's), `sslcrl` a revocation
 * list. Default mode `require` (the spec's default).
 */
export function postgresTlsAttempts(id: string, fields: PostgresTlsFields): (false | ConnectionOptions)[] {
  const mode = fields.sslmode ?? 'require';
  const read = (what: string, path: string | null | undefined): Buffer | undefined => {
    if (!path) return undefined;
    try {
      return readFileSync(path);
    } catch (e) {
      throw datastoreError(id, 'connect', `its ${what} file ${path} cannot be read: ${(e as Error).message}`, { cause: e });
    }
  };
  const client = { ...optional('cert', read('sslcert', fields.sslcert)), ...optional('key', read('sslkey', fields.sslkey)) };
  const ca = read('sslrootcert', fields.sslrootcert);
  const crl = read('sslcrl', fields.sslcrl);
  const verified = (checkHost: boolean): ConnectionOptions => ({
    ...client, ...optional('ca', ca), ...optional('crl', crl), rejectUnauthorized: true,
    ...(checkHost ? {} : { checkServerIdentity: () => undefined }),
  });
  const unverified: ConnectionOptions = { ...client, rejectUnauthorized: false };
  switch (mode) {
    case 'disable': return [false];
    case 'allow': return [false, unverified];
    case 'prefer': return [unverified, false];
    case 'require': return [ca ? verified(false) : unverified];
    case 'verify-ca': return [verified(false)];
    case 'verify-full': return [verified(true)];
    default: throw datastoreError(id, 'connect', `sslmode '${String(mode)}' is not one of disable, allow, prefer, require, verify-ca, verify-full`);
  }
}

function optional<K extends string>(key: K, value: Buffer | undefined): Partial<Record<K, Buffer>> {
  return value === undefined ? {} : ({ [key]: value } as Record<K, Buffer>);
}
