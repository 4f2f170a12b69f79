import { execFile } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { conformanceSpecs } from './helpers/conformance-specs.js';
import { EMITTED_DIR, writeEmitted } from './helpers/emitted-modules.js';
import { extraGroupSpecs, extraSpecs } from './helpers/emit-specs.js';

const TSC = new URL('../../../node_modules/.bin/tsc', import.meta.url).pathname;

/**
 * Cases whose spec is an Agent, a SpecializedAgent, a Swarm or a ManagerWorkers: the components this target emits (Flows
 * are AS_UNSUPPORTED); those with message transforms too, but the datastore-* ones (refused at emit, as at load), BuiltinTools and generic
 * LlmConfigs included.
 */
const EMITTED = ['Agent', 'SpecializedAgent', 'Swarm', 'ManagerWorkers'];
const emittedCases = conformanceSpecs({ withTransforms: true }).filter((c) => EMITTED.includes(c.spec.component_type) && !c.id.startsWith('multi-agent/datastore-'));
/**
 * And agents with what the suite's agents lack (escaping, OpenAiConfig, OciGenAiConfig, RemoteTool bodies, MCP stdio and
 * SSE), and groups with awkward names, relationships going round, two LLM configs and inputs, in each handoff mode.
 */
const specs = [...emittedCases, ...extraSpecs(), ...extraGroupSpecs()];

describe('emitted modules typecheck', () => {
  it('the module of every Agent, SpecializedAgent, Swarm and ManagerWorkers case of the suite (and of a few more) passes tsc (strict, noUnusedLocals, exactOptionalPropertyTypes)', { timeout: 180_000 }, async () => {
    const dir = join(EMITTED_DIR, 'typecheck');
    rmSync(dir, { recursive: true, force: true });
    const files = specs.map((c) => writeEmitted(c.spec, 'typecheck', c.id.replace('/', '__')));
    writeFileSync(join(dir, 'tsconfig.json'), `${JSON.stringify({
      compilerOptions: {
        target: 'ES2022', lib: ['ES2023', 'DOM'], module: 'NodeNext', moduleResolution: 'NodeNext', strict: true, noUnusedLocals: true,
        noUnusedParameters: true, noUncheckedIndexedAccess: true, exactOptionalPropertyTypes: true, noImplicitOverride: true, isolatedModules: true, verbatimModuleSyntax: true,
        skipLibCheck: true, noEmit: true, types: ['node'],
      },
      include: ['*.ts'],
    }, null, 2)}\n`);
    const run = promisify(execFile);
    const result = await run(TSC, ['-p', join(dir, 'tsconfig.json')], { cwd: dir }).then(() => ({ stdout: '' }), (e: { stdout?: string; stderr?: string }) => ({ stdout: `${e.stdout ?? ''}${e.stderr ?? ''}` }));
    expect(files.length).toBe(73);
    expect(result.stdout).toBe('');
  });
});
