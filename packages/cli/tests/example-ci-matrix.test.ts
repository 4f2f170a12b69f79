import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

const example = fileURLToPath(new URL('../../../examples/ci-matrix/', import.meta.url));
const bin = fileURLToPath(new URL('../dist/bin.js', import.meta.url));

/** The ci-matrix example, run as its README says (needs `pnpm build`). */
function runExample(dir: string) {
  return spawnSync('bash', [join(dir, 'run-conformance.sh')], { env: { ...process.env, AGENTSPEC: `node ${bin}` }, encoding: 'utf8' });
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

  it('fails the job when a case regresses, with the failure in the report', () => {
    const dir = copyExample();
    const caseFile = join(dir, 'conformance/cases/flows/capital-lookup/case.yaml');
    writeFileSync(caseFile, readFileSync(caseFile, 'utf8').replace('capital: Tokyo', 'capital: Kyoto'));
    const r = runExample(dir);
    expect(r.status).toBe(1);
    expect(readFileSync(join(dir, 'reports/conformance.xml'), 'utf8')).toMatch(/<failure[^>]*>[\s\S]*Kyoto/);
  });
});
