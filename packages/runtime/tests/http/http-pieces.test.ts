import { describe, expect, it } from 'vitest';
import {
  buildHttpRequest,
  decodeHttpBody,
  encodeHttpBody,
  hostAllowed,
  hostIsTemplated,
  mapHttpResult,
  parseRetryAfter,
  retryDelayMs,
} from '../../src/http/index.js';

describe('hostIsTemplated', () => {
  it.each([
    ['https://api.example.com/v1/{{ id }}', false],
    ['https://api.example.com?q={{ q }}', false],
    ['https://api.example.com#{{ f }}', false],
    ['https://{{ host }}/v1', true],
    ['https://api.{{ region }}.example.com/v1', true],
    ['https://api.example.com:{{ port }}/v1', true],
    ['https://{{ user }}@api.example.com/', true],
    ['https://api.example.com{{ rest }}', true],
    ['{{ base_url }}/v1', true],
    ['http{{ s }}://api.example.com/', true],
    ['https://api.example.com', false],
  ])('%s → %s', (template, expected) => {
    expect(hostIsTemplated(template)).toBe(expected);
  });
});

describe('hostAllowed', () => {
  it('matches host or host:port with default ports, case-insensitively, IPv6 with or without brackets', () => {
    expect(hostAllowed(new URL('https://API.example.com/x'), ['api.example.com'])).toBe(true);
    expect(hostAllowed(new URL('https://api.example.com/x'), ['api.example.com:443'])).toBe(true);
    expect(hostAllowed(new URL('https://api.example.com:8443/x'), ['api.example.com:443'])).toBe(false);
    expect(hostAllowed(new URL('http://[::1]:8080/x'), ['[::1]:8080'])).toBe(true);
    expect(hostAllowed(new URL('http://[::1]:8080/x'), ['::1'])).toBe(true);
    expect(hostAllowed(new URL('http://evil.example.com/'), ['example.com'])).toBe(false);
    expect(hostAllowed(new URL('http://example.com/'), undefined)).toBe(false);
  });
});

describe('buildHttpRequest', () => {
  it('upper-cases the method, lower-cases header names and validates them', () => {
    const r = buildHttpRequest({ url: 'http://h/x', http_method: 'post', headers: { 'X-A': '{{ a }}', 'X-N': null }, query_params: {}, data: { a: '{{ a }}' } }, { a: 1 }, undefined, {});
    expect(r.method).toBe('POST');
    expect({ ...r.headers }).toEqual({ 'x-a': '1', 'content-type': 'application/json' });
    expect(r.body).toBe('{"a":"1"}');
    expect(() => buildHttpRequest({ url: 'http://h/x', http_method: 'GET', headers: { 'x-a': 'line\nbreak' }, query_params: {}, data: null }, {}, undefined, {})).toThrow(/AS_HTTP_REFUSED/);
  });
});

describe('encodeHttpBody', () => {
  it('follows the data rules', () => {
    expect(encodeHttpBody('GET', { a: 1 }, undefined)).toBeUndefined();
    expect(encodeHttpBody('HEAD', 'x', undefined)).toBeUndefined();
    expect(encodeHttpBody('POST', null, undefined)).toBeUndefined();
    expect(encodeHttpBody('DELETE', {}, undefined)).toBeUndefined();
    expect(encodeHttpBody('POST', {}, undefined)).toEqual({ body: '{}', contentType: 'application/json' });
    expect(encodeHttpBody('POST', 'raw', 'application/x-www-form-urlencoded')).toEqual({ body: 'raw' });
    expect(encodeHttpBody('POST', 42, undefined)).toEqual({ body: '42', contentType: 'application/json' });
    expect(encodeHttpBody('POST', { a: 'x y', b: null }, 'Application/X-WWW-Form-Urlencoded')).toEqual({ body: 'a=x+y' });
  });
});

describe('retry policy', () => {
  const policy = { baseMs: 100, capMs: 1000, maxRetryAfterMs: 5000 };
  it('retries network errors, 429 and 5xx with capped exponential backoff', () => {
    expect(retryDelayMs(0, {}, policy)).toBe(100);
    expect(retryDelayMs(1, { status: 503 }, policy)).toBe(200);
    expect(retryDelayMs(5, { status: 500 }, policy)).toBe(1000);
    expect(retryDelayMs(0, { status: 429 }, policy)).toBe(100);
  });
  it('never retries other 4xx', () => {
    for (const status of [400, 401, 403, 404, 409, 422]) expect(retryDelayMs(0, { status }, policy)).toBeUndefined();
  });
  it('honours a short Retry-After, stops on a long one', () => {
    expect(retryDelayMs(0, { status: 429, retryAfter: '2' }, policy)).toBe(2000);
    expect(retryDelayMs(0, { status: 503, retryAfter: '120' }, policy)).toBeUndefined();
    const now = Date.parse('2025-01-01T00:00:00Z');
    expect(parseRetryAfter('Wed, 01 Jan 2025 00:00:03 GMT', now)).toBe(3000);
    expect(parseRetryAfter('soon', now)).toBeUndefined();
    expect(parseRetryAfter(null)).toBeUndefined();
  });
});

describe('decodeHttpBody', () => {
  it('parses JSON by content type or shape, keeps text otherwise', () => {
    expect(decodeHttpBody('{"a":1}', 'application/json; charset=utf-8')).toEqual({ a: 1 });
    expect(decodeHttpBody('"s"', 'application/problem+json')).toBe('s');
    expect(decodeHttpBody('[1,2]', 'text/plain')).toEqual([1, 2]);
    expect(decodeHttpBody('42', 'text/plain')).toBe('42');
    expect(decodeHttpBody('{not json', 'application/json')).toBe('{not json');
    expect(decodeHttpBody('', 'application/json')).toBe('');
    expect(decodeHttpBody('<p>hi</p>', null)).toBe('<p>hi</p>');
  });
});

describe('mapHttpResult', () => {
  const out = (...names: string[]) => names.map((title) => ({ title }));
  it('maps object keys to several outputs, skipping absent keys', () => {
    expect(mapHttpResult({ a: 1, b: 2, c: 3 }, out('a', 'b', 'z'))).toEqual({ a: 1, b: 2 });
  });
  it('one output takes the value under its name when the body has that key, else the whole body', () => {
    expect(mapHttpResult({ a: 1 }, out('a'))).toEqual({ a: 1 });
    expect(mapHttpResult({ a: 1, b: 2 }, out('a'))).toEqual({ a: 1 });
    expect(mapHttpResult({ b: 2 }, out('a'))).toEqual({ a: { b: 2 } });
    expect(mapHttpResult('text', out('r'))).toEqual({ r: 'text' });
    expect(mapHttpResult([1], out('r'))).toEqual({ r: [1] });
  });
  it('no outputs → nothing; several outputs need an object', () => {
    expect(mapHttpResult({ a: 1 }, [])).toEqual({});
    expect(() => mapHttpResult('text', out('a', 'b'), { node: 'n' })).toThrow(/AS_TOOL_RESULT_SHAPE.*text.*node 'n'/);
  });
  it('a __proto__ output is an own key', () => {
    const r = mapHttpResult(JSON.parse('{"__proto__": 1, "b": 2}'), out('__proto__', 'b'));
    expect(Object.keys(r)).toEqual(['__proto__', 'b']);
  });
});
