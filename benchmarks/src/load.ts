// Load and serialize benchmark (DESIGN §10): generated chain flows of 10 … 100k
// nodes; deserialize ÷ JSON.parse and serialize ÷ JSON.stringify(x, null, 2),
// both measured in this run. Targets: ≤ 5× each, growing linearly with N.
import { deserialize, serialize } from '@agentspec/core';
import { chainFlowDocument } from './chain-flow.js';
import { median, runsFor } from './measure.js';

const sizes = (process.env.BENCH_SIZES ?? '10,100,1000,10000,100000').split(',').map(Number);
const rows: string[] = [];
console.log('| nodes | text | JSON.parse | load | load ÷ parse | JSON.stringify | serialize | serialize ÷ stringify |');
console.log('| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
for (const n of sizes) {
  const doc = chainFlowDocument(n);
  const text = JSON.stringify(doc, null, 2);
  const runs = runsFor(n);
  const limits = { maxBytes: 1024 * 1024 * 1024 };
  const component = deserialize(text, { limits });
  const parse = median(() => JSON.parse(text), runs);
  const load = median(() => deserialize(text, { limits }), runs);
  const parsed = JSON.parse(text);
  const stringify = median(() => JSON.stringify(parsed, null, 2), runs);
  const write = median(() => serialize(component), runs);
  const row = `| ${n} | ${(text.length / 1e6).toFixed(2)} MB | ${parse.toFixed(2)} ms | ${load.toFixed(2)} ms | ${(load / parse).toFixed(2)}× | ${stringify.toFixed(2)} ms | ${write.toFixed(2)} ms | ${(write / stringify).toFixed(2)}× |`;
  rows.push(row);
  console.log(row);
}
