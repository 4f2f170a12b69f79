// Exports the hand-written graph of graph.mjs to Agent Spec, runs the spec on
// the reference runtime with the graph's node functions registered as tools,
// and checks that it gives what the original graph gives. Offline; run with
// `node examples/export-langgraph/run.mjs` after `pnpm build` (add --yaml to
// print the whole spec).
import { isDeepStrictEqual } from 'node:util';
import { serialize } from '../../packages/core/dist/index.js';
import { importLangGraph } from '../../packages/langgraph/dist/index.js';
import { referenceRuntime } from '../../packages/runtime/dist/index.js';
import { billing, classify, graph, routeByCategory, sign, technical } from './graph.mjs';

const { component: spec, warnings } = await importLangGraph(graph);
if (process.argv.includes('--yaml')) console.log(serialize(spec, { format: 'yaml' }));
console.log(`${spec.component_type} '${spec.name}': ${spec.nodes.map((n) => `${n.name} (${n.component_type})`).join(', ')}`);
for (const w of warnings) console.log(`warning (${w.kind}) ${w.component}: ${w.message}`);

// The spec's ServerTools are named after the graph's nodes, the router after its function.
const tools = { classify, billing, technical, routeByCategory, sign };
const app = await referenceRuntime().load(spec, { tools });

let same = true;
for (const ticket of ['I was charged twice for my invoice', 'The app crashes on start']) {
  const original = await graph.invoke({ ticket });
  const status = await app.start({ inputs: { ticket } }).run();
  const exported = status.type === 'finished' ? status.outputs : status;
  const agree = isDeepStrictEqual(exported, original);
  same &&= agree;
  console.log(`\n${ticket}\n  LangGraph:  ${JSON.stringify(original)}\n  Agent Spec: ${JSON.stringify(exported)}\n  same result: ${agree}`);
}
await app.close();
process.exitCode = same ? 0 : 1;
