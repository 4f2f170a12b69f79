/** One server-sent event: `event: <name>` (when given) and `data: <json or text>`, then a blank line. */
export function sseEvent(data: unknown, event?: string): string {
  const text = typeof data === 'string' ? data : JSON.stringify(data);
  const lines = text.split('\n').map((line) => `data: ${line}`).join('\n');
  return `${event === undefined ? '' : `event: ${event}\n`}${lines}\n\n`;
}

/** The data of the Chat Completions end-of-stream event (`data: [DONE]`). */
export const SSE_DONE = '[DONE]';

/** Text cut into word-sized deltas (each word with the whitespace around it); joined they give the text back. */
export function splitText(text: string): string[] {
  if (text === '') return [];
  return text.match(/\s*\S+\s*/gu) ?? [text];
}

/** Tool call arguments cut into pieces of `size` characters, as a model streams them. */
export function splitArguments(text: string, size = 8): string[] {
  const chars = [...text];
  const pieces: string[] = [];
  for (let i = 0; i < chars.length; i += size) pieces.push(chars.slice(i, i + size).join(''));
  return pieces;
}
