import { describe, expect, it } from 'vitest';
import { addressClass, targetRefusal } from '../../src/http/index.js';

describe('addressClass (host text only, no DNS)', () => {
  it.each([
    ['127.0.0.1', 'loopback'], ['127.9.9.9', 'loopback'], ['[::1]', 'loopback'], ['localhost', 'loopback'], ['api.localhost', 'loopback'],
    ['169.254.169.254', 'link-local'], ['[fe80::1]', 'link-local'], ['[febf::1]', 'link-local'], ['[::ffff:a9fe:a9fe]', 'link-local'],
    ['10.1.2.3', 'private'], ['172.16.0.1', 'private'], ['172.31.255.255', 'private'], ['192.168.1.1', 'private'], ['0.0.0.0', 'private'],
    ['100.64.0.1', 'private'], ['[fc00::1]', 'private'], ['[fd12:3456::1]', 'private'], ['[::ffff:10.0.0.1]', 'private'], ['[::]', 'private'],
    ['172.32.0.1', 'public'], ['8.8.8.8', 'public'], ['[2001:db8::1]', 'public'], ['example.com', 'public'], ['[fec0::1]', 'public'],
  ])('%s is %s', (host, kind) => {
    expect(addressClass(host)).toBe(kind);
  });

  it('classifies what the URL parser makes of odd IPv4 spellings', () => {
    expect(addressClass(new URL('http://0x7f.1/').hostname)).toBe('loopback');
    expect(addressClass(new URL('http://2852039166/').hostname)).toBe('link-local');
    expect(addressClass(new URL('http://[::ffff:192.168.0.1]/').hostname)).toBe('private');
  });
});

describe('targetRefusal: the one rule for the first URL and every redirect hop', () => {
  const fixed = { templatedHost: false };
  const u = (s: string): URL => new URL(s);

  it('a fixed public or loopback host is allowed; a fixed private or link-local one needs network.allow', () => {
    expect(targetRefusal(u('https://api.example.com/x'), fixed, undefined)).toBeUndefined();
    expect(targetRefusal(u('http://127.0.0.1:8080/x'), fixed, undefined)).toBeUndefined();
    expect(targetRefusal(u('http://169.254.169.254/latest'), fixed, undefined)).toMatch(/link-local address/);
    expect(targetRefusal(u('http://10.0.0.5/x'), fixed, undefined)).toMatch(/private address/);
    expect(targetRefusal(u('http://[fd00::5]/x'), fixed, undefined)).toMatch(/private address/);
    expect(targetRefusal(u('http://10.0.0.5/x'), fixed, { allow: ['10.0.0.5'] })).toBeUndefined();
    expect(targetRefusal(u('http://[fe80::1]:81/x'), fixed, { allow: ['[fe80::1]:81'] })).toBeUndefined();
  });

  it('a redirect to another host is refused unless network.allow lists it, whatever its address', () => {
    const from = u('http://127.0.0.1:8080/start');
    expect(targetRefusal(u('http://127.0.0.2:9000/x'), { ...fixed, from }, undefined)).toMatch(/another host, 'http:\/\/127\.0\.0\.2:9000'/);
    expect(targetRefusal(u('http://localhost:8080/x'), { ...fixed, from }, undefined)).toMatch(/another host/);
    expect(targetRefusal(u('https://example.com/x'), { ...fixed, from: u('https://api.example.com/') }, undefined)).toMatch(/another host/);
    expect(targetRefusal(u('http://127.0.0.2:9000/x'), { ...fixed, from }, { allow: ['127.0.0.2'] })).toBeUndefined();
    expect(targetRefusal(u('http://127.0.0.2:9000/x'), { ...fixed, from }, { allow: ['127.0.0.2:9001'] })).toMatch(/another host/);
  });

  it('a redirect on the same host is allowed (another path, port or scheme), but not to another scheme than http(s)', () => {
    const from = u('http://api.example.com/start');
    expect(targetRefusal(u('https://api.example.com/moved'), { ...fixed, from }, undefined)).toBeUndefined();
    expect(targetRefusal(u('http://API.example.com:8080/moved'), { ...fixed, from }, undefined)).toBeUndefined();
    expect(targetRefusal(u('file:///etc/passwd'), { ...fixed, from }, undefined)).toMatch(/redirect to 'file:'/);
  });

  it('a templated host needs network.allow on the first URL and on every hop', () => {
    const templated = { templatedHost: true };
    expect(targetRefusal(u('http://127.0.0.1/x'), templated, undefined)).toMatch(/comes from an input value/);
    expect(targetRefusal(u('http://127.0.0.1/x'), templated, { allow: ['127.0.0.1'] })).toBeUndefined();
    expect(targetRefusal(u('http://127.0.0.1/y'), { ...templated, from: u('http://127.0.0.1/x') }, undefined)).toMatch(/comes from an input value/);
  });
});
