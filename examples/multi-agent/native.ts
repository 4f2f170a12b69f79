// The program as it runs on the OpenAI Agents SDK itself, turn by turn, each
// turn starting with the agent that answered the last one (result.lastAgent),
// as the SDK's guides do. Against the scripted model:
//   OPENAI_BASE_URL=http://127.0.0.1:PORT pnpm exec tsx examples/multi-agent/native.ts
import { run, setDefaultOpenAIKey, setTracingDisabled, type Agent, type AgentInputItem } from '@openai/agents';
import { triageAgent } from './airline.js';

export interface NativeTurn {
  readonly agent: string;
  readonly reply: unknown;
}

/** Each user message in turn through the SDK's run(); who answered each and what. */
export async function runNative(messages: readonly string[]): Promise<NativeTurn[]> {
  setDefaultOpenAIKey(process.env.OPENAI_API_KEY ?? 'scripted');
  setTracingDisabled(true);
  let agent: Agent<unknown, 'text'> = triageAgent as Agent<unknown, 'text'>;
  let history: AgentInputItem[] = [];
  const turns: NativeTurn[] = [];
  for (const message of messages) {
    const result = await run(agent, [...history, { role: 'user', content: message }]);
    history = result.history;
    agent = (result.lastAgent ?? agent) as Agent<unknown, 'text'>;
    turns.push({ agent: agent.name, reply: result.finalOutput });
  }
  return turns;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const t of await runNative(['How many bags can I bring?', 'Please move me to seat 12A, booking ABC123.'])) console.log(`${t.agent}: ${String(t.reply)}`);
}
