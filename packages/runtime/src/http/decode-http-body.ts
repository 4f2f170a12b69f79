/**
 * The value of a response body (DESIGN §4.2): parsed JSON when the content
 * type says JSON (`application/json`, `…+json`) or when the text is a JSON
 * object or array whatever the content type; otherwise the text itself (a
 * JSON-typed body that does not parse is returned as text too).
 */
export function decodeHttpBody(text: string, contentType: string | null | undefined): unknown {
  const trimmed = text.trim();
  if (!isJsonContentType(contentType) && !(trimmed.startsWith('{') || trimmed.startsWith('['))) return text;
  if (trimmed === '') return text;
  try {
    return JSON.parse(trimmed) as unknown;
  } catch {
    return text;
  }
}

/** A short, single-line excerpt of a body for error messages. */
export function bodyExcerpt(text: string, max = 200): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > max ? `${line.slice(0, max)}…` : line;
}

/** Whether a content type is JSON: `application/json`, `text/json` or `…+json`, whatever its parameters. */
export function isJsonContentType(contentType: string | null | undefined): boolean {
  const type = contentType?.split(';', 1)[0]?.trim().toLowerCase() ?? '';
  return type === 'application/json' || type.endsWith('+json') || type === 'text/json';
}
