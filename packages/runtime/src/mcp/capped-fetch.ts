import { RuntimeError, type ErrorSite } from '../errors.js';
import { DEFAULT_MAX_BODY_BYTES } from '../http/read-http-body.js';
import type { FetchLike } from '@modelcontextprotocol/sdk/shared/transport.js';

/** AS_HTTP_BODY_TOO_LARGE for an answer of the MCP server `target` (a URL or a stdio command line) over `maxBytes`. */
export function tooLargeAnswer(target: string, maxBytes: number, size: string, site: ErrorSite): RuntimeError {
  return new RuntimeError('AS_HTTP_BODY_TOO_LARGE', `an answer of the MCP server ${target} is larger than ${maxBytes} bytes (${size})`, site, {
    hint: 'raise limits.http.maxBodyBytes if such tool results are expected',
  });
}

/**
 * The fetch of a remote MCP transport with its answers capped (DESIGN §11):
 * a JSON answer longer than `maxBytes` — or one SSE event of a stream — fails
 * with AS_HTTP_BODY_TOO_LARGE as soon as the bytes read pass the cap (a
 * Content-Length above it before reading), so that a server cannot fill the
 * memory of the run with one tool result.
 */
export function cappedFetch(base: FetchLike, maxBytes: number = DEFAULT_MAX_BODY_BYTES, target: string, site: ErrorSite, onOverflow?: (error: RuntimeError) => void): FetchLike {
  const tooLarge = (size: string) => tooLargeAnswer(target, maxBytes, size, site);
  return async (url, init) => {
    const response = await base(url, init);
    if (!response.body) return response;
    const stream = (response.headers.get('content-type') ?? '').includes('text/event-stream');
    const declared = Number(response.headers.get('content-length') ?? NaN);
    if (!stream && Number.isFinite(declared) && declared > maxBytes) {
      await response.body.cancel().catch(() => undefined);
      const error = tooLarge(`Content-Length ${declared}`);
      onOverflow?.(error);
      throw error;
    }
    let size = 0;
    let tail = '';
    const capped = response.body.pipeThrough(new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        if (stream) {
          // bytes since the last event boundary (a blank line) count against the cap
          const text = tail + new TextDecoder().decode(chunk);
          const boundary = Math.max(text.lastIndexOf('\n\n'), text.lastIndexOf('\r\n\r\n'));
          size = boundary === -1 ? size + chunk.byteLength : Buffer.byteLength(text.slice(boundary));
          tail = text.slice(-3);
        } else {
          size += chunk.byteLength;
        }
        if (size <= maxBytes) return controller.enqueue(chunk);
        const error = tooLarge('stopped reading there');
        onOverflow?.(error);
        controller.error(error);
      },
    }));
    return new Response(capped, { status: response.status, statusText: response.statusText, headers: response.headers });
  };
}
