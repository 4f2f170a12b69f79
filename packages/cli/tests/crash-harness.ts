/**
 * Crash and resume as it happens to users: `agentspec run --save` in a child
 * process that dies (SIGKILL, through the runtime's crash points) at a step
 * boundary, then `agentspec run --resume` in a new process. The LLM is the
 * scripted server of the test process and the tool charges a counting
 * payments server on loopback, so every LLM request and every payment is
 * counted across both processes.
 */
import { spawn } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { loadRulesFile, startScriptedLlm, type ScriptedLlm } from '@agentspec/testing';
import { BIN, ROOT } from './bin-process.js';

const fixture = (name: string) => fileURLToPath(new URL(`./fixtures/${name}`, import.meta.url));

export const RUNTIMES = ['reference', 'langgraph', 'ai-sdk', 'openai-agents', 'mastra'] as const;

/** The agent that pays twice (two tool calls in two LLM turns, then a reply), and the flow that pays once between two LlmNodes. */
export const AGENT = { spec: fixture('../../../../conformance/cases/faults/tool-then-llm-500-retried/spec.yaml'), opening: ['Pay 10 and then 5'] };
export const FLOW = { spec: fixture('payments-flow.yaml'), opening: [] as string[] };

export interface Exit {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
  readonly output: string;
}

/** The scripted LLM and the counting payments server, shared by the processes of one test file. */
export class CrashBench {
  private constructor(readonly llm: ScriptedLlm, private readonly payments: Server, readonly paid: number[]) {}

  static async start(): Promise<CrashBench> {
    const llm = await startScriptedLlm(await loadRulesFile(fixture('payments-llm.yaml')));
    const paid: number[] = [];
    const payments = createServer((req, res) => {
      let body = '';
      req.on('data', (d: Buffer) => (body += d.toString()));
      req.on('end', () => {
        paid.push((JSON.parse(body) as { amount: number }).amount);
        res.end(`payment #${paid.length} of ${paid.at(-1)}`);
      });
    });
    await new Promise<void>((resolve) => payments.listen(0, '127.0.0.1', resolve));
    return new CrashBench(llm, payments, paid);
  }

  reset(): void {
    this.llm.clear();
    this.paid.length = 0;
  }

  /** `agentspec run <spec> --runtime <runtime> …args` with the payment tools, `lines` on stdin, `env` added. */
  run(spec: string, runtime: string, args: readonly string[], lines: readonly string[], env: Record<string, string> = {}): Promise<Exit> {
    const port = (this.payments.address() as AddressInfo).port;
    const argv = [BIN, 'run', spec, '--runtime', runtime, '--tools', fixture('payment-tools.ts'), '--llm-url', this.llm.url, ...args];
    return new Promise((resolve, reject) => {
      const child = spawn(process.execPath, argv, { cwd: ROOT, env: { ...process.env, PAYMENTS_URL: `http://127.0.0.1:${port}`, ...env }, stdio: ['pipe', 'pipe', 'pipe'] });
      let output = '';
      child.stdout.setEncoding('utf8').on('data', (t: string) => (output += t));
      child.stderr.setEncoding('utf8').on('data', (t: string) => (output += t));
      child.on('error', reject);
      child.on('close', (code, signal) => resolve({ code, signal, output }));
      child.stdin.end(lines.map((l) => `${l}\n`).join(''));
    });
  }

  async close(): Promise<void> {
    await this.llm.close();
    await new Promise<void>((resolve) => this.payments.close(() => resolve()));
  }
}
