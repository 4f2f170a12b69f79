/**
 * vitest globalSetup: a PostgreSQL server for the cross-process checkpointer
 * tests. AGENTSPEC_TEST_POSTGRES_URL when set; else a server that
 * scripts/ensure-postgres.sh already runs; else one it starts (installing
 * PostgreSQL with apt-get when absent), stopped again after the tests.
 * A failure is handed to the tests that need the server, which report it.
 */
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    postgres: { url?: string; error?: string };
  }
}

const script = fileURLToPath(new URL('../../../../scripts/ensure-postgres.sh', import.meta.url));

function ensure(action: 'start' | 'url' | 'stop'): string {
  return execFileSync('bash', [script, action], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], timeout: 300_000 }).trim();
}

export default function setup(project: TestProject): (() => void) | undefined {
  const given = process.env.AGENTSPEC_TEST_POSTGRES_URL;
  if (given) {
    project.provide('postgres', { url: given });
    return undefined;
  }
  try {
    project.provide('postgres', { url: ensure('url') });
    return undefined;
  } catch {
    // not running: start it below
  }
  try {
    project.provide('postgres', { url: ensure('start') });
  } catch (e) {
    const err = e as { stderr?: string; message: string };
    project.provide('postgres', { error: `scripts/ensure-postgres.sh failed: ${err.stderr?.trim() || err.message}` });
    return undefined;
  }
  return () => void ensure('stop');
}
