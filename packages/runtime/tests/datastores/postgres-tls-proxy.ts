import { connect, createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { TLSSocket, type TLSSocketOptions } from 'node:tls';

/** PostgreSQL's SSLRequest and GSSENCRequest codes (the first 8 bytes a client may send). */
const SSL_REQUEST = 80877103;
const GSSENC_REQUEST = 80877104;

/**
 * A TLS front for a real PostgreSQL server without TLS (the test server's):
 * it answers a client's SSLRequest with `S`, does the TLS handshake with
 * `tls` (its certificate, and a client certificate required when it says so),
 * then relays the decrypted bytes to the server. A client that does not ask
 * for TLS is closed on: this front only takes TLS.
 */
export async function startPostgresTlsProxy(upstream: { host: string; port: number }, tls: TLSSocketOptions): Promise<{ port: number; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    let buffered = Buffer.alloc(0);
    const onData = (chunk: Buffer): void => {
      buffered = Buffer.concat([buffered, chunk]);
      while (buffered.length >= 8) {
        const code = buffered.readUInt32BE(4);
        if (code === GSSENC_REQUEST) {
          buffered = buffered.subarray(8);
          socket.write('N');
          continue;
        }
        socket.off('data', onData);
        if (code !== SSL_REQUEST) return void socket.destroy();
        socket.write('S');
        const secure = new TLSSocket(socket, { ...tls, isServer: true });
        secure.on('error', () => socket.destroy());
        const server = connect(upstream.port, upstream.host);
        server.on('error', () => secure.destroy());
        secure.pipe(server).pipe(secure);
        return;
      }
    };
    socket.on('data', onData);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    close: () => new Promise<void>((resolve) => {
      for (const s of sockets) s.destroy();
      server.close(() => resolve());
    }),
  };
}
