import type { AgentInputItem } from '@openai/agents';
import { RuntimeError, type RunStatus, type SavedSession } from '@agentspec/runtime';
import { OPENAI_AGENTS_RUNTIME_NAME, SAVE_FORMAT } from '../names.js';

/** What `save()` of an agent session writes: plain JSON. */
export interface SavedAgentSession extends SavedSession {
  readonly runtime: typeof OPENAI_AGENTS_RUNTIME_NAME;
  readonly kind: 'agent';
  readonly component: string;
  readonly inputs: Readonly<Record<string, unknown>>;
  /** The conversation items of the last completed SDK run. */
  readonly history: readonly AgentInputItem[];
  /** User messages not yet given to a run. */
  readonly pendingUser: readonly string[];
  /** A run paused at interruptions: `RunState.toString()` and the answers applied to it. */
  readonly paused: { readonly state: string; readonly settled: readonly string[]; readonly confirmed: readonly string[] } | null;
  readonly status: RunStatus | null;
}

/** Check that a save belongs to this runtime, format and component. */
export function checkSave<T extends SavedSession & { kind?: string; component?: string }>(saved: SavedSession, kind: 'agent' | 'flow', component: string): T {
  const s = saved as T;
  if (s?.runtime !== OPENAI_AGENTS_RUNTIME_NAME || s.format !== SAVE_FORMAT || s.kind !== kind) {
    throw new RuntimeError('AS_RESUME_MISMATCH', `this save is from runtime '${String(s?.runtime)}' format ${String(s?.format)} (${String(s?.kind)}), not ${OPENAI_AGENTS_RUNTIME_NAME} format ${SAVE_FORMAT} (${kind})`);
  }
  if (s.component !== component) throw new RuntimeError('AS_RESUME_MISMATCH', `this save is of component '${String(s.component)}', not '${component}'`);
  return s;
}
