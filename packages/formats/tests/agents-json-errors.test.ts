import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiNode, Flow } from '@agentspec/core';
import { referenceRuntime } from '@agentspec/runtime';
import { importAgentsJson } from '../src/index.js';
import { EDGE_DIR, EDGE_FILES, readEdgeFile } from './agents-json-edges.js';
import { startSampleApiServer, type SampleApiServer } from './sample-api-server.js';
import { codes, roundTrip } from './spec-check.js';

const edge = EDGE_FILES[join(EDGE_DIR, 'agents.json')]!;
const weatherFile = fileURLToPath(new URL('./fixtures/agents-json/weather/agents.json', import.meta.url));
const weather = readFileSync(weatherFile, 'utf8');

/** The weather sample with a change made to its parsed document. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a test edits a parsed document freely
function weatherWith(change: (doc: Record<string, any>) => void): string {
  const doc = JSON.parse(weather);
  change(doc);
  return JSON.stringify(doc);
}

describe('importAgentsJson: parts without an exact equivalent (in-memory documents)', () => {
  it('a multipart body, a $ref to a URL, a recursive schema and a parameter type that is not one are coded warnings; the flow validates', () => {
    const { component, warnings } = importAgentsJson(edge, { baseDir: EDGE_DIR, readFile: readEdgeFile, flow: 'upload_flow' });
    expect(codes(warnings)).toEqual(['AJ_BODY_MEDIA_TYPE', 'AJ_OUTPUT_INFERRED', 'AJ_PARAMETER_TYPE', 'AJ_RECURSIVE_SCHEMA', 'AJ_REMOTE_REF']);
    expect(warnings.find((w) => w.code === 'AJ_REMOTE_REF')).toMatchObject({ kind: 'unsupported', component: 'upload', path: 'files:' });
    expect(warnings.find((w) => w.code === 'AJ_RECURSIVE_SCHEMA')).toMatchObject({ kind: 'approximated', path: 'files:/components/schemas/Node' });
    expect(warnings.find((w) => w.code === 'AJ_PARAMETER_TYPE')).toMatchObject({ path: '/flows/0/fields/parameters/0/type' });
    const upload = component.nodes.find((n) => n.component_type === 'ApiNode') as ApiNode;
    expect(upload).toMatchObject({ http_method: 'POST', data: { name: '{{ name }}' }, headers: {} });
    expect(component.inputs).toEqual([{ title: 'name' }]);
    // the recursive schema is cut one level down
    expect(upload.outputs?.[0]).toEqual({ title: 'tree', type: 'object', properties: { name: { type: 'string' }, children: { type: 'array', items: {} } } });
    roundTrip(component);
  });
});

describe('importAgentsJson: a text body and a POST without a body (Agent Spec 26.1.0)', () => {
  let api: SampleApiServer;
  beforeAll(async () => {
    api = await startSampleApiServer();
  });
  afterAll(() => api.close());

  it('sends the flow input as the raw text body with its media type, and no body at all to the other POST', async () => {
    const { component, warnings } = importAgentsJson(edge, { baseDir: EDGE_DIR, readFile: readEdgeFile, flow: 'text_flow', serverUrls: { files: api.base } });
    expect(codes(warnings)).toEqual([]);
    const [note, touch] = component.nodes.filter((n): n is ApiNode => n.component_type === 'ApiNode');
    expect(note).toMatchObject({ data: '{{ body }}', headers: { 'Content-Type': 'text/plain' }, inputs: [{ title: 'body', type: 'string' }] });
    expect(touch).toMatchObject({ data: null, http_method: 'POST' });
    const { component: loaded, version } = roundTrip(component);
    expect(version).toBe('26.1.0');
    const app = await referenceRuntime().load(loaded as Flow, { network: { allow: ['127.0.0.1'] } });
    const status = await app.start({ inputs: { note: 'Buy milk, "2 litres"' } }).run();
    expect(status.type).toBe('finished');
    expect(api.received.map((r) => [r.path, r.headers['content-type'], r.body])).toEqual([['/notes', 'text/plain', 'Buy milk, "2 litres"'], ['/touch', undefined, '']]);
  });
});

describe('importAgentsJson: documents it refuses, each with a code', () => {
  it('a source at a URL is AS_IMPORT_REMOTE_SOURCE naming it, with a hint; the sources option reads a local copy instead', () => {
    const options = { baseDir: EDGE_DIR, readFile: readEdgeFile, flow: 'remote_flow' };
    expect(() => importAgentsJson(edge, options)).toThrow(expect.objectContaining({
      code: 'AS_IMPORT_REMOTE_SOURCE',
      message: expect.stringContaining("source 'remote' is at https://api.example.com/openapi.json"),
      hint: expect.stringContaining('--source remote=remote.yaml'),
    }));
    const local: Record<string, string> = { ...EDGE_FILES, '/copies/remote.yaml': 'openapi: 3.0.0\ninfo: {title: R, version: "1"}\nservers: [{url: "https://api.example.com"}]\npaths:\n  /ping:\n    get: {operationId: ping, responses: {"204": {description: none}}}\n' };
    const { component } = importAgentsJson(edge, { ...options, sources: { remote: '/copies/remote.yaml' }, readFile: (p) => local[p] ?? readEdgeFile(p) });
    expect(component.nodes.find((n) => n.component_type === 'ApiNode')).toMatchObject({ url: 'https://api.example.com/ping', outputs: [] });
  });

  it('an unreadable source is AS_IMPORT_SOURCE_MISSING; Swagger 2 is AS_IMPORT_FORMAT_VERSION; no server is AS_IMPORT_NO_SERVER', () => {
    const baseDir = dirname(weatherFile);
    expect(() => importAgentsJson(weatherWith((d) => { d.sources[0].path = 'openapi/missing.yaml'; }), { baseDir })).toThrow(expect.objectContaining({ code: 'AS_IMPORT_SOURCE_MISSING', message: expect.stringContaining('missing.yaml') }));
    const files: Record<string, string> = { '/w/agents.json': weather, '/w/openapi/location_service.yaml': 'swagger: "2.0"\npaths: {}\n', '/w/openapi/weather_service.json': '{}' };
    expect(() => importAgentsJson(weather, { baseDir: '/w', readFile: (p) => files[p]! })).toThrow(expect.objectContaining({ code: 'AS_IMPORT_FORMAT_VERSION', message: expect.stringContaining('Swagger 2.0') }));
    const noServers = readFileSync(join(dirname(weatherFile), 'openapi/location_service.yaml'), 'utf8').replace(/servers:\n( {2}- url: .*\n)+/, '');
    files['/w/openapi/location_service.yaml'] = noServers;
    expect(() => importAgentsJson(weather, { baseDir: '/w', readFile: (p) => files[p]! })).toThrow(expect.objectContaining({ code: 'AS_IMPORT_NO_SERVER', hint: expect.stringContaining('--server-url locationAPI=') }));
    expect(() => importAgentsJson(weather, { baseDir, serverUrls: { locationAPI: '/relative' } })).toThrow(expect.objectContaining({ code: 'AS_IMPORT_NO_SERVER' }));
  });

  it('dangling ids, an unknown operation or an option naming no source are AS_IMPORT_INVALID listing each problem', () => {
    let error: unknown;
    try {
      importAgentsJson(weatherWith((d) => {
        d.flows[0].actions[1].sourceId = 'nope';
        d.flows[0].links[0].target.actionId = 'ghost';
        delete d.info.title;
        d.overrides[0].value = null;
      }), { baseDir: dirname(weatherFile) });
    } catch (e) {
      error = e;
    }
    expect(error).toMatchObject({ code: 'AS_IMPORT_INVALID' });
    for (const part of ["/info/title: is required", "/overrides/0/value: is required", "/flows/0/actions/1/sourceId: names no source ('nope'", "/flows/0/links/0/target/actionId: names neither an action of the flow nor the flow ('ghost')"]) {
      expect((error as Error).message).toContain(part);
    }
    expect(() => importAgentsJson(weatherWith((d) => { d.flows[0].actions[0].operationId = 'getLocations'; }), { baseDir: dirname(weatherFile) }))
      .toThrow(expect.objectContaining({ code: 'AS_IMPORT_INVALID', message: expect.stringContaining("source 'locationAPI' has no operation 'getLocations' (its operations: getUserLocation)") }));
    expect(() => importAgentsJson(weather, { baseDir: dirname(weatherFile), serverUrls: { weather: 'http://x' } })).toThrow(expect.objectContaining({ code: 'AS_IMPORT_INVALID', message: expect.stringContaining("names no source 'weather'") }));
  });

  it('links that make actions wait for each other are AS_IMPORT_LINK_CYCLE', () => {
    const cyclic = weatherWith((d) => {
      d.flows[0].links.push({ origin: { actionId: 'getWeather', fieldPath: 'response.temperature' }, target: { actionId: 'getLocation', fieldPath: 'parameters.ip' } });
    });
    expect(() => importAgentsJson(cyclic, { baseDir: dirname(weatherFile) })).toThrow(expect.objectContaining({ code: 'AS_IMPORT_LINK_CYCLE', message: expect.stringContaining('getLocation, getWeather') }));
  });

  it('a link into requestBody.__proto__ writes an own field, never a prototype', () => {
    const files = { ...EDGE_FILES };
    const doc = JSON.parse(edge);
    doc.flows[0].links.push({ origin: { actionId: null, fieldPath: 'parameters.name' }, target: { actionId: 'upload', fieldPath: 'requestBody.__proto__.polluted' } });
    files[join(EDGE_DIR, 'files.yaml')] = files[join(EDGE_DIR, 'files.yaml')]!.replace('              properties:\n                name: {type: string}\n', '              properties:\n                name: {type: string}\n                __proto__: {type: object}\n');
    const { component } = importAgentsJson(JSON.stringify(doc), { baseDir: EDGE_DIR, readFile: (p) => files[p]!, flow: 'upload_flow' });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    const data = (component.nodes.find((n) => n.component_type === 'ApiNode') as ApiNode).data as Record<string, unknown>;
    expect(Object.hasOwn(data, '__proto__')).toBe(true);
    expect(Object.getPrototypeOf(data)).toBe(Object.prototype);
  });
});
