import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DIAGNOSTIC_CODES } from '@agentspec/core';
import { RUNTIME_ERROR_CODES } from '@agentspec/runtime';
import * as formats from '../src/index.js';
import { AGENTS_JSON_WARNING_CODES, FORMAT_ERROR_CODES, importAgentsJson, importAgentsJsonFlows, importOpenAgentSpec, OPENAGENTSPEC_WARNING_CODES } from '../src/index.js';
import { EDGE_DIR, EDGE_FILES, readEdgeFile } from './agents-json-edges.js';

const README = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
const fixture = (path: string) => fileURLToPath(new URL(`./fixtures/${path}`, import.meta.url));

/** The rows of the first Markdown table after `heading`, as cells. */
function table(heading: string): string[][] {
  const at = README.indexOf(`\n${heading}\n`);
  expect(at, heading).toBeGreaterThan(0);
  const lines = README.slice(at).split('\n');
  const start = lines.findIndex((l) => l.startsWith('|'));
  const rows: string[][] = [];
  for (const line of lines.slice(start + 2)) {
    if (!line.startsWith('|')) break;
    rows.push(line.slice(2, -2).split(' | ').map((c) => c.replaceAll('\\|', '|')));
  }
  return rows;
}

/** Every warning code the sample documents give, imported in each way the tests import them. */
function producedCodes(): Set<string> {
  const oas = (name: string) => readFileSync(fixture(`openagentspec/${name}.yaml`), 'utf8');
  const codes = [
    ...importOpenAgentSpec(oas('research-assistant')).warnings,
    ...importOpenAgentSpec(oas('expense-approver'), { model: 'm' }).warnings,
    ...importOpenAgentSpec(oas('expense-approver'), { model: 'm', version: '25.4.1' }).warnings,
    ...importOpenAgentSpec(oas('travel-planner'), { model: 'm' }).warnings,
    ...importAgentsJson(readFileSync(fixture('agents-json/weather/agents.json'), 'utf8'), { baseDir: fixture('agents-json/weather') }).warnings,
    ...importAgentsJsonFlows(readFileSync(fixture('agents-json/orders/agents.json'), 'utf8'), { baseDir: fixture('agents-json/orders') }).flatMap((f) => f.warnings),
    ...importAgentsJson(EDGE_FILES[join(EDGE_DIR, 'agents.json')]!, { baseDir: EDGE_DIR, readFile: readEdgeFile, flow: 'upload_flow' }).warnings,
  ].map((w) => w.code);
  return new Set(codes);
}

describe('the public surface of @agentspec/formats', () => {
  it('exports exactly these names', () => {
    expect(Object.keys(formats).sort()).toEqual([
      'AGENTS_JSON_WARNING_CODES', 'FORMAT_ERROR_CODES', 'OPENAGENTSPEC_WARNING_CODES', 'PLACEHOLDER_LLM_URL', 'PLACEHOLDER_MODEL',
      'importAgentsJson', 'importAgentsJsonFlows', 'importOpenAgentSpec',
    ]);
  });

  it('the README tables are the code tables (code, kind, meaning), in order', () => {
    const rows = (t: Record<string, { kind: string; what: string }>) => Object.entries(t).map(([code, w]) => [code, w.kind, w.what]);
    expect(table('### OpenAgentSpec warnings')).toEqual(rows(OPENAGENTSPEC_WARNING_CODES));
    expect(table('### agents.json warnings')).toEqual(rows(AGENTS_JSON_WARNING_CODES));
    expect(table('### Error codes')).toEqual(Object.entries(FORMAT_ERROR_CODES));
  });

  it('every warning code is produced by a sample document (none is dead), and no error code is a core or runtime code', () => {
    expect([...producedCodes()].sort()).toEqual([...Object.keys(OPENAGENTSPEC_WARNING_CODES), ...Object.keys(AGENTS_JSON_WARNING_CODES)].sort());
    for (const code of Object.keys(FORMAT_ERROR_CODES)) expect(Object.hasOwn(DIAGNOSTIC_CODES, code) || Object.hasOwn(RUNTIME_ERROR_CODES, code), code).toBe(false);
  });
});
