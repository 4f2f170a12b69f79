import type { App, RunStatus, RuntimeEvent, SavedSession, Session } from '@agentspec/runtime';
import { OPENAI_AGENTS_RUNTIME_NAME, SAVE_FORMAT } from '../names.js';
import { checkSave } from './saved-agent.js';

/** What `save()` of a flow session writes: the reference interpreter's save, labelled with this runtime. */
export interface SavedFlowSession extends SavedSession {
  readonly runtime: typeof OPENAI_AGENTS_RUNTIME_NAME;
  readonly kind: 'flow';
  readonly component: string;
  readonly interpreter: SavedSession;
}

function flowSession(inner: Session, component: string): Session {
  return {
    get messages() {
      return inner.messages;
    },
    appendUserMessage: (text: string) => inner.appendUserMessage(text),
    appendToolResults: (results) => inner.appendToolResults(results),
    decide: (id, decision, reason) => inner.decide(id, decision, reason),
    run: (): Promise<RunStatus> => inner.run(),
    stream: (): AsyncIterable<RuntimeEvent> => inner.stream(),
    async save(): Promise<SavedSession> {
      const saved: SavedFlowSession = { runtime: OPENAI_AGENTS_RUNTIME_NAME, format: SAVE_FORMAT, kind: 'flow', component, interpreter: await inner.save() };
      return saved;
    },
  };
}

/** A Flow app of the reference interpreter (with the SDK backend) whose saves carry this runtime's name. */
export function flowApp(inner: App): App {
  const id = inner.component.id;
  return {
    component: inner.component,
    start: (options) => flowSession(inner.start(options), id),
    resume: async (saved) => flowSession(await inner.resume(checkSave<SavedFlowSession>(saved, 'flow', id).interpreter), id),
    close: () => inner.close(),
  };
}
