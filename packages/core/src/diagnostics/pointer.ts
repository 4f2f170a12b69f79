/** Escape one JSON Pointer reference token (RFC 6901). */
export function escapeToken(token: string | number): string {
  const s = String(token);
  return s.includes('~') || s.includes('/') ? s.replace(/~/g, '~0').replace(/\//g, '~1') : s;
}

/** Append a token to a pointer. */
export function child(pointer: string, token: string | number): string {
  return `${pointer}/${escapeToken(token)}`;
}

/** Split a pointer into unescaped tokens. */
export function parsePointer(pointer: string): string[] {
  if (pointer === '') return [];
  return pointer
    .slice(1)
    .split('/')
    .map((t) => t.replace(/~1/g, '/').replace(/~0/g, '~'));
}
