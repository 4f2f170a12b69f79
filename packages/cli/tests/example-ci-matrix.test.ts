import { spawnSync } from 'node:child_process';
import { chmodSync, cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

const example = fileURLToPath(new URL('../../../examples/ci-matrix/', import.meta.url));
const bin = fileURLToPath(new URL('../dist/bin.js', import.meta.url));

/** The ci-matrix example, run as its README says (needs `pnpm build`), with AGENTSPEC, or (null) with what is installed. */
function runExample(dir: string, agentspec: string | null = `node ${bin}`) {
  const { AGENTSPEC: _, ...env } = process.env;
  return spawnSync('bash', [join(dir, 'run-conformance.sh')], { env: agentspec === null ? env : { ...env, AGENTSPEC: agentspec }, encoding: 'utf8' });
}

/** A copy of the example in a temporary folder, removed after the test. */
const copies: string[] = [];
function copyExample(): string {
  const dir = mkdtempSync(join(tmpdir(), 'ci-matrix-'));
  copies.push(dir);
  cpSync(example, dir, { recursive: true });
  return dir;
}

describe('examples/ci-matrix', () => {
  afterEach(() => {
    for (const dir of copies.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('runs its cases, writes a JUnit report and exits 0', () => {
    const dir = copyExample();
    const r = runExample(dir);
    expect(r.status, r.stderr).toBe(0);
    const junit = readFileSync(join(dir, 'reports/conformance.xml'), 'utf8');
    expect(junit).toContain('<testsuite name="reference" tests="2" failures="0"');
    expect(junit).toContain('<testcase name="flows/capital-lookup"');
    expect(readFileSync(join(dir, 'reports/conformance.md'), 'utf8')).toContain('| `agents/greeter` | ✓ |');
  });

  it('runs node_modules/.bin/agentspec when AGENTSPEC is not set, and stops with exit 2 when it is not installed', () => {
    const dir = copyExample();
    const missing = runExample(dir, null);
    expect(missing.status).toBe(2);
    expect(missing.stderr).toContain('node_modules/.bin/agentspec not found: install @agentspec/cli first (npm install ./packs/*.tgz');
    expect(existsSync(join(dir, 'reports'))).toBe(false);
    // What `npm install ./packs/*.tgz` puts there: a bin that runs the CLI.
    mkdirSync(join(dir, 'node_modules/.bin'), { recursive: true });
    writeFileSync(join(dir, 'node_modules/.bin/agentspec'), `#!/bin/sh\nexec "${process.execPath}" "${bin}" "$@"\n`);
    chmodSync(join(dir, 'node_modules/.bin/agentspec'), 0o755);
    const installed = runExample(dir, null);
    expect(installed.status, installed.stderr).toBe(0);
    expect(readFileSync(join(dir, 'reports/conformance.md'), 'utf8')).toContain('| `flows/capital-lookup` | ✓ |');
  });

  it('fails the job when a case regresses, with the failure in the report', () => {
    const dir = copyExample();
    const caseFile = join(dir, 'conformance/cases/flows/capital-lookup/case.yaml');
    writeFileSync(caseFile, readFileSync(caseFile, 'utf8').replace('capital: Tokyo', 'capital: Kyoto'));
    const r = runExample(dir);
    expect(r.status).toBe(1);
    expect(readFileSync(join(dir, 'reports/conformance.xml'), 'utf8')).toMatch(/<failure[^>]*>[\s\S]*Kyoto/);
  });
});
