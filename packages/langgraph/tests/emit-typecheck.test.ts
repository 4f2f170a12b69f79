// Every valid conformance case emitted into tests/.emitted/ and typechecked at once with the workspace's tsc.
import { execFile } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { emitLangGraph } from '../src/index.js';
import { deserialize } from '@agentspec/core';
import { hasToolboxes } from '@agentspec/runtime';
import { CALCULATOR, caseComponent, EMITTED_DIR, emittedFile, GREETING, KITCHEN_SINK_AGENT, NASTY_AGENT, NASTY_FLOW, PACKAGE_DIR, prepareEmittedDir, SHARED_SUBFLOW, validCases } from './emit-cases.js';

const TSCONFIG = {
  compilerOptions: {
    target: 'ES2022',
    lib: ['ES2023'],
    module: 'NodeNext',
    moduleResolution: 'NodeNext',
    strict: true,
    noUnusedLocals: true,
    noUnusedParameters: true,
    skipLibCheck: true,
    noEmit: true,
    isolatedModules: true,
    verbatimModuleSyntax: true,
    customConditions: ['@agentspec/source'],
    types: ['node'],
    typeRoots: [join(PACKAGE_DIR, '..', '..', 'node_modules', '@types')],
  },
  include: ['*.ts'],
};

const HOOK_USAGE = `import { langgraphRuntime } from '@agentspec/langgraph';
import { build as buildAgent } from './calculator.js';
import { build as buildFlow } from './greeting.js';

export const agents = langgraphRuntime({ build: (_component, load) => buildAgent({ checkpointer: load.checkpointer, ...(load.tools ? { tools: load.tools } : {}) }) });
export const flows = langgraphRuntime({ build: (_component, load) => buildFlow({ checkpointer: load.checkpointer, ...(load.limits ? { limits: load.limits } : {}) }) });
`;

describe('emitted modules typecheck', () => {
  it('emits every valid case (and specs with hostile strings), and tsc --noEmit finds nothing (strict, noUnusedLocals)', async () => {
    prepareEmittedDir();
    const dir = join(EMITTED_DIR, 'typecheck');
    const cases = await validCases();
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    let emitted = 0;
    const refused: string[] = [];
    // the cases of unsupported/ check that everything refuses their specs: the emitter too;
    // a spec with toolboxes is emitted once a load has listed their tools (emit-conformance runs those)
    for (const c of cases.filter((x) => !x.id.startsWith('unsupported/'))) {
      const component = await caseComponent(c);
      // message transforms, a Flow's A2AAgents, BuiltinTools and generic LlmConfigs are emitted
      if (hasToolboxes(component)) continue;
      // an A2AAgent is no root of a module (the runtimes serve it with their A2A client)
      if (component.component_type === 'A2AAgent') continue;
      if (process.env.EMIT_ONLY !== undefined && component.component_type !== process.env.EMIT_ONLY) continue;
      let code: string;
      try {
        code = emitLangGraph(component, { source: `${c.id}/spec.yaml` }).code;
      } catch (e) {
        // a transform cache the emitter refuses, as the runtimes refuse it at load (the case expects that error)
        refused.push(`${c.id}: ${(e as { code?: string }).code ?? String(e)}`);
        continue;
      }
      writeFileSync(emittedFile(c.id, dir), code);
      emitted++;
    }
    if (process.env.EMIT_ONLY === undefined) {
      expect(refused).toEqual(['multi-agent/datastore-cache-collection-missing: AS_DATASTORE', 'multi-agent/datastore-oracle-refused: AS_UNSUPPORTED']);
    }
    // the two small specs of the fixtures, and specs whose strings try to break out of their literals
    writeFileSync(emittedFile('calculator', dir), emitLangGraph(deserialize(CALCULATOR)).code);
    writeFileSync(emittedFile('greeting', dir), emitLangGraph(deserialize(GREETING)).code);
    writeFileSync(emittedFile('shared-subflow', dir), emitLangGraph(deserialize(JSON.stringify(SHARED_SUBFLOW))).code);
    writeFileSync(emittedFile('kitchen-sink-agent', dir), emitLangGraph(deserialize(JSON.stringify(KITCHEN_SINK_AGENT))).code);
    writeFileSync(emittedFile('nasty-agent', dir), emitLangGraph(deserialize(JSON.stringify(NASTY_AGENT)), { source: 'nasty */ `${x}`.json' }).code);
    writeFileSync(emittedFile('nasty-flow', dir), emitLangGraph(deserialize(JSON.stringify(NASTY_FLOW)), { source: "nasty '\n.json" }).code);
    // how a user hands an emitted module to the runtime: typed, no casts
    writeFileSync(join(dir, 'hook-usage.ts'), HOOK_USAGE);
    writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify(TSCONFIG, null, 2));
    const tsc = join(PACKAGE_DIR, '..', '..', 'node_modules', '.bin', 'tsc');
    const run = await promisify(execFile)(tsc, ['-p', join(dir, 'tsconfig.json')], { cwd: dir }).then(() => ({ out: '' }), (e: { stdout?: string }) => ({ out: e.stdout ?? String(e) }));
    expect(run.out).toBe('');
    expect(emitted).toBe(process.env.EMIT_ONLY === undefined ? 160 : emitted);
  }, 180_000);
});
