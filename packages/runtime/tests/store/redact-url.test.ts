import { describe, expect, it } from 'vitest';
import { redactUrl, redactUrlsIn } from '../../src/store/redact-url.js';

describe('redactUrl', () => {
  it('hides the userinfo password', () => {
    expect(redactUrl('postgres://me:pw@db:5432/x')).toBe('postgres://me:***@db:5432/x');
    expect(redactUrl('postgres://me@db/x')).toBe('postgres://me@db/x');
  });

  it('hides the values of query parameters whose names look secret, keeping the others as written', () => {
    const names = ['password', 'passwd', 'pwd', 'secret', 'token', 'api_key', 'apikey', 'api-key', 'key', 'access_token', 'sslpassword', 'sslkey', 'authToken', 'client_secret', 'PASSWORD'];
    for (const name of names) {
      expect(redactUrl(`postgres://db/x?sslmode=require&${name}=s3cret&a=b%20c`)).toBe(`postgres://db/x?sslmode=require&${name}=***&a=b%20c`);
    }
    expect(redactUrl('https://h/p?pass%77ord=s3cret#frag')).toBe('https://h/p?pass%77ord=***#frag');
    expect(redactUrl('https://h/p?q=1&page=2')).toBe('https://h/p?q=1&page=2');
  });

  it('redacts what does not parse as a URL as far as it looks like one', () => {
    expect(redactUrl('postgres://me:pw@[bad/x?password=s3cret')).toBe('postgres://me:***@[bad/x?password=***');
    expect(redactUrl(':memory:')).toBe(':memory:');
    expect(redactUrl('file:./s.db?authToken=s3cret')).toBe('file:./s.db?authToken=***');
  });

  it('redactUrlsIn redacts every URL in a text', () => {
    expect(redactUrlsIn("connect to 'postgres://u:pw@h/db?password=s3cret' failed; see https://x/y?token=t0k"))
      .toBe("connect to 'postgres://u:***@h/db?password=***' failed; see https://x/y?token=***");
  });
});
