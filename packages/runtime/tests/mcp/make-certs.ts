import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Paths of a throwaway CA, a server certificate for 127.0.0.1 and a client certificate, all signed by that CA. */
export interface TestCerts {
  readonly dir: string;
  readonly caCert: string;
  readonly serverKey: string;
  readonly serverCert: string;
  readonly clientKey: string;
  readonly clientCert: string;
  /** A second CA that signed nothing here. */
  readonly otherCaCert: string;
}

const EC = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];

function openssl(args: string[], cwd: string): void {
  execFileSync('openssl', args, { cwd, stdio: 'pipe' });
}

/** Create the certificates with the openssl command line in a new temporary directory. */
export function makeTestCerts(): TestCerts {
  const dir = mkdtempSync(join(tmpdir(), 'agentspec-mtls-'));
  for (const ca of ['ca', 'other-ca']) openssl(['req', '-x509', ...EC, '-keyout', `${ca}.key`, '-out', `${ca}.crt`, '-days', '2', '-subj', `/CN=${ca}`], dir);
  const sign = (name: string, ext: string): void => {
    openssl(['req', ...EC, '-keyout', `${name}.key`, '-out', `${name}.csr`, '-subj', `/CN=${name}`], dir);
    openssl(['x509', '-req', '-in', `${name}.csr`, '-CA', 'ca.crt', '-CAkey', 'ca.key', '-CAcreateserial', '-out', `${name}.crt`, '-days', '2', '-extfile', ext], dir);
  };
  writeFileSync(join(dir, 'server.ext'), 'subjectAltName=IP:127.0.0.1\nextendedKeyUsage=serverAuth\n');
  writeFileSync(join(dir, 'client.ext'), 'extendedKeyUsage=clientAuth\n');
  sign('server', 'server.ext');
  sign('client', 'client.ext');
  const p = (f: string): string => join(dir, f);
  return { dir, caCert: p('ca.crt'), serverKey: p('server.key'), serverCert: p('server.crt'), clientKey: p('client.key'), clientCert: p('client.crt'), otherCaCert: p('other-ca.crt') };
}

/** https.createServer options requiring a client certificate signed by the test CA. */
export function serverTlsOptions(certs: TestCerts): { key: Buffer; cert: Buffer; ca: Buffer; requestCert: true; rejectUnauthorized: true } {
  return { key: readFileSync(certs.serverKey), cert: readFileSync(certs.serverCert), ca: readFileSync(certs.caCert), requestCert: true, rejectUnauthorized: true };
}
