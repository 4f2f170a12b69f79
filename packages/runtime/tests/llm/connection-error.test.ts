import { closedPort } from '@agentspec/testing';
import { describe, expect, it } from 'vitest';
import { connectionFailure } from '../../src/index.js';


describe('connectionFailure', () => {
  it('finds a refused connection however deep a client wrapped it', async () => {
    const error = await fetch(`http://127.0.0.1:${await closedPort()}/v1/chat/completions`).then(() => undefined, (e: unknown) => e);
    expect(connectionFailure(error)).toBe('ECONNREFUSED');
    const wrapped = Object.assign(new Error('Cannot connect to API: connect ECONNREFUSED'), { name: 'AI_APICallError', cause: error });
    expect(connectionFailure({ name: 'AI_RetryError', lastError: wrapped })).toBe('ECONNREFUSED');
  });

  it('is undefined for an endpoint that answered (an HTTP status) or any other failure', () => {
    expect(connectionFailure(Object.assign(new Error('Bad Request'), { name: 'AI_APICallError', statusCode: 400 }))).toBeUndefined();
    expect(connectionFailure(new SyntaxError('Unexpected token'))).toBeUndefined();
    expect(connectionFailure('text')).toBeUndefined();
  });
});
