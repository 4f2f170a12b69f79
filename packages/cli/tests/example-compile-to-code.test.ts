import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const example = fileURLToPath(new URL('../../../examples/compile-to-code/', import.meta.url));

/** Step 2 of the example's README (step 1 is checked by compile.test.ts: the committed modules are what compile writes). */
describe('examples/compile-to-code', () => {
  it('typechecks the four generated modules', () => {
    const r = spawnSync('pnpm', ['--dir', example, 'typecheck'], { encoding: 'utf8' });
    expect(r.status, `${r.stdout}${r.stderr}`).toBe(0);
  }, 120_000);

  it('runs each generated module with its own framework, offline: the same summary after the same two LLM calls', () => {
    const r = spawnSync('pnpm', ['--dir', example, 'start'], { encoding: 'utf8' });
    expect(r.status, `${r.stdout}${r.stderr}`).toBe(0);
    for (const framework of ['langgraph', 'ai-sdk', 'openai-agents', 'mastra']) {
      expect(r.stdout).toMatch(new RegExp(`^${framework} +"Sunny and 21°C in Zurich\\."  \\(2 LLM calls\\)$`, 'm'));
    }
    expect(r.stdout).toContain('all four agree');
  }, 120_000);
});
