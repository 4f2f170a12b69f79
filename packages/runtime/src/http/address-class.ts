/**
 * What kind of address a URL host names, from the host text alone (no DNS
 * lookup): 'loopback' (127/8, ::1, localhost and *.localhost), 'link-local'
 * (169.254/16, fe80::/10), 'private' (0/8, 10/8, 100.64/10, 172.16/12,
 * 192.168/16, fc00::/7; IPv4-mapped IPv6 addresses count as their IPv4
 * address), else 'public' — which includes every host name other than
 * localhost (DESIGN §11).
 */
export type AddressClass = 'loopback' | 'link-local' | 'private' | 'public';

export function addressClass(hostname: string): AddressClass {
  const host = hostname.toLowerCase().replace(/^\[(.*)\]$/, '$1').replace(/\.$/, '');
  if (host === 'localhost' || host.endsWith('.localhost')) return 'loopback';
  const v4 = parseIpv4(host);
  if (v4) return ipv4Class(v4);
  if (host.includes(':')) return ipv6Class(host);
  return 'public';
}

function parseIpv4(host: string): number[] | undefined {
  const parts = host.split('.');
  if (parts.length !== 4 || !parts.every((p) => /^\d{1,3}$/.test(p) && Number(p) <= 255)) return undefined;
  return parts.map(Number);
}

function ipv4Class([a = 0, b = 0]: number[]): AddressClass {
  if (a === 127) return 'loopback';
  if (a === 169 && b === 254) return 'link-local';
  if (a === 0 || a === 10 || (a === 100 && b >= 64 && b <= 127) || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168)) return 'private';
  return 'public';
}

function ipv6Class(host: string): AddressClass {
  const groups = expandIpv6(host);
  if (!groups) return 'public';
  if (groups.slice(0, 7).every((g) => g === 0) && groups[7] === 1) return 'loopback';
  if (groups.every((g) => g === 0)) return 'private';
  // ::ffff:a.b.c.d (the URL parser writes it ::ffff:xxxx:xxxx)
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    const [hi = 0, lo = 0] = groups.slice(6);
    return ipv4Class([hi >> 8, hi & 0xff, lo >> 8, lo & 0xff]);
  }
  const first = groups[0] ?? 0;
  if ((first & 0xffc0) === 0xfe80) return 'link-local';
  if ((first & 0xfe00) === 0xfc00) return 'private';
  return 'public';
}

/** The eight 16-bit groups of an IPv6 address, or undefined when it is not one. */
function expandIpv6(host: string): number[] | undefined {
  let text = host.split('%')[0] ?? '';
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted?.[1]) {
    const v4 = parseIpv4(dotted[1]);
    if (!v4) return undefined;
    text = `${text.slice(0, -dotted[1].length)}${(((v4[0] ?? 0) << 8) | (v4[1] ?? 0)).toString(16)}:${(((v4[2] ?? 0) << 8) | (v4[3] ?? 0)).toString(16)}`;
  }
  const halves = text.split('::');
  if (halves.length > 2) return undefined;
  const head = halves[0] ? halves[0].split(':') : [];
  const tail = halves.length === 2 && halves[1] ? halves[1].split(':') : [];
  const missing = 8 - head.length - tail.length;
  if ((halves.length === 1 && missing !== 0) || missing < 0) return undefined;
  const all = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill('0'), ...tail];
  if (all.length !== 8 || !all.every((g) => /^[0-9a-f]{1,4}$/.test(g))) return undefined;
  return all.map((g) => parseInt(g, 16));
}
