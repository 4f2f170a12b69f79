import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const bin = fileURLToPath(new URL('../dist/bin.js', import.meta.url));
const root = fileURLToPath(new URL('../../../', import.meta.url));

describe('the built agentspec bin (run `pnpm build` first)', () => {
  it('exists', () => {
    expect(existsSync(bin)).toBe(true);
  });

  it('validates the example specs from the repo root, as the README shows', () => {
    const out = execFileSync('node', [bin, 'validate', 'examples/specs/weather-agent.yaml', 'examples/specs/support-triage-flow.yaml', '--format', 'json'], { cwd: root, encoding: 'utf8' });
    expect(JSON.parse(out).map((r: { valid: boolean }) => r.valid)).toEqual([true, true]);
  });

  it('exits with the documented codes', () => {
    expect(spawnSync('node', [bin, 'validate'], { encoding: 'utf8' }).status).toBe(2);
    expect(spawnSync('node', [bin, '--help'], { encoding: 'utf8' }).status).toBe(0);
  });
});
