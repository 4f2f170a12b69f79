import { describe, expect, it } from 'vitest';
import type { RunStatus } from '@agentspec/runtime';
import { firstDifference, firstSubsetDifference } from '../src/compare.js';
import { checkStep } from '../src/expectations.js';

describe('firstDifference', () => {
  it('finds the first differing key, extra keys and list lengths, with escaped pointers', () => {
    expect(firstDifference({ a: 1, b: { c: [1, 2] } }, { a: 1, b: { c: [1, 2] } })).toBeUndefined();
    expect(firstDifference({ a: 1, b: 2 }, { a: 2, b: 3 })).toEqual({ path: '/a', expected: 1, actual: 2 });
    expect(firstDifference({ a: 1 }, { a: 1, z: 0 })).toEqual({ path: '/z', expected: undefined, actual: 0 });
    expect(firstDifference({ a: 1, b: 2 }, { a: 1 })).toEqual({ path: '/b', expected: 2, actual: undefined });
    expect(firstDifference([1, 2], [1])).toEqual({ path: '/1', expected: 2, actual: undefined });
    expect(firstDifference([1], [1, 5])).toEqual({ path: '/1', expected: undefined, actual: 5 });
    expect(firstDifference({ 'a/b': { '~': 1 } }, { 'a/b': { '~': 2 } })).toEqual({ path: '/a~1b/~0', expected: 1, actual: 2 });
  });

  it('compares after a JSON round trip, numbers exactly', () => {
    expect(firstDifference({ n: 180 }, { n: 180.0, gone: undefined })).toBeUndefined();
    expect(firstDifference({ d: '1970-01-01T00:00:00.000Z' }, { d: new Date(0) })).toBeUndefined();
    expect(firstDifference({ n: 180 }, { n: '180' })).toEqual({ path: '/n', expected: 180, actual: '180' });
    expect(firstDifference({ n: 0.3 }, { n: 0.1 + 0.2 })).toEqual({ path: '/n', expected: 0.3, actual: 0.30000000000000004 });
  });

  it('subset: keys the expectation omits are not checked, list lengths are', () => {
    expect(firstSubsetDifference({ type: 'object' }, { type: 'object', additionalProperties: false })).toBeUndefined();
    expect(firstSubsetDifference({ required: ['a'] }, { required: ['a', 'b'] })).toEqual({ path: '/required/1', expected: undefined, actual: 'b' });
  });
});

const messages = [
  { role: 'user' as const, content: 'What is 30x6?' },
  { role: 'assistant' as const, content: '', toolCalls: [{ id: 'call_1', name: 'multiply', args: { a: 30, b: 6 } }] },
  { role: 'tool' as const, content: '180', toolCallId: 'call_1' },
  { role: 'assistant' as const, content: '180', sender: 'calc' },
];
const finished: RunStatus = { type: 'finished', outputs: { answer: '180' }, branch: 'next', messages };
const status = (s: RunStatus) => ({ type: 'status' as const, status: s });

