import { readFile } from 'node:fs/promises';
import * as http from 'node:http';
import * as https from 'node:https';
import { Readable } from 'node:stream';
import type { MtlsFiles } from '@agentspec/core';
import type { FetchLike } from '@modelcontextprotocol/sdk/shared/transport.js';
import { RuntimeError, type ErrorSite } from '../errors.js';

/**
 * Read the key, certificate and CA files of an mTLS transport and build an
 * https Agent presenting that client certificate and trusting only that CA.
 * A file that cannot be read is AS_MCP naming the field and the path.
 */
export async function loadMtlsAgent(files: MtlsFiles, site: ErrorSite): Promise<https.Agent> {
  const read = async (field: keyof MtlsFiles): Promise<Buffer> => {
    const path = files[field];
    if (typeof path !== 'string' || path === '') throw new RuntimeError('AS_MCP', `the mTLS transport has no ${field}`, site);
    try {
      return await readFile(path);
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      throw new RuntimeError('AS_MCP', `cannot read the mTLS ${field} '${path}'${typeof code === 'string' ? ` (${code})` : ''}`, site, { cause: error });
    }
  };
  // read together, reported in field order (not whichever read failed first)
  const settled = await Promise.allSettled([read('key_file'), read('cert_file'), read('ca_file')]);
  const failed = settled.find((r) => r.status === 'rejected');
  if (failed) throw failed.reason;
  const [key, cert, ca] = settled.map((r) => (r as PromiseFulfilledResult<Buffer>).value);
  return new https.Agent({ key, cert, ca, keepAlive: true });
}

/**
 * A fetch built on node:http(s) that sends https requests through `agent`
 * (the global fetch cannot take client certificates). Streams the response
 * body, so it serves SSE as well; honours `init.signal`; does not follow
 * redirects (the MCP transports do that themselves).
 */
export function createAgentFetch(agent: https.Agent): FetchLike {
  return (input, init = {}) =>
    new Promise<Response>((resolve, reject) => {
      const url = new URL(String(input));
      const secure = url.protocol === 'https:';
      const headers: Record<string, string> = {};
      new Headers(init.headers).forEach((value, name) => {
        headers[name] = value;
      });
      const method = (init.method ?? 'GET').toUpperCase();
      const request = (secure ? https : http).request(
        url,
        { method, headers, ...(secure ? { agent } : {}), ...(init.signal ? { signal: init.signal } : {}) },
        (res) => {
          const status = res.statusCode ?? 0;
          const responseHeaders = new Headers();
          for (const [name, value] of Object.entries(res.headers)) {
            if (Array.isArray(value)) for (const v of value) responseHeaders.append(name, v);
            else if (value !== undefined) responseHeaders.set(name, value);
          }
          const noBody = method === 'HEAD' || status === 204 || status === 205 || status === 304;
          if (noBody) res.resume();
          const body = noBody ? null : (Readable.toWeb(res) as unknown as ReadableStream<Uint8Array>);
          try {
            resolve(new Response(body, { status, statusText: res.statusMessage ?? '', headers: responseHeaders }));
          } catch (error) {
            res.destroy();
            reject(error as Error);
          }
        },
      );
      request.on('error', reject);
      const body = init.body;
      if (body === undefined || body === null) request.end();
      else if (typeof body === 'string' || body instanceof Uint8Array) request.end(body);
      else if (body instanceof ArrayBuffer) request.end(Buffer.from(body));
      else if (body instanceof URLSearchParams) request.end(body.toString());
      else {
        request.destroy();
        reject(new TypeError('this fetch only sends string, byte and form bodies'));
      }
    });
}
