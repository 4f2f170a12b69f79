// The scripted LLM server (@agentspec/testing's bin) in a process of its own, so
// that its work does not share the event loop measured.
import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';

/** Start the scripted LLM server in its own process with these rules; resolves with its URL and a stop function. */
export async function startLlmProcess(script: unknown): Promise<{ url: string; stop: () => void }> {
  const dir = mkdtempSync(join(tmpdir(), 'agentspec-bench-'));
  const rules = join(dir, 'rules.json');
  writeFileSync(rules, JSON.stringify(script));
  const bin = join(dirname(createRequire(import.meta.url).resolve('@agentspec/testing')), 'bin.js');
  const child = spawn(process.execPath, [bin, '--rules', rules], { stdio: ['ignore', 'pipe', 'inherit'] });
  const url = await new Promise<string>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the scripted LLM server exited (${code})`)));
    createInterface({ input: child.stdout! }).once('line', (line) => resolve(line.trim()));
  });
  return { url, stop: () => child.kill() };
}
