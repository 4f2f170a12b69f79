import { lookup as dnsLookup } from 'node:dns/promises';
import type { LookupAddress } from 'node:dns';
import { isIP } from 'node:net';
import type { HostLookup, NetworkPolicy } from '../contract.js';
import { addressClass, type AddressClass } from './address-class.js';
import { hostAllowed } from './check-http-target.js';

/** A host name resolved to an address the SSRF guard does not let a request reach (DESIGN §11). */
export class AddressRefused extends Error {
  constructor(
    readonly hostname: string,
    readonly address: string,
    readonly kind: Exclude<AddressClass, 'public'>,
  ) {
    super(`the host '${hostname}' resolves to a ${kind} address (${address})`);
    this.name = 'AddressRefused';
  }

  /** The AddressRefused behind a failed fetch (fetch wraps what its connection's lookup threw), if any. */
  static behind(error: unknown): AddressRefused | undefined {
    for (let e: unknown = error, depth = 0; e instanceof Error && depth < 4; e = e.cause, depth++) {
      if (e instanceof AddressRefused) return e;
    }
    return undefined;
  }
}

/**
 * Whether `hostname` (as in a URL) is a name that needs resolving — not an IP
 * literal, not localhost: only such hosts are checked by what they resolve to,
 * the others by their text ({@link addressClass}).
 */
export function isResolvedName(hostname: string): boolean {
  const host = hostname.replace(/^\[(.*)\]$/, '$1');
  return isIP(host) === 0 && addressClass(host) === 'public';
}

/**
 * The first address of `addresses` that a request to the name `hostname` may
 * not reach — loopback, link-local or private: a spec names a public host, so
 * every address its name resolves to must be public (a name that resolves to
 * an internal address is how DNS rebinding reaches it) — or undefined.
 */
export function resolvedRefusal(hostname: string, addresses: readonly { readonly address: string }[]): AddressRefused | undefined {
  for (const { address } of addresses) {
    const kind = addressClass(address);
    if (kind !== 'public') return new AddressRefused(hostname, address, kind);
  }
  return undefined;
}

const systemLookup: HostLookup = async (hostname) => dnsLookup(hostname, { all: true, verbatim: true });

type LookupCallback = (error: Error | null, address: string | LookupAddress[], family?: number) => void;
type ConnectLookup = (hostname: string, options: { family?: number; all?: boolean }, callback: LookupCallback) => void;
type AgentClass = new (options: { connect: { lookup: ConnectLookup } }) => object;

/**
 * The connection lookup of a guarded dispatcher: resolves with the user's
 * `network.lookup` (else the system's), refuses with {@link AddressRefused}
 * when `check` is set and an address is not public, and otherwise connects to
 * exactly the addresses checked — the answer is not asked for twice, so it
 * cannot change between the check and the connection.
 */
function connectLookup(resolve: HostLookup, check: boolean): ConnectLookup {
  return (hostname, options, callback) => {
    resolve(hostname).then(
      (found) => {
        const wanted = options.family === 4 || options.family === 6 ? found.filter((a) => a.family === options.family) : [...found];
        const refused = check ? resolvedRefusal(hostname, found) : undefined;
        if (refused) return callback(refused, []);
        if (wanted.length === 0) return callback(Object.assign(new Error(`the host '${hostname}' has no address`), { code: 'ENOTFOUND' }), []);
        const addresses = wanted.map((a) => ({ address: a.address, family: a.family }));
        if (options.all) callback(null, addresses);
        else callback(null, addresses[0]!.address, addresses[0]!.family);
      },
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), []),
    );
  };
}

let agentClass: Promise<AgentClass | undefined> | undefined;

/**
 * The Agent class of the fetch built into Node (undici), reached through the
 * global dispatcher's well-known symbol (made by a first `data:` fetch), so
 * that no second copy of undici is needed; undefined when the global
 * dispatcher is not a plain Agent (the user set a proxy, say).
 */
function undiciAgent(): Promise<AgentClass | undefined> {
  agentClass ??= (async () => {
    const key = Symbol.for('undici.globalDispatcher.1');
    const global = globalThis as Record<symbol, unknown>;
    if (!global[key]) await fetch('data:,').then((r) => r.arrayBuffer()).catch(() => undefined);
    const dispatcher = global[key] as { constructor?: unknown } | undefined;
    const ctor = dispatcher?.constructor;
    return typeof ctor === 'function' && ctor.name === 'Agent' ? (ctor as AgentClass) : undefined;
  })();
  return agentClass;
}

interface Dispatchers {
  checking?: object;
  plain?: object;
}
const NO_POLICY: NetworkPolicy = {};
const cache = new WeakMap<NetworkPolicy, Dispatchers>();

/**
 * What a request to `url` is sent through: for a host name that
 * `network.allow` does not list, a dispatcher whose connections go only to
 * checked public addresses; for a listed name, one that resolves with
 * `network.lookup` when the user gave one; else nothing (fetch's default:
 * IP literals and localhost are judged by their text). Where Node's fetch
 * offers no Agent to build on, the name is resolved and checked before the
 * request instead (then the check and the connection ask DNS separately).
 * Throws {@link AddressRefused}.
 */
export async function dispatcherFor(url: URL, network: NetworkPolicy | undefined): Promise<object | undefined> {
  if (!isResolvedName(url.hostname)) return undefined;
  const check = !hostAllowed(url, network?.allow);
  if (!check && !network?.lookup) return undefined;
  const resolve = network?.lookup ?? systemLookup;
  const Agent = await undiciAgent();
  if (!Agent) {
    if (check) {
      const refused = resolvedRefusal(url.hostname, await resolve(url.hostname));
      if (refused) throw refused;
    }
    return undefined;
  }
  const policy = network ?? NO_POLICY;
  let made = cache.get(policy);
  if (!made) cache.set(policy, (made = {}));
  const slot = check ? 'checking' : 'plain';
  made[slot] ??= new Agent({ connect: { lookup: connectLookup(resolve, check) } });
  return made[slot];
}
