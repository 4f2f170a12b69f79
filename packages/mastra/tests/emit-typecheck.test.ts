// Every module emitMastra writes for the conformance suite typechecks, all at
// once, with a strict tsconfig (noUnusedLocals included).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { deserialize, type Component } from '@agentspec/core';
import { hasToolboxes } from '@agentspec/runtime';
import { describe, expect, it } from 'vitest';
import { emitMastra } from '../src/index.js';
import { EMITTED_DIR, nastyAgent, oddFlow, oddSwarm, prepareEmittedDir } from './emit-helpers.js';

const casesDir = new URL('../../../conformance/cases/', import.meta.url);
const PLACEHOLDERS: Record<string, string> = {
  '${http}': 'http://127.0.0.1:1', '${mcp-http}': 'http://127.0.0.1:1/mcp', '${mcp-sse}': 'http://127.0.0.1:1/sse',
  '${mcp-stdio-command}': 'node', '${mcp-stdio-args}': '["server.mjs"]', '${mcp-stdio-script}': '"server.mjs"',
};

/** Cases whose transforms' datastores the emitter refuses (a cache collection missing from its schema, an Oracle database). */
const REFUSED = ['multi-agent/datastore-cache-collection-missing', 'multi-agent/datastore-oracle-refused'];

/** Every valid case's spec, local server placeholders filled in; not those of `unsupported/` (refused by every emitter), nor those with toolboxes. */
function specs(): [string, Component][] {
  const out: [string, Component][] = [];
  for (const area of readdirSync(casesDir).sort()) {
    if (area.startsWith('_') || area === 'unsupported') continue;
    for (const name of readdirSync(new URL(`${area}/`, casesDir)).sort()) {
      const file = ['spec.yaml', 'spec.json'].map((f) => new URL(`${area}/${name}/${f}`, casesDir)).find((u) => existsSync(u));
      if (!file) continue;
      let text = readFileSync(file, 'utf8');
      for (const [k, v] of Object.entries(PLACEHOLDERS)) text = text.split(k).join(v);
      const spec = deserialize(text);
      // the datastores an emitted module does not have (refused at emit, as at load)
      if (REFUSED.includes(`${area}/${name}`)) continue;
      // a spec with toolboxes is emitted once a load has listed their tools (emit-conformance runs those)
      // an A2AAgent is not emitted as a root (a Flow's A2AAgents are)
      if (spec.component_type === 'A2AAgent') continue;
      if (!hasToolboxes(spec)) out.push([`${area}/${name}`, spec]);
    }
  }
  return out;
}

const TSCONFIG = {
  compilerOptions: {
    target: 'ES2022', module: 'NodeNext', moduleResolution: 'NodeNext', strict: true, noUnusedLocals: true, noUnusedParameters: true,
    noUncheckedIndexedAccess: true, skipLibCheck: true, noEmit: true, types: ['node'], customConditions: ['@agentspec/source'],
  },
  include: ['*.ts'],
};

describe('emitted modules typecheck', () => {
  // one tsc run over 100 modules: ~20 s on a busy 2-core machine, hence the longer timeout
  it('tsc --noEmit over the module of every valid case', { timeout: 180_000 }, () => {
    prepareEmittedDir();
    const dir = join(EMITTED_DIR, 'typecheck');
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    const all = specs();
    // and three modules made of odd strings and ids
    all.push(['odd/nasty-agent', nastyAgent()], ['odd/odd-flow', oddFlow()], ['odd/odd-swarm', oddSwarm()]);
    for (const [id, spec] of all) writeFileSync(join(dir, `${id.replace('/', '--')}.ts`), emitMastra(spec, { source: `${id}/spec.yaml` }).code);
    writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify(TSCONFIG, null, 2));
    writeFileSync(join(dir, 'package.json'), JSON.stringify({ type: 'module' }));
    const tsc = new URL('../../../node_modules/typescript/bin/tsc', import.meta.url);
    let output = '';
    try {
      execFileSync(process.execPath, [tsc.pathname, '-p', join(dir, 'tsconfig.json')], { encoding: 'utf8', stdio: 'pipe' });
    } catch (e) {
      output = `${(e as { stdout?: string }).stdout ?? ''}${(e as { stderr?: string }).stderr ?? ''}`;
    }
    expect(output).toBe('');
    expect(all.length).toBe(160 + 3);
  });
});
