import { spawn } from 'node:child_process';
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packageDir, transpileSources } from './transpile.js';

let dir: string;
let readmeRules: string;
beforeAll(async () => {
  dir = await transpileSources();
  const readme = await readFile(join(packageDir, 'README.md'), 'utf8');
  const yaml = /```yaml\n([\s\S]*?)```/.exec(readme)?.[1];
  if (yaml === undefined) throw new Error('README has no yaml example');
  readmeRules = join(dir, 'rules.yaml');
  await writeFile(readmeRules, yaml);
});
afterAll(() => rm(dir, { recursive: true, force: true }));

interface Running {
  child: ChildProcessWithoutNullStreams;
  /** The first line on stdout (the base URL); rejects if the process exits first. */
  started: Promise<string>;
  stderr: () => string;
  exit: Promise<number | null>;
}

function runBin(args: string[]): Running {
  const child = spawn(process.execPath, [join(dir, 'bin.js'), ...args]);
  let stdout = '';
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exit = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
  const started = new Promise<string>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      if (stdout.includes('\n')) resolve(stdout.trim());
    });
    void exit.then((code) => reject(new Error(`exited with ${code}: ${stderr}`)));
  });
  started.catch(() => undefined); // awaited only by the tests that expect a start
  return { child, stderr: () => stderr, exit, started };
}

async function chat(url: string, content: string, extra: Record<string, unknown> = {}): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(`${url}/chat/completions`, {
    method: 'POST',
    body: JSON.stringify({ model: 'gpt-4o-mini', messages: [{ role: 'user', content }], ...extra }),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

const freePort = (): Promise<number> =>
  new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

describe('agentspec-scripted-llm', () => {
  it('serves the README rules file, prints the base URL and stops on SIGTERM', async () => {
    const run = runBin(['--rules', readmeRules]);
    const url = await run.started;
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1$/);
    const greeting = await chat(url, 'Hello');
    expect(greeting.body).toMatchObject({ choices: [{ message: { content: 'Hi! How can I help?' } }], usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 } });
    const tools = [{ type: 'function', function: { name: 'get_weather', parameters: { type: 'object' } } }];
    const weather = await chat(url, 'weather in Paris?', { tools });
    expect(weather.body).toMatchObject({ choices: [{ message: { content: 'Let me check.' }, finish_reason: 'tool_calls' }] });
    expect((await chat(url, 'unscripted')).body).toMatchObject({ choices: [{ message: { content: 'I have no script for that.' } }] });
    expect((await chat(url, 'retry me')).status).toBe(429);
    expect((await chat(url, 'retry me')).status).toBe(200);
    run.child.kill('SIGTERM');
    expect(await run.exit).toBe(0);
  });

  it('takes --port and --strict, logs with --verbose, and stops on SIGINT', async () => {
    const port = await freePort();
    const run = runBin(['--rules', readmeRules, '--port', String(port), '--strict', '--verbose']);
    const url = await run.started;
    expect(url).toBe(`http://127.0.0.1:${port}/v1`);
    const miss = await chat(url, 'unscripted');
    expect(miss.status).toBe(400);
    expect(miss.body).toMatchObject({ error: { code: 'no_rule_matched' } });
    // the log line reaches our pipe after the answer does: wait for it (a busy machine delays it)
    await expect.poll(() => run.stderr(), { timeout: 10_000 }).toContain('/v1/chat/completions model=gpt-4o-mini stream=false -> no rule');
    run.child.kill('SIGINT');
    expect(await run.exit).toBe(0);
  });

  it('exits 2 on bad options and 1 on a bad rules file, saying why', async () => {
    const file = join(dir, 'bad.yaml');
    await writeFile(file, 'rules:\n  - match: { lastMesage: hi }\n    answer: { text: 1 }\n');
    const runs = [[], ['--rules', readmeRules, '--port', 'x'], ['--rules', file], ['--rules', join(dir, 'nope.yaml')]].map(runBin);
    const codes = await Promise.all(runs.map((run) => run.exit));
    expect(codes).toEqual([2, 2, 1, 1]);
    const [noRules, badPort, bad, missing] = runs.map((run) => run.stderr());
    expect(noRules).toContain('Missing --rules.');
    expect(badPort).toContain('--port must be a whole number');
    expect(bad).toContain('rules[0].match.lastMesage is not a known key');
    expect(bad).toContain('rules[0].answer.text must be a string');
    expect(missing).toContain('ENOENT');
  });
});
