import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import type { RuntimeRegistry } from '@agentspec/conformance';
import { conformanceCommand, type ConformanceOptions } from '../src/commands/conformance.js';
import type { Io } from '../src/io.js';
import { UsageError } from '../src/io.js';
import { cli } from './helpers.js';

// The conformance package's small test runtime (standalone Agents, LLM over real HTTP), imported by
// path at run time: it lives in that package's tests, outside this package's TypeScript project.
const MINI = fileURLToPath(new URL('../../../conformance/tests/helpers/mini-runtime.ts', import.meta.url));
type Runtime = ReturnType<RuntimeRegistry[string]>;
const { miniRuntime } = (await import(MINI)) as { miniRuntime: (options?: { name?: string; shout?: boolean }) => Runtime };

const SELFTEST = fileURLToPath(new URL('../../../conformance/cases/_selftest_', import.meta.url));
const registry: RuntimeRegistry = { mini: () => miniRuntime(), loud: () => miniRuntime({ name: 'loud', shout: true }) };

const roots: string[] = [];
afterAll(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

/** A copy of the self-test cases with known-gaps files beside them; returns the cases dir. */
function casesWithGaps(gaps: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'agentspec-cli-conformance-'));
  roots.push(root);
  cpSync(SELFTEST, join(root, 'cases'), { recursive: true });
  mkdirSync(join(root, 'known-gaps'));
  for (const [name, text] of Object.entries(gaps)) writeFileSync(join(root, 'known-gaps', name), text);
  return join(root, 'cases');
}

async function run(options: ConformanceOptions, isTTY = false) {
  let stdout = '';
  let stderr = '';
  const files: Record<string, string> = {};
  const io: Io = {
    stdout: (t) => (stdout += t), stderr: (t) => (stderr += t),
    readFile: (p) => readFileSync(p, 'utf8'), writeFile: (p, t) => (files[p] = t), isTTY,
  };
  const code = await conformanceCommand(io, options, registry);
  return { code, stdout, stderr, files };
}

describe('agentspec conformance', () => {
  it('exits 0 when every case passes, with the matrix on stdout and one progress line per runtime on stderr', async () => {
    const r = await run({ runtimes: 'mini', cases: SELFTEST });
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('agents/server-tool               ✓');
    expect(r.stdout).toContain('mini: 3 passed, 0 failed, 0 known gaps');
    expect(r.stderr.trim().split('\n')).toEqual([expect.stringMatching(/^mini: 3 cases run, 0 not passing \(\d+\.\d s\)$/)]);
    const two = await run({ runtimes: 'mini,loud', cases: SELFTEST });
    expect(two.stderr.trim().split('\n')).toEqual([
      expect.stringMatching(/^mini: 3 cases run, 0 not passing /),
      expect.stringMatching(/^loud: 3 cases run, 1 not passing /),
    ]);
  });

  it('shows a counter on a terminal', async () => {
    const r = await run({ runtimes: 'mini', cases: SELFTEST, filter: 'server' }, true);
    expect(r.stderr).toBe('\r\x1b[2K[1/1] mini agents/server-tool\r\x1b[2K');
  });

  it('exits 1 when a case fails, 0 when that failure is a known gap, 1 again when a gap is stale or names no case', async () => {
    expect((await run({ runtimes: 'mini,loud', cases: SELFTEST })).code).toBe(1);
    const gap = casesWithGaps({ 'loud.yaml': '- case: agents/server-tool\n  reason: It shouts.\n' });
    const ok = await run({ runtimes: 'mini,loud', cases: gap });
    expect(ok.code).toBe(0);
    expect(ok.stdout).toContain('loud: 2 passed, 0 failed, 1 known gap');
    const stale = casesWithGaps({ 'mini.yaml': '- case: agents/server-tool\n  reason: Fixed since.\n' });
    expect((await run({ runtimes: 'mini', cases: stale })).code).toBe(1);
    const unknown = casesWithGaps({ 'mini.yaml': '- case: agents/gone\n  reason: Removed.\n' });
    const r = await run({ runtimes: 'mini', cases: unknown });
    expect(r.code).toBe(1);
    expect(r.stdout).toContain("lists 'agents/gone', which is not a case");
  });

  it('writes md, json and junit reports to stdout or --out, with the summary on stderr', async () => {
    const md = await run({ runtimes: 'mini', cases: SELFTEST, report: 'md' });
    expect(md.stdout).toContain('| `agents/server-tool` | ✓ |');
    expect(md.stderr).toContain('mini: 3 passed, 0 failed, 0 known gaps');
    const json = await run({ runtimes: 'mini,loud', cases: SELFTEST, report: 'json' });
    expect(JSON.parse(json.stdout)).toMatchObject({ ok: false, runtimes: [{ name: 'mini' }, { name: 'loud', summary: { failed: 1 } }] });
    const junit = await run({ runtimes: 'mini', cases: SELFTEST, report: 'junit', out: '/tmp/x.xml' });
    expect(junit.stdout).toBe('');
    expect(junit.files['/tmp/x.xml']).toMatch(/^<\?xml[^]*<testsuite name="mini" tests="3" failures="0" errors="0" skipped="0"/);
  });

  it('is a usage error (exit 2) for an unknown runtime, a missing cases dir, a bad report format, no matching case', async () => {
    await expect(run({ runtimes: 'mini,nope', cases: SELFTEST })).rejects.toThrow(new UsageError("unknown runtime 'nope' (known: mini, loud)", { code: 'AS_UNKNOWN_RUNTIME' }));
    await expect(run({ cases: '/nonexistent/cases' })).rejects.toThrow('cases directory not found: /nonexistent/cases');
    await expect(run({ cases: SELFTEST, report: 'xml' })).rejects.toThrow("--report must be one of text, md, json, junit (optionally :FILE), not 'xml'");
    await expect(run({ cases: SELFTEST, timeout: 'soon' })).rejects.toThrow('--timeout must be a whole number');
    await expect(run({ runtimes: 'mini', cases: SELFTEST, filter: 'zzz' })).rejects.toThrow("matching 'zzz'");
    expect((await cli('conformance', '--runtimes', 'nope')).code).toBe(2);
    expect((await cli('conformance', '--cases', '/nonexistent/cases')).code).toBe(2);
    expect((await cli('conformance', '--report', 'xml')).code).toBe(2);
  });

  it('runs the registered reference runtime from the command line', async () => {
    const r = await cli('conformance', '--runtimes', 'reference', '--cases', SELFTEST, '--report', 'json');
    expect(JSON.parse(r.stdout).runtimes[0].summary).toMatchObject({ total: 3 });
    expect(r.code === 0 || r.code === 1).toBe(true);
  });

  it('has help with an example', async () => {
    const r = await cli('conformance', '--help');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('Example:');
    expect(r.stdout).toContain('--known-gaps <dir>');
  });
});