describe('checking a step', () => {
  it('checks the status first, then error, outputs, branch, requests, messages', () => {
    expect(checkStep({ status: 'user_input' }, status(finished))).toEqual({ path: '/status', expected: 'user_input', actual: 'finished' });
    expect(checkStep({ status: 'finished', outputs: { answer: '18' }, branch: 'x' }, status(finished)))
      .toEqual({ path: '/outputs/answer', expected: '18', actual: '180' });
    expect(checkStep({ status: 'finished', outputs: {} }, status(finished))).toEqual({ path: '/outputs/answer', expected: undefined, actual: '180' });
    expect(checkStep({ status: 'finished', branch: 'other' }, status(finished))).toEqual({ path: '/branch', expected: 'other', actual: 'next' });
    expect(checkStep({ status: 'finished', outputs: { answer: '180' }, branch: 'next' }, status(finished))).toBeUndefined();
  });

  it('compares tool requests by name and args, never ids', () => {
    const request: RunStatus = { type: 'tool_request', requests: [{ id: 'x1', name: 'pick', args: { p: '*.md' } }], messages: [] };
    expect(checkStep({ status: 'tool_request', requests: [{ name: 'pick', args: { p: '*.md' } }] }, status(request))).toBeUndefined();
    expect(checkStep({ status: 'tool_request', requests: [{ name: 'pick' }] }, status(request))).toBeUndefined();
    expect(checkStep({ status: 'tool_request', requests: [{ name: 'pick', args: { p: '*' } }] }, status(request)))
      .toEqual({ path: '/requests/0/args/p', expected: '*', actual: '*.md' });
    expect(checkStep({ status: 'tool_request', requests: [] }, status(request))).toEqual({ path: '/requests/0', expected: undefined, actual: { name: 'pick', args: { p: '*.md' } } });
  });

  it('compares the whole conversation: role, content, tool calls, sender when given', () => {
    const all = [
      { role: 'user', content: 'What is 30x6?' },
      { role: 'assistant', content: '', toolCalls: [{ name: 'multiply', args: { a: 30, b: 6 } }] },
      { role: 'tool', content: '180' },
      { role: 'assistant', content: '180' },
    ];
    expect(checkStep({ status: 'finished', messages: all }, status(finished))).toBeUndefined();
    expect(checkStep({ status: 'finished', messages: [{ role: 'user' }, { role: 'assistant' }, { role: 'tool' }, { role: 'assistant', sender: 'calc' }] }, status(finished))).toBeUndefined();
    expect(checkStep({ status: 'finished', messages: all.slice(0, 3) }, status(finished)))
      .toEqual({ path: '/messages/3', expected: undefined, actual: { role: 'assistant', content: '180' } });
    const wrongArgs = [all[0]!, { role: 'assistant', toolCalls: [{ name: 'multiply', args: { a: 30, b: 7 } }] }, all[2]!, all[3]!];
    expect(checkStep({ status: 'finished', messages: wrongArgs }, status(finished))).toEqual({ path: '/messages/1/toolCalls/0/args/b', expected: 7, actual: 6 });
    expect(checkStep({ status: 'finished', messages: [all[0]!, all[1]!, all[2]!, { role: 'assistant', sender: 'other' }] }, status(finished)))
      .toEqual({ path: '/messages/3/sender', expected: 'other', actual: 'calc' });
  });

  it('compares error codes, and a status where an error was expected', () => {
    const error = { type: 'error' as const, code: 'AS_TOOL_FAILED', message: 'boom' };
    expect(checkStep({ status: 'error', error: { code: 'AS_TOOL_FAILED' } }, error)).toBeUndefined();
    expect(checkStep({ status: 'error', error: { code: 'AS_MAX_ITERATIONS' } }, error)).toEqual({ path: '/error/code', expected: 'AS_MAX_ITERATIONS', actual: 'AS_TOOL_FAILED' });
    expect(checkStep({ status: 'error', error: { code: 'AS_TOOL_FAILED' } }, status(finished))).toEqual({ path: '/status', expected: 'error', actual: 'finished' });
    expect(checkStep({ status: 'finished' }, error)).toEqual({ path: '/status', expected: 'finished', actual: 'error AS_TOOL_FAILED: boom' });
  });

  it('checks that the error message mentions each text given', () => {
    const error = { type: 'error' as const, code: 'AS_UNSUPPORTED', message: "AS_UNSUPPORTED: BuiltinTool 'code' at /tools/0 cannot be run" };
    expect(checkStep({ status: 'error', error: { code: 'AS_UNSUPPORTED', mentions: ["BuiltinTool 'code'", 'at /tools/0'] } }, error)).toBeUndefined();
    expect(checkStep({ status: 'error', error: { code: 'AS_UNSUPPORTED', mentions: ["BuiltinTool 'code'", 'at /tools/1'] } }, error))
      .toEqual({ path: '/error/mentions/1', expected: 'at /tools/1', actual: error.message });
  });
});
