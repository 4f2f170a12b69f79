import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BIN, NOT_A_BUG, ROOT } from './bin-process.js';

/** Start `agentspec args`, read the first chunk of stdout, then close the pipe (as `| head -1` does); the exit and stderr. */
function readOneChunk(args: readonly string[]): Promise<{ code: number | null; first: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let first = '';
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (t: string) => (stderr += t));
    child.stdout.setEncoding('utf8').once('data', (t: string) => {
      first = t;
      child.stdout.destroy();
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, first, stderr }));
  });
}

describe('output into a closed pipe ends quietly (the built bin)', () => {
  it('--help piped into a reader that stops after its first line', async () => {
    const r = await readOneChunk(['--help']);
    expect(r.first).toMatch(/^Usage: agentspec/);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
  });

  it('a large report whose reader goes away (EPIPE on the rest of the write)', async () => {
    // 2 000 reports of the same spec: ~0.5 MB of JSON in one write, far more than a pipe buffer holds
    const spec = join(ROOT, 'examples/specs/weather-agent.yaml');
    const r = await readOneChunk(['validate', '--format', 'json', ...Array.from({ length: 2_000 }, () => spec)]);
    expect(r.first).toMatch(/^\[/);
    expect(r.stderr).not.toMatch(NOT_A_BUG);
    expect(r.stderr).not.toMatch(/EPIPE|Error/);
    expect(r.code).toBe(0);
  });
});
