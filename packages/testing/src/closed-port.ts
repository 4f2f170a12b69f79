import { createServer } from 'node:net';

/**
 * A loopback port nothing listens on (bound on 127.0.0.1, then closed):
 * connections to it are refused — an LLM or tool endpoint that is down.
 */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as { port: number };
  await new Promise<void>((done) => server.close(() => done()));
  return port;
}
