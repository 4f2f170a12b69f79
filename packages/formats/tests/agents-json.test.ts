import { readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiNode, Flow } from '@agentspec/core';
import { referenceRuntime } from '@agentspec/runtime';
import { importAgentsJson, importAgentsJsonFlows } from '../src/index.js';
import { startSampleApiServer, type SampleApiServer } from './sample-api-server.js';
import { codes, roundTrip } from './spec-check.js';

const file = (name: string) => fileURLToPath(new URL(`./fixtures/agents-json/${name}/agents.json`, import.meta.url));
const sample = (name: string) => ({ text: readFileSync(file(name), 'utf8'), baseDir: dirname(file(name)) });

let api: SampleApiServer;
beforeAll(async () => {
  api = await startSampleApiServer();
});
afterAll(() => api.close());

/** Run a flow on the reference runtime, HTTP to the loopback server allowed. */
async function run(flow: Flow, inputs: Record<string, unknown>) {
  const app = await referenceRuntime().load(flow, { network: { allow: ['127.0.0.1'] } });
  return app.start({ inputs }).run();
}

const nodes = (flow: Flow) => flow.nodes.filter((n): n is ApiNode => n.component_type === 'ApiNode');

describe('importAgentsJson: the weather flow (two sources, links, an override, the seed\'s own example)', () => {
  it('makes one ApiNode per action from the local OpenAPI documents, links as data edges, with a warning for each approximation', () => {
    const { text, baseDir } = sample('weather');
    const { component, warnings } = importAgentsJson(text, { baseDir });
    expect(component).toMatchObject({ component_type: 'Flow', id: 'get_weather_flow', name: 'Fetch Weather Based on Location' });
    expect(nodes(component).map((n) => [n.id, n.http_method, n.url, n.query_params, n.headers, n.api_spec_uri])).toEqual([
      ['getLocation', 'GET', 'https://location.example.com/location', { ip: '{{ ip }}' }, {}, 'openapi/location_service.yaml'],
      ['getWeather', 'GET', 'https://weather.example.com/v1/current', { lat: '{{ lat }}', lon: '{{ lon }}', fields: '{{ fields }}' }, {}, 'openapi/weather_service.json'],
    ]);
    // the response schema ($ref resolved; nullable folded into the type) gives the outputs
    expect(nodes(component)[0]!.outputs).toEqual([{ title: 'latitude', type: 'number' }, { title: 'longitude', type: 'number' }, { title: 'city', type: ['string', 'null'] }]);
    expect(component.inputs).toEqual([
      { title: 'ip', type: 'string', description: "The IP address to locate (the caller's when empty)", default: '' },
      { title: 'getWeather_fields', type: 'string', description: 'Fields to return' },
    ]);
    expect(component.outputs?.map((o) => o.title)).toEqual(['temperature', 'conditions', 'city']);
    expect(component.data_flow_connections?.map((e) => e.id)).toEqual([
      'getLocation.latitude->getWeather.lat', 'getLocation.longitude->getWeather.lon', 'start.ip->getLocation.ip', 'start.getWeather_fields->getWeather.fields',
      'getWeather.temperature->end.temperature', 'getWeather.conditions->end.conditions', 'getLocation.city->end.city',
    ]);
    expect(codes(warnings)).toEqual([
      'AJ_AUTH_SCHEME', 'AJ_LINK_INFERRED', 'AJ_OPTIONAL_INPUT', 'AJ_OUTPUT_INFERRED', 'AJ_OUTPUT_INFERRED', 'AJ_OUTPUT_INFERRED',
      'AJ_PARAMETER_STYLE', 'AJ_SERVER_CHOSEN', 'AJ_UNLINKED_INPUT',
    ]);
    expect(warnings.find((w) => w.code === 'AJ_AUTH_SCHEME')).toMatchObject({ kind: 'unsupported', component: 'getWeather', path: 'weatherAPI:/paths/~1v1~1current/get' });
    expect(warnings.find((w) => w.code === 'AJ_AUTH_SCHEME')?.message).toContain("apiKey (apiKey in header 'X-API-Key')");
    expect(warnings.find((w) => w.code === 'AJ_SERVER_CHOSEN')).toMatchObject({ path: 'locationAPI:/servers', component: 'getLocation' });
    expect(warnings.find((w) => w.code === 'AJ_UNLINKED_INPUT')?.message).toContain("'fields' of 'getWeather' is fed by no link: it is the flow input 'getWeather_fields'");
  });

  it('validates with @agentspec/core and runs against a loopback server implementing the operations', async () => {
    const { text, baseDir } = sample('weather');
    const { component, warnings } = importAgentsJson(text, { baseDir, serverUrls: { locationAPI: api.base, weatherAPI: api.base } });
    expect(codes(warnings)).not.toContain('AJ_SERVER_CHOSEN');
    const { component: loaded, version } = roundTrip(component);
    expect(version).toBe('25.4.1');
    api.received.length = 0;
    const status = await run(loaded as Flow, { ip: '203.0.113.9', getWeather_fields: 'temperature' });
    expect(status).toMatchObject({ type: 'finished', outputs: { temperature: 26, conditions: 'sunny', city: 'Lisbon' } });
    expect(api.received.map((r) => [r.method, r.path, r.query])).toEqual([
      ['GET', '/location', { ip: '203.0.113.9' }],
      ['GET', '/v1/current', { lat: '38.72', lon: '-9.14', fields: 'temperature' }],
    ]);
    // the optional flow input left out: its default '' is sent
    api.received.length = 0;
    const other = await run(loaded as Flow, { getWeather_fields: 'all' });
    expect(other).toMatchObject({ type: 'finished', outputs: { city: 'Zurich', temperature: 21.5 } });
    expect(api.received[0]?.query).toEqual({ ip: '' });
  });
});

