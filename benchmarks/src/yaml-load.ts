// YAML load benchmark (DESIGN §10): load(text) of YAML documents of 10 kB …
// 10 MB and of one mapping with 200k keys, against the plain parse of the same
// text by the `yaml` package core uses (`parse(text, { uniqueKeys: false })`),
// both measured in this run (CPU time of the process, samples interleaved).
// Target: ≤ 2×, whatever the size.
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { load } from '@agentspec/core';
import { chainFlowDocument } from './chain-flow.js';
import { manyKeysYaml } from './many-keys.js';


// the very copy of `yaml` that @agentspec/core loads
const yamlPath = createRequire(import.meta.resolve('@agentspec/core')).resolve('yaml');
interface Yaml {
  parse(text: string, options?: { uniqueKeys?: boolean }): unknown;
  stringify(value: unknown): string;
}
const yaml = (await import(pathToFileURL(yamlPath).href)) as Yaml;

const limits = { maxBytes: 1024 * 1024 * 1024 };
const gc = (globalThis as { gc?: () => void }).gc;

/** CPU milliseconds (user + system, this process) of one call of `fn`, over one batch after a GC. */
function fastestCpu(fn: () => unknown, batch: number): number {
  fn();
  gc?.();
  const t0 = process.cpuUsage();
  for (let j = 0; j < batch; j++) fn();
  const t = process.cpuUsage(t0);
  return (t.user + t.system) / 1000 / batch;
}

/** A chain flow written as YAML, grown until its text reaches `bytes`. */
function chainFlowYaml(bytes: number): string {
  const per = yaml.stringify(chainFlowDocument(102)).length / 100;
  return yaml.stringify(chainFlowDocument(Math.max(3, Math.round(bytes / per))));
}

const inputs: [string, string][] = [
  ['10 kB chain flow', chainFlowYaml(10_000)],
  ['100 kB chain flow', chainFlowYaml(100_000)],
  ['1 MB chain flow', chainFlowYaml(1_000_000)],
  ['10 MB chain flow', chainFlowYaml(10_000_000)],
  ['200k keys in one mapping', manyKeysYaml(200_000)],
];
const only = process.env.BENCH_YAML?.split(',');

console.log('| document | text | yaml parse | load | load ÷ parse |');
console.log('| --- | ---: | ---: | ---: | ---: |');
for (const [name, text] of inputs) {
  if (only && !only.some((o) => name.startsWith(o))) continue;
  const big = text.length > 2_000_000;
  const runs = big ? 5 : text.length > 200_000 ? 10 : 40;
  const batch = text.length < 50_000 ? 20 : 1;
  const result = load(text, { limits });
  if (result.diagnostics.some((d) => d.severity === 'error')) throw new Error(`${name}: ${result.diagnostics[0]?.message}`);
  // floor and subject sampled in turn, in CPU time of this process, so that other work on a shared machine hits both alike
  let parse = Infinity;
  let loaded = Infinity;
  for (let i = 0; i < runs; i++) {
    parse = Math.min(parse, fastestCpu(() => yaml.parse(text, { uniqueKeys: false }), batch));
    loaded = Math.min(loaded, fastestCpu(() => load(text, { limits }), batch));
  }
  console.log(`| ${name} | ${(text.length / 1e6).toFixed(2)} MB | ${parse.toFixed(2)} ms | ${loaded.toFixed(2)} ms | ${(loaded / parse).toFixed(2)}× |`);
}
