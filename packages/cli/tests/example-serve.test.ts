import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT } from './bin-process.js';
import { startServe } from './serve-process.js';

const dir = mkdtempSync(join(tmpdir(), 'agentspec-example-serve-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('examples/serve', () => {
  it('drive.mjs goes through a refund on the served flow and prints what the README shows', async () => {
    const served = await startServe(['examples/serve/refund-flow.yaml', '--tools', 'examples/serve/tools.ts', '--offline', 'examples/serve/llm.yaml', '--port', '0', '--store', join(dir, 's.db'), '--token', 't0k']);
    try {
      const r = spawnSync(process.execPath, ['examples/serve/drive.mjs', served.url, 't0k'], { cwd: ROOT, encoding: 'utf8', timeout: 60_000 });
      expect(r.stderr).toBe('');
      expect(r.status).toBe(0);
      const readme = readFileSync(join(ROOT, 'examples/serve/README.md'), 'utf8');
      const shown = /```\n(assistant: Hello Ada[\s\S]*?)```/.exec(readme)?.[1];
      expect(r.stdout).toBe(shown);
    } finally {
      await served.stop();
    }
  });
});
