import { RuntimeError, type ErrorSite } from '../errors.js';

/** Bytes of a response body read at most (`limits.http.maxBodyBytes`). */
export const DEFAULT_MAX_BODY_BYTES = 10 * 1024 * 1024;

/** What to do with a body longer than the cap: fail (a result) or keep its start (an error body, only excerpted). */
export type OverCap = 'fail' | 'truncate';

/**
 * The text (UTF-8) of a response body, reading at most `maxBytes` bytes
 * (DESIGN §11): a Content-Length above the cap is refused before reading,
 * and reading stops as soon as the bytes streamed pass it. Over the cap:
 * AS_HTTP_BODY_TOO_LARGE, or with 'truncate' the text of the first
 * `maxBytes` bytes. The rest of the body is never read.
 */
export async function readHttpBody(response: Response, maxBytes: number, overCap: OverCap, what: string, site: ErrorSite): Promise<string> {
  const tooLarge = (size: string): RuntimeError =>
    new RuntimeError('AS_HTTP_BODY_TOO_LARGE', `the body of ${what} is larger than ${maxBytes} bytes (${size})`, site, {
      hint: 'raise limits.http.maxBodyBytes if such answers are expected',
    });
  const declared = Number(response.headers.get('content-length') ?? NaN);
  if (overCap === 'fail' && Number.isFinite(declared) && declared > maxBytes) {
    await response.body?.cancel().catch(() => undefined);
    throw tooLarge(`Content-Length ${declared}`);
  }
  if (!response.body) return '';
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let text = '';
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    const room = maxBytes - total;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel().catch(() => undefined);
      if (overCap === 'fail') throw tooLarge('stopped reading there');
      return text + decoder.decode(value.subarray(0, room));
    }
    text += decoder.decode(value, { stream: true });
  }
  return text + decoder.decode();
}
