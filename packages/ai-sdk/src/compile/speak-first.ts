import type { ToolLoopAgentSettings, ToolSet } from 'ai';
import { mark } from './marks.js';

type PrepareCall = NonNullable<ToolLoopAgentSettings<never, ToolSet>['prepareCall']>;

/**
 * An agent called with no messages speaks first (DESIGN §4.2): its LLM gets
 * the system prompt alone. The AI SDK refuses an empty message list, so the
 * instructions are sent as the one (system) message — the same request.
 */
export const speakFirst: PrepareCall = mark<PrepareCall>((call) => {
  const { prompt, messages, instructions } = call;
  if (prompt !== undefined || (messages !== undefined && messages.length > 0) || typeof instructions !== 'string') return call;
  return { ...call, instructions: undefined, allowSystemInMessages: true, messages: [{ role: 'system', content: instructions }] };
}, { kind: 'speak-first' });
