/**
 * The `data:` payloads of a server-sent event stream (an LLM's streamed
 * answer), line by line as they arrive; `trailing` for a last line the stream
 * ended without a newline after.
 */
export async function* sseData(body: ReadableStream<Uint8Array>): AsyncGenerator<{ readonly data: string; readonly trailing: boolean }> {
  const decoder = new TextDecoder();
  let buffer = '';
  for await (const piece of body as unknown as AsyncIterable<Uint8Array>) {
    buffer += decoder.decode(piece, { stream: true });
    let nl: number;
    while ((nl = buffer.indexOf('\n')) >= 0) {
      const line = buffer.slice(0, nl).replace(/\r$/, '');
      buffer = buffer.slice(nl + 1);
      if (line.startsWith('data:')) yield { data: line.slice(5).trim(), trailing: false };
    }
  }
  const rest = buffer.trim();
  if (rest.startsWith('data:')) yield { data: rest.slice(5).trim(), trailing: true };
}
