import { describe, expect, it } from 'vitest';
import { closureValue, closureValues } from '../../src/import/index.js';

// Module-level bindings a function uses, and one made per call: what an importer reads without running anything.
const settings = { model: 'gpt-4.1-mini', temperature: 0.2 };
const limit = 3;
let calls = 0;
function answer(question: string): string {
  calls++;
  return `${question} ${settings.model} ${limit}`;
}

function makeCounter(start: number): () => number {
  let count = start;
  const step = 2;
  return () => (count += step);
}

describe('closureValue / closureValues: what a function sees, read through the inspector', () => {
  it('reads module bindings a function uses, the objects themselves, without calling it', async () => {
    expect(await closureValue(answer, 'settings')).toBe(settings);
    expect(await closureValue(answer, 'limit')).toBe(3);
    expect(calls).toBe(0);
  });

  it('reads closure variables, innermost first; several in one session, only those found', async () => {
    const counter = makeCounter(10);
    const found = await closureValues(counter, ['count', 'step', 'missing']);
    expect([...found.entries()]).toEqual([['count', 10], ['step', 2]]);
    counter();
    expect(await closureValue(counter, 'count')).toBe(12);
  });

  it('reads nothing from what is not a function, and never a global', async () => {
    expect(await closureValue({}, 'settings')).toBeUndefined();
    expect((await closureValues(answer, ['process', 'globalThis'])).size).toBe(0);
  });
});
