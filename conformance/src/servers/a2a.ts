/** The conformance suite's A2A agents (CASES.md, "Local servers"): one script, served three ways. */
import { startScriptedA2a, type A2aRule, type ScriptedA2a } from '@agentspec/testing';

/** The header the `a2a-auth` agent requires, and its value. */
export const A2A_AUTH_HEADER = { name: 'x-api-key', value: 'key-123' } as const;

/** What the conformance A2A agent answers (the first rule matching the message's text, and its data part for `pack`). */
export const A2A_RULES: readonly A2aRule[] = [
  { name: 'hello', match: { text: 'Hello' }, reply: { message: 'Hello from the remote agent.' } },
  { name: 'weather', match: { text: { contains: 'weather in Rome' } }, reply: { task: 'completed', text: 'Sunny in Rome, 21°C.', chunks: ['Sunny', ' in Rome', ', 21°C.'] } },
  { name: 'book', match: { text: { contains: 'book a table' }, continuesTask: false }, reply: { task: 'input-required', text: 'For how many people?' } },
  { name: 'booked', match: { continuesTask: true }, reply: { task: 'completed', text: 'Booked a table for two.' } },
  { name: 'fail', match: { text: { contains: 'closed' } }, reply: { task: 'failed', text: 'The kitchen is closed.' } },
  { name: 'reject', match: { text: { contains: 'taxi' } }, reply: { task: 'rejected', text: 'I only book tables.' } },
  { name: 'slow', match: { text: { contains: 'slowly' } }, reply: { task: 'completed', text: 'Done after a while.', workingMs: 300 } },
  { name: 'data', match: { text: { contains: 'forecast data' } }, reply: { task: 'completed', text: 'Forecast attached.', data: { city: 'Rome', temperature: 21 } } },
  { name: 'crash', match: { text: { contains: 'crash' } }, reply: { throws: 'the remote agent crashed' } },
  { name: 'pack', match: { text: { contains: 'pack' }, data: { city: 'Oslo', days: 3 } }, reply: { message: 'Pack for Oslo: 3 days of snow.' } },
  { name: 'account', match: { text: { contains: 'my account' } }, reply: { task: 'auth-required', text: 'Sign in to see your account.' } },
];

/** `a2a` (streaming), `a2a-blocking` (no streaming: SendMessage, then GetTask polls), `a2a-auth` (streaming, requires {@link A2A_AUTH_HEADER}). */
export function startA2aAgent(kind: 'a2a' | 'a2a-blocking' | 'a2a-auth'): Promise<ScriptedA2a> {
  return startScriptedA2a({
    name: `conformance ${kind} agent`,
    rules: A2A_RULES,
    streaming: kind !== 'a2a-blocking',
    ...(kind === 'a2a-auth' ? { requiredHeaders: { [A2A_AUTH_HEADER.name]: A2A_AUTH_HEADER.value } } : {}),
  });
}
