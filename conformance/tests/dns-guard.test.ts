// A spec's HTTP call to a host *name* is judged by the addresses the name resolves to, on every runtime
// (DESIGN §11): a name resolving to a private address is refused unless network.allow lists it, and a listed name
// is connected to the address the user's resolver (network.lookup) gave — no second lookup can move it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { load, type Component } from '@agentspec/core';
import type { HostLookup, NetworkPolicy } from '@agentspec/runtime';
import { RUNTIMES } from '../src/runtimes.js';
import { startLocalServers, type LocalServers } from '../src/servers/local-servers.js';

let servers: LocalServers;
let component: Component;

beforeAll(async () => {
  servers = await startLocalServers(['http']);
  const port = new URL(servers.substitutions.http!).port;
  const spec = {
    component_type: 'Flow', id: 'f', name: 'call by name', agentspec_version: '25.4.1',
    start_node: { $component_ref: 'start' },
    nodes: [{ $component_ref: 'start' }, { $component_ref: 'call' }, { $component_ref: 'end' }],
    control_flow_connections: [
      { component_type: 'ControlFlowEdge', id: 'c1', name: 'c1', from_node: { $component_ref: 'start' }, to_node: { $component_ref: 'call' } },
      { component_type: 'ControlFlowEdge', id: 'c2', name: 'c2', from_node: { $component_ref: 'call' }, to_node: { $component_ref: 'end' } },
    ],
    $referenced_components: {
      start: { component_type: 'StartNode', id: 'start', name: 'start', inputs: [{ title: 'city', type: 'string' }] },
      call: {
        component_type: 'ApiNode', id: 'call', name: 'call', http_method: 'GET', url: `http://intranet.test:${port}/echo/{{city}}`,
        inputs: [{ title: 'city', type: 'string' }], outputs: [{ title: 'path', type: 'string' }],
      },
      end: { component_type: 'EndNode', id: 'end', name: 'end', outputs: [{ title: 'path', type: 'string' }] },
    },
  };
  const result = load(spec);
  if (!result.component) throw new Error(JSON.stringify(result.diagnostics));
  component = result.component;
});
afterAll(async () => {
  await servers.close();
});

function resolvingTo(address: string): HostLookup & { asked: string[] } {
  const asked: string[] = [];
  return Object.assign(async (hostname: string) => {
    asked.push(hostname);
    return [{ address, family: 4 }];
  }, { asked });
}

async function runWith(runtime: string, network: NetworkPolicy) {
  const app = await RUNTIMES[runtime]!().load(component, { network, limits: { http: { retries: 0 } } });
  try {
    const session = app.start({ inputs: { city: 'Rome' } });
    return await session.run();
  } finally {
    await app.close();
  }
}

describe.each(Object.keys(RUNTIMES))('an ApiNode calling a host name on %s', (runtime) => {
  it('is refused when the name resolves to a private address', async () => {
    const lookup = resolvingTo('10.20.30.40');
    const error = await runWith(runtime, { lookup }).then(() => undefined, (e: unknown) => e as { code?: string; message?: string });
    expect(error?.code).toBe('AS_HTTP_REFUSED');
    expect(error?.message).toContain("the host 'intranet.test' resolves to a private address (10.20.30.40)");
    expect(error?.message).not.toMatch(/AS_HTTP_REFUSED.*AS_HTTP_REFUSED/);
    expect(lookup.asked).toContain('intranet.test');
  });
  it('connects to the address the resolver gave when network.allow lists the name', async () => {
    const lookup = resolvingTo('127.0.0.1');
    const status = await runWith(runtime, { lookup, allow: ['intranet.test'] });
    expect(status).toMatchObject({ type: 'finished', outputs: { path: '/echo/Rome' } });
  });
});
