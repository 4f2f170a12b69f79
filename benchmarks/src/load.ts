// Load and serialize benchmark (DESIGN §10): generated chain flows of 10 … 100k
// nodes; deserialize ÷ JSON.parse and serialize ÷ JSON.stringify(x, null, 2),
// both measured in this run. Targets: ≤ 5× each, growing linearly with N.
import { deserialize, serialize } from '@agentspec/core';
import { chainFlowDocument, laterChainFlowDocument } from './chain-flow.js';
import { batchFor, fastest, runsFor } from './measure.js';

const sizes = (process.env.BENCH_SIZES ?? '10,100,1000,10000,100000').split(',').map(Number);
const rows: string[] = [];
for (const [title, generate] of [['25.4.1 chain flows', chainFlowDocument], ['26.3.1 chain flows (later components)', laterChainFlowDocument]] as const) {
console.log(`\n${title}\n`);
console.log('| nodes | text | JSON.parse | load | load ÷ parse | JSON.stringify | serialize | serialize ÷ stringify |');
console.log('| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
for (const n of sizes) {
  const doc = generate(n);
  const text = JSON.stringify(doc, null, 2);
  const runs = runsFor(n);
  const batch = batchFor(n);
  const limits = { maxBytes: 1024 * 1024 * 1024 };
  const component = deserialize(text, { limits });
  const parse = fastest(() => JSON.parse(text), runs, batch);
  const load = fastest(() => deserialize(text, { limits }), runs, batch);
  const parsed = JSON.parse(text);
  const stringify = fastest(() => JSON.stringify(parsed, null, 2), runs, batch);
  const write = fastest(() => serialize(component), runs, batch);
  const row = `| ${n} | ${(text.length / 1e6).toFixed(2)} MB | ${parse.toFixed(2)} ms | ${load.toFixed(2)} ms | ${(load / parse).toFixed(2)}× | ${stringify.toFixed(2)} ms | ${write.toFixed(2)} ms | ${(write / stringify).toFixed(2)}× |`;
  rows.push(row);
  console.log(row);
}
}
