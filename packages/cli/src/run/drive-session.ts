import type { Message, RunStatus, Session, ToolResult, TraceRecorder } from '@agentspec/runtime';
import { jsonOrText } from './inputs.js';

/** Where a run's answers come from: a person at a prompt, or scripted lines. */
export type Ask = (question: string) => Promise<string | undefined>;

export interface DriveResult {
  /** The last status (undefined when the first run failed). */
  readonly status?: RunStatus;
  /** True when the session waits for an answer that was not given (end of input). */
  readonly waiting: boolean;
}

/**
 * Run a session to its end: after each status, ask for what it needs (a user
 * message, tool results as JSON, approvals) until it finishes or the answers
 * run out. Messages are shown as they come when `show` is given. `askFirst`
 * (a standalone agent) asks for the opening user message before the first run.
 */
export async function driveSession(session: Session, ask: Ask, show?: (m: Message) => void, options: { askFirst?: boolean; recorder?: TraceRecorder } = {}): Promise<DriveResult> {
  let shown = 0;
  if (options.askFirst) {
    // a chat with an agent starts with the user's message (none: the agent speaks first)
    const first = await ask('you> ');
    if (first !== undefined && first !== '') session.appendUserMessage(first);
  }
  for (;;) {
    const status = options.recorder ? await options.recorder.run(session) : await session.run();
    if (show) for (const m of status.messages.slice(shown)) show(m);
    shown = status.messages.length;
    if (status.type === 'finished') return { status, waiting: false };
    if (status.type === 'user_input') {
      const line = await ask('you> ');
      if (line === undefined) return { status, waiting: true };
      session.appendUserMessage(line);
    } else if (status.type === 'tool_request') {
      const results: ToolResult[] = [];
      for (const r of status.requests) {
        const line = await ask(`result of ${r.name}(${JSON.stringify(r.args)})> `);
        if (line === undefined) return { status, waiting: true };
        results.push({ id: r.id, content: jsonOrText(line) });
      }
      session.appendToolResults(results);
    } else {
      for (const r of status.requests) {
        const line = await ask(`approve ${r.name}(${JSON.stringify(r.args)})? [y/N, or a reason to reject] `);
        if (line === undefined) return { status, waiting: true };
        const yes = /^\s*y(es)?\s*$/i.test(line);
        const reason = line.trim();
        session.decide(r.id, yes ? 'approve' : 'reject', yes || /^\s*n(o)?\s*$/i.test(line) || reason === '' ? undefined : reason);
      }
    }
  }
}

/** A message as one line of the conversation. */
export function formatMessage(m: Message, colour: boolean): string {
  const paint = (code: string, s: string) => (colour ? `\u001b[${code}m${s}\u001b[0m` : s);
  const who = m.role === 'assistant' && m.sender ? `assistant (${m.sender})` : m.role;
  const calls = m.toolCalls?.map((c) => ` → ${c.name}(${JSON.stringify(c.args)})`).join('') ?? '';
  const tag = m.role === 'user' ? paint('1;34', who) : m.role === 'tool' ? paint('2', who) : paint('1;32', who);
  return `${tag}: ${m.content}${paint('33', calls)}`;
}
