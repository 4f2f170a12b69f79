import { describe, expect, it } from 'vitest';
import { internalErrorText } from '../src/errors.js';

describe('an internal error (a bug of agentspec) is reported, not dumped', () => {
  const bug = new TypeError("Cannot read properties of undefined (reading 'x')");

  it('names the error, asks to report it, and shows no stack trace', () => {
    const text = internalErrorText(bug, false);
    expect(text).toMatch(/^agentspec: internal error AS_INTERNAL: TypeError: Cannot read properties of undefined \(reading 'x'\)\n/);
    expect(text).toContain('please report it');
    expect(text).toContain('AGENTSPEC_DEBUG=1');
    expect(text).not.toMatch(/^\s+at /m);
  });

  it('adds the stack trace with AGENTSPEC_DEBUG=1', () => {
    expect(internalErrorText(bug, true)).toMatch(/^\s+at /m);
    expect(internalErrorText('not an Error', true)).toMatch(/^agentspec: internal error AS_INTERNAL: not an Error\n/);
  });
});
