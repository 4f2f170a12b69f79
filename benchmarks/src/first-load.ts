// First load in a fresh process (the CLI loads one document per process):
// `deserialize(text)` timed on its first call in a new `node` process, against
// `JSON.parse(text)` timed on its first call in another new process. Both
// processes import @agentspec/core and read the text the same way before the
// timed call, so the two differ only in the call timed. The clock is the one
// of measure.ts (BENCH_CLOCK=cpu: process CPU time); each figure is the fastest
// of several processes. The two processes of a pair start together (their node
// start, import and read share the cores), then time their call one after the
// other, the waiting one idle (fresh-process.ts).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inFreshProcesses } from './fresh-process.js';
import { CLOCK } from './measure.js';

const CHILD = `
import { readFileSync } from 'node:fs';
const { deserialize } = await import(process.env.BENCH_CORE);
const { whenTold } = await import(process.env.BENCH_GATE);
const text = readFileSync(process.env.BENCH_FILE, 'utf8');
await whenTold();
const now = process.env.BENCH_CLOCK === 'cpu'
  ? () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; }
  : () => Number(process.hrtime.bigint()) / 1e6;
const limits = { maxBytes: 1024 * 1024 * 1024 };
const t0 = now();
if (process.env.BENCH_WHAT === 'load') deserialize(text, { limits }); else JSON.parse(text);
const ms = now() - t0;
process.stdout.write(String(ms));
`;

const CORE = import.meta.resolve('@agentspec/core');
const GATE = new URL('./fresh-process.js', import.meta.url).href;

/** The first JSON.parse and the first deserialize of the file, each in a fresh process (ms). */
async function pair(file: string): Promise<[number, number]> {
  const child = (what: 'parse' | 'load') => ({
    args: ['--input-type=module', '-e', CHILD],
    env: { BENCH_CORE: CORE, BENCH_GATE: GATE, BENCH_FILE: file, BENCH_WHAT: what, BENCH_CLOCK: CLOCK },
    what: `the first-load child (${what})`,
  });
  const [p, l] = (await inFreshProcesses([child('parse'), child('load')], 2)).map(Number) as [number, number];
  if (!Number.isFinite(p) || !Number.isFinite(l)) throw new Error(`a first-load child printed no time: ${p}, ${l}`);
  return [p, l];
}

/**
 * Fastest first `JSON.parse` and first `deserialize` of `text`, each in its
 * own fresh process: at least `min` pairs, at most `max`, stopping once a
 * pair beat neither fastest by more than 5% (a fresh process costs a node
 * start and an import of core, ~0.1–0.3 s, whatever the document).
 */
export async function firstLoad(text: string, pairs: { readonly min: number; readonly max: number }): Promise<{ parse: number; load: number }> {
  const dir = mkdtempSync(join(tmpdir(), 'agentspec-first-load-'));
  try {
    const file = join(dir, 'doc.json');
    writeFileSync(file, text);
    let parse = Infinity;
    let load = Infinity;
    for (let i = 0; i < pairs.max; i++) {
      const [p, l] = await pair(file);
      const settled = p >= parse * 0.95 && l >= load * 0.95;
      parse = Math.min(parse, p);
      load = Math.min(load, l);
      if (i + 1 >= pairs.min && settled) break;
    }
    return { parse, load };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