describe('importAgentsJson: the order flows (bodies, path parameters, reordering, overrides, refused links)', () => {
  const options = () => ({ baseDir: sample('orders').baseDir, serverUrls: { user_service: api.base, payment_gateway: `${api.base}/api` } });

  it('has several flows: one must be chosen (AS_IMPORT_FLOW_CHOICE), or all imported', () => {
    const { text, baseDir } = sample('orders');
    expect(() => importAgentsJson(text, { baseDir })).toThrow(expect.objectContaining({ code: 'AS_IMPORT_FLOW_CHOICE', message: expect.stringContaining('process_order_flow, order_status_flow') }));
    expect(() => importAgentsJson(text, { baseDir, flow: 'refund_flow' })).toThrow(expect.objectContaining({ code: 'AS_IMPORT_FLOW_CHOICE' }));
    expect(importAgentsJsonFlows(text, options()).map((f) => f.component.id)).toEqual(['process_order_flow', 'order_status_flow']);
  });

  it('maps the process flow with a coded warning for each part without an exact equivalent', () => {
    const { text } = sample('orders');
    const { component, warnings } = importAgentsJson(text, { ...options(), flow: 'process_order_flow' });
    expect(codes(warnings)).toEqual([
      'AJ_ACTIONS_REORDERED', 'AJ_AUTH_SCHEME', 'AJ_BODY_VALUE_AS_STRING', 'AJ_LINK_FIELD_UNKNOWN', 'AJ_LINK_NESTED_PATH', 'AJ_LINK_TYPE_MISMATCH',
      'AJ_OPTIONAL_INPUT', 'AJ_OPTIONAL_INPUT', 'AJ_OUTPUT_UNBOUND', 'AJ_OVERRIDE_UNUSED', 'AJ_OVERRIDE_UNUSED', 'AJ_PATH_VALUE_UNENCODED', 'AJ_RESPONSE_FIELD_UNDECLARED',
      'AJ_UNKNOWN_FIELD', 'AJ_UNKNOWN_FIELD', 'AJ_UNLINKED_INPUT',
    ]);
    const path = (code: string) => warnings.filter((w) => w.code === code).map((w) => w.path);
    expect(path('AJ_OVERRIDE_UNUSED')).toEqual(['/overrides/1', '/overrides/2']);
    expect(path('AJ_LINK_FIELD_UNKNOWN')).toEqual(['/flows/0/links/2/origin']);
    expect(path('AJ_LINK_NESTED_PATH')).toEqual(['/flows/0/links/9/origin/fieldPath']);
    expect(path('AJ_UNKNOWN_FIELD')).toEqual(['/flows/0/actions/1/description', '/x-generated-by']);
    expect(warnings.find((w) => w.code === 'AJ_AUTH_SCHEME')?.message).toContain('bearerAuth (http bearer)');
    // the links need create_order first
    expect(component.nodes.map((n) => n.id)).toEqual(['start', 'create_order', 'charge_card', 'end']);
    const [create, charge] = nodes(component);
    expect(create).toMatchObject({
      url: `${api.base}/orders`, http_method: 'POST', headers: { 'Idempotency-Key': '{{ Idempotency_Key }}' },
      data: { customer_id: '{{ customer_id }}', items: '{{ items }}' },
      metadata: { agents_json: { sourceId: 'user_service', operationId: 'createOrder', description: 'Creates the order first' } },
    });
    // the relative $ref to common.yaml typed the total
    expect(create!.outputs).toContainEqual({ title: 'total', type: 'number', description: "An amount in the order's currency" });
    expect(charge).toMatchObject({
      url: `${api.base}/api/charges/{{ orderId }}`, headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, data: { amount: '{{ amount }}', currency: '{{ currency }}' },
    });
    expect(component.inputs?.map((p) => p.title)).toEqual(['customer_id', 'currency', 'items', 'create_order_Idempotency_Key']);
    expect(component.outputs).toEqual([
      { title: 'orderId', type: 'string' }, { title: 'status', type: 'string' }, { title: 'charge_number' },
      { title: 'receiptUrl', type: ['string', 'null'], default: null }, { title: 'delivery', type: 'string' },
    ]);
  });

  it('validates and runs: JSON and form bodies, headers and a path parameter reach the loopback server', async () => {
    const { text } = sample('orders');
    const { component } = importAgentsJson(text, { ...options(), flow: 'process_order_flow' });
    const loaded = roundTrip(component).component as Flow;
    api.received.length = 0;
    const status = await run(loaded, { customer_id: 'c-42', items: ['book', 'pen'], currency: 'EUR', create_order_Idempotency_Key: 'k-1' });
    expect(status).toMatchObject({
      type: 'finished',
      outputs: { orderId: 'ord-1', status: 'charged', charge_number: 'ch-7781', receiptUrl: null, delivery: '2026-12-01' },
    });
    const [order, charge] = api.received;
    expect(order).toMatchObject({ method: 'POST', path: '/orders', headers: { 'idempotency-key': 'k-1', 'content-type': 'application/json' } });
    // items is an array in the schema: sent as a JSON string (AJ_BODY_VALUE_AS_STRING)
    expect(JSON.parse(order!.body)).toEqual({ customer_id: 'c-42', items: '["book","pen"]' });
    expect(charge).toMatchObject({ method: 'POST', path: '/api/charges/ord-1', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(Object.fromEntries(new URLSearchParams(charge!.body))).toEqual({ amount: '42.5', currency: 'EUR' });
    expect(charge!.headers.authorization).toBeUndefined();
  });

  it('the status flow: a path parameter fed by the flow parameter of its name, the output by the response field of its name', async () => {
    const { text } = sample('orders');
    const { component, warnings } = importAgentsJson(text, { ...options(), flow: 'order_status_flow' });
    expect(codes(warnings)).toEqual(['AJ_LINK_INFERRED', 'AJ_OUTPUT_INFERRED', 'AJ_OVERRIDE_UNUSED', 'AJ_OVERRIDE_UNUSED', 'AJ_PATH_VALUE_UNENCODED', 'AJ_UNKNOWN_FIELD']);
    // the override of getOrder's summary applies here
    expect(nodes(component)[0]).toMatchObject({ url: `${api.base}/orders/{{ orderId }}`, description: 'Read one order', data: {} });
    const status = await run(roundTrip(component).component as Flow, { orderId: 'ord-9' });
    expect(status).toMatchObject({ type: 'finished', outputs: { status: 'shipped' } });
  });

  it('without serverUrls the servers of the documents are used, variables at their defaults', () => {
    const { text, baseDir } = sample('orders');
    const { component } = importAgentsJson(text, { baseDir, flow: 'process_order_flow' });
    expect(nodes(component).map((n) => n.url)).toEqual(['https://users.example.com/v1/orders', 'http://payments.local:8081/api/charges/{{ orderId }}']);
  });
});
