// Resumes a saved session in a separate process: reads {spec, saved, action, storage, llm} on stdin,
// applies the action, runs, prints {status, saved} on stdout. Imports the built packages (run `pnpm build` first).
import { deserialize } from '../../core/dist/index.js';
import { mastraRuntime } from '../dist/index.js';

const chunks = [];
for await (const c of process.stdin) chunks.push(c);
const { spec, saved, action, storage, llm } = JSON.parse(Buffer.concat(chunks).toString('utf8'));
const app = await mastraRuntime({ storage }).load(deserialize(spec), {
  tools: { deploy: ({ path }) => `https://example.test/${path}` },
  llm: { override: { url: llm } },
});
const session = await app.resume(saved);
const pending = saved.status?.requests ?? [];
if (action.user) session.appendUserMessage(action.user);
if (action.toolResult !== undefined) session.appendToolResults([{ id: pending[0].id, content: action.toolResult }]);
if (action.decision) session.decide(pending[0].id, action.decision);
const status = await session.run();
process.stdout.write(JSON.stringify({ status, saved: await session.save() }));
await app.close();
process.exit(0);
