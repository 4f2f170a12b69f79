// Runs examples/specs/support-triage-flow.yaml on the reference runtime against the
// scripted LLM server (offline), and prints the run: status, branch, outputs, conversation.
import { readFileSync } from 'node:fs';
import { deserialize } from '../packages/core/dist/index.js';
import { referenceRuntime } from '../packages/runtime/dist/index.js';
import { loadRulesFile, startScriptedLlm } from '../packages/testing/dist/index.js';

const root = new URL('../', import.meta.url);
const spec = deserialize(readFileSync(new URL('examples/specs/support-triage-flow.yaml', root), 'utf8'));
const llm = await startScriptedLlm(await loadRulesFile(new URL('examples/scripted-llm/support-triage-flow.yaml', root).pathname));
try {
  const app = await referenceRuntime().load(spec, {
    tools: { order_status: ({ request }) => `order #4711 from "${request}" shipped yesterday` },
    llm: { override: { url: llm.url } },
  });
  const session = app.start({ inputs: { request: 'Where is my order #4711?' } });
  const status = await session.run();
  console.log(`== ${spec.name} on the reference runtime: ${status.type}${status.branch ? ` (branch ${status.branch})` : ''}`);
  if (status.outputs) console.log(`outputs: ${JSON.stringify(status.outputs)}`);
  for (const m of status.messages) console.log(`  ${m.role}${m.sender ? ` (${m.sender})` : ''}: ${m.content}`);
  console.log(`LLM requests: ${llm.requests.length}`);
  await app.close();
} finally {
  await llm.close();
}
