// Drive a served refund-flow.yaml from a script, over the chat API:
//   node examples/serve/drive.mjs http://127.0.0.1:8787 [token]
// It starts a chat for a customer, answers the flow's question, approves the
// refund the flow asks permission for, and prints what happened.
const [base = 'http://127.0.0.1:8787', token = process.env.AGENTSPEC_SERVE_TOKEN] = process.argv.slice(2);

async function post(path, body) {
  const res = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const json = await res.json();
  if (!res.ok) throw new Error(`${path}: ${json.error.code}: ${json.error.message}`);
  return json;
}

const say = (turn) => {
  for (const m of turn.messages) console.log(`${m.role}: ${m.content}`);
};

const chat = await post('/api/chats', { inputs: { customer: 'Ada' } });
say(chat);
const asked = await post(`/api/chats/${chat.id}/messages`, { content: 'order 17, it arrived broken' });
say(asked);
for (const r of asked.requests ?? []) console.log(`approval asked: ${r.name}(${JSON.stringify(r.args)})`);
const done = await post('/api/approve', { chatId: chat.id, toolCallId: asked.requests[0].id, approved: true });
say(done);
console.log(`${done.status}: ${JSON.stringify(done.outputs)}`);
