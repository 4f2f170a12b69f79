import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';

/** The ```ts blocks of a README, in order. */
export function readmeBlocks(readme: URL): string[] {
  return [...readFileSync(readme, 'utf8').matchAll(/```ts\n([\s\S]*?)```/g)].map((m) => m[1] ?? '');
}

/**
 * Run one README example as written: `code` is written to `file` (inside the
 * package, so that its package imports resolve as they do for a user) and
 * imported; what it prints with `console.log` comes back, one string per call
 * (non-string arguments as JSON).
 */
export async function runReadmeBlock(code: string, file: URL): Promise<string[]> {
  mkdirSync(new URL('./', file), { recursive: true });
  writeFileSync(file, code);
  const lines: string[] = [];
  const log = console.log;
  console.log = (...a: unknown[]) => void lines.push(a.map((x) => (typeof x === 'string' ? x : JSON.stringify(x))).join(' '));
  try {
    await import(/* @vite-ignore */ file.href);
  } finally {
    console.log = log;
  }
  return lines;
}
