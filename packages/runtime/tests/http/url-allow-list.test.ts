import { describe, expect, it } from 'vitest';
import { checkUrlAllowList, urlAllowed } from '../../src/index.js';

const allowed = (url: string, list: string[]) => urlAllowed(new URL(url), list);

describe('url_allow_list (Agent Spec 26.1.2)', () => {
  it('matches scheme, host and port exactly and the path as a prefix, as the language specification examples say', () => {
    expect(allowed('https://example.com/page', ['https://example.com'])).toBe(true);
    expect(allowed('https://example.com/orders/123', ['https://example.com/orders/'])).toBe(true);
    expect(allowed('https://example.com/orders/123/items', ['https://example.com/orders/'])).toBe(true);
    expect(allowed('https://example.com/customers/123', ['https://example.com/orders/'])).toBe(false);
    expect(allowed('https://example.com/orders/123', ['http://example.com/orders/'])).toBe(false);
  });

  it('compares whole path segments, default ports, host case; ignores query and fragment; an entry that is no URL allows nothing', () => {
    expect(allowed('https://example.com/orders', ['https://example.com/orders'])).toBe(true);
    expect(allowed('https://example.com/orders-archive', ['https://example.com/orders'])).toBe(false);
    expect(allowed('https://example.com:443/a', ['https://EXAMPLE.com/'])).toBe(true);
    expect(allowed('https://example.com:8443/a', ['https://example.com/'])).toBe(false);
    expect(allowed('https://example.com/a?x=1#f', ['https://example.com/a?y=2'])).toBe(true);
    expect(allowed('https://example.com.evil.test/a', ['https://example.com/'])).toBe(false);
    expect(allowed('https://example.com/a', ['example.com', '/a', ''])).toBe(false);
  });

  it('refuses with AS_HTTP_REFUSED naming the URL without its query; no list: no check', () => {
    expect(() => checkUrlAllowList(new URL('https://example.com/x?token=s3cret'), ['https://example.com/a'], { node: 'call' }))
      .toThrow(expect.objectContaining({ code: 'AS_HTTP_REFUSED', message: expect.not.stringContaining('s3cret') }));
    expect(() => checkUrlAllowList(new URL('https://example.com/x'), null, { node: 'call' })).not.toThrow();
  });
});
