import { randomBytes } from 'node:crypto';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/**
 * A fresh id such as `chatcmpl-…`, `call_…`, `resp_…`, `msg_…`, `fc_…`.
 * Random (not counted) so that ids never collide with those of an earlier
 * server in a resumed conversation.
 */
export function newId(prefix: string, length = 24): string {
  const bytes = randomBytes(length);
  let id = '';
  for (const byte of bytes) id += ALPHABET[byte % ALPHABET.length];
  return `${prefix}${id}`;
}
