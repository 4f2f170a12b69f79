import { describe, expect, it } from 'vitest';
import { caughtExceptionInfo, caughtOutcome, isCatchable } from '../../src/semantics/catch-exception.js';
import { mergeSubflowOutputs, runBounded } from '../../src/semantics/parallel.js';
import { llmErrorDetail, openAiErrorBody } from '../../src/llm/llm-http-error.js';
import { reduce } from '../../src/semantics/map-reduce.js';
import { RuntimeError } from '../../src/errors.js';

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('runBounded', () => {
  it('keeps task order whatever order tasks finish in, and runs at most `width` at once', async () => {
    let inFlight = 0;
    let peak = 0;
    const delays = [30, 5, 20, 1, 10];
    const results = await runBounded(delays.length, 2, async (i) => {
      peak = Math.max(peak, ++inFlight);
      await wait(delays[i]!);
      inFlight--;
      return i * 10;
    });
    expect(results).toEqual([0, 10, 20, 30, 40]);
    expect(peak).toBe(2);
  });

  it('on a failure starts nothing new, waits for the running ones and throws the first failure in task order', async () => {
    const started: number[] = [];
    const finished: number[] = [];
    const run = runBounded(6, 3, async (i) => {
      started.push(i);
      await wait(i === 2 ? 1 : 15);
      if (i === 1 || i === 2) throw new Error(`task ${i}`);
      finished.push(i);
      return i;
    });
    await expect(run).rejects.toThrow('task 1');
    expect(started.sort()).toEqual([0, 1, 2]);
    expect(finished).toEqual([0]);
  });

  it('handles nothing to do and a width of 0 (one at a time)', async () => {
    expect(await runBounded(0, 4, async () => 1)).toEqual([]);
    expect(await runBounded(2, 0, async (i) => i)).toEqual([0, 1]);
  });
});

describe('ParallelFlowNode outputs', () => {
  it('are the union of the subflows\' outputs, limited to the node\'s declared outputs', () => {
    expect(mergeSubflowOutputs([{ title: 'a' }, { title: 'b' }], [{ a: 1, x: 9 }, { b: 2 }])).toEqual({ a: 1, b: 2 });
  });
});

describe('CatchExceptionNode', () => {
  const pause = Symbol('pause');
  const isPause = (e: unknown) => e === pause;
  it('catches every failure but a cancelled run and a pause', () => {
    expect(isCatchable(new RuntimeError('AS_TOOL_FAILED', 'x'), isPause)).toBe(true);
    expect(isCatchable(new RuntimeError('AS_LLM_TIMEOUT', 'x'), isPause)).toBe(true);
    expect(isCatchable(new TypeError('bug'), isPause)).toBe(true);
    expect(isCatchable(new RuntimeError('AS_CANCELLED', 'x'), isPause)).toBe(false);
    expect(isCatchable(pause, isPause)).toBe(false);
  });
  it('gives the error\'s code, message and site as info, without the hint', () => {
    const e = new RuntimeError('AS_HTTP_STATUS', 'GET http://x/y answered HTTP 503', { node: 'call' }, { hint: 'retry later' });
    expect(caughtExceptionInfo(e)).toBe("AS_HTTP_STATUS: GET http://x/y answered HTTP 503 [node 'call']");
    expect(caughtExceptionInfo(new TypeError('boom'))).toBe('TypeError: boom');
  });
  it('gives each output its default, the info, and the exception branch', () => {
    const outcome = caughtOutcome([{ title: 'answer', default: 'none' }, { title: 'list', default: [] }, { title: 'caught_exception_info', default: null }], 'AS_X: y');
    expect(outcome).toEqual({ outputs: { answer: 'none', list: [], caught_exception_info: 'AS_X: y' }, branch: 'caught_exception_branch' });
  });
});

describe('LLM failure details, the same from every client', () => {
  it('reads the OpenAI error shape, a text body, and what the openai client kept', () => {
    expect(llmErrorDetail('{"error":{"message":"internal error","type":"server_error"}}')).toBe('internal error');
    expect(llmErrorDetail('{"error":"rate limited"}')).toBe('rate limited');
    expect(llmErrorDetail('<html>Bad gateway</html>')).toBe('<html>Bad gateway</html>');
    expect(llmErrorDetail(openAiErrorBody({ error: { message: 'internal error' } }, '500 internal error'))).toBe('internal error');
    expect(llmErrorDetail(openAiErrorBody({}, '500 status code (no body)'))).toBe('status code (no body)');
  });
});

describe('reducers over long lists', () => {
  it('max and min do not spread (200,000 values)', () => {
    const values = Array.from({ length: 200_000 }, (_, i) => i);
    expect(reduce('max', values)).toBe(199_999);
    expect(reduce('min', values)).toBe(0);
  });
});
