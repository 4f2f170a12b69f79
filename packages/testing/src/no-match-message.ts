import type { NormalizedRequest } from './normalize.js';

function excerpt(text: string, max = 200): string {
  const flat = text.replace(/\s+/gu, ' ').trim();
  return JSON.stringify(flat.length > max ? `${flat.slice(0, max)}…` : flat);
}

/** The strict-mode error: what was asked, so that the test missing a rule is obvious. */
export function noMatchMessage(request: NormalizedRequest & { readonly path: string }): string {
  const last = request.messages.at(-1);
  const lastText = last === undefined
    ? 'none'
    : `[${last.role}${last.name === undefined ? '' : ` ${last.name}`}] ${last.toolCalls ? `tool calls ${last.toolCalls.map((c) => c.name).join(', ')} ` : ''}${excerpt(last.content)}`;
  const parts = [
    `Scripted LLM (strict): no rule matched POST ${request.path} (model "${request.model}", ${request.messages.length} messages).`,
    `Last message: ${lastText}.`,
    `System prompt: ${request.systemPrompt === '' ? 'none' : excerpt(request.systemPrompt)}.`,
    `Tools offered: ${request.tools.length === 0 ? 'none' : request.tools.map((t) => t.name).join(', ')}.`,
  ];
  return parts.join(' ');
}
