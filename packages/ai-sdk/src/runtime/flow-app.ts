import type { Flow } from '@agentspec/core';
import { referenceRuntime, RuntimeError, type App, type RuntimeLoadOptions, type SavedSession, type Session } from '@agentspec/runtime';
import { aiSdkBackend } from '../backend/ai-sdk-backend.js';
import type { AiSdkRuntimeOptions } from '../options.js';
import { AI_SDK_RUNTIME_NAME } from '../runtime-name.js';
import { AI_SDK_CAPABILITIES } from '../capabilities.js';

export const FLOW_SAVE_FORMAT = 1;

/** A flow session saves the reference interpreter's journal (whose LLM answers came from the AI SDK). */
export interface SavedFlowSession extends SavedSession {
  readonly kind: 'flow';
  readonly interpreter: SavedSession;
}

function flowSession(inner: Session): Session {
  return {
    get messages() {
      return inner.messages;
    },
    appendUserMessage: (text) => inner.appendUserMessage(text),
    appendToolResults: (results) => inner.appendToolResults(results),
    decide: (id, decision, reason) => inner.decide(id, decision, reason),
    run: () => inner.run(),
    stream: () => inner.stream(),
    save: async (): Promise<SavedSession> => {
      const saved: SavedFlowSession = { runtime: AI_SDK_RUNTIME_NAME, format: FLOW_SAVE_FORMAT, kind: 'flow', interpreter: await inner.save() };
      return saved;
    },
  };
}

/** A Flow on the reference interpreter (DESIGN §4.3) with an LlmBackend on the AI SDK. */
export async function flowApp(flow: Flow, load: RuntimeLoadOptions, options: AiSdkRuntimeOptions): Promise<App> {
  const backend = (llm: RuntimeLoadOptions['llm']) => aiSdkBackend({ ...llm, ...(options.model !== undefined ? { model: options.model } : {}) });
  const inner = await referenceRuntime({ backend, name: AI_SDK_RUNTIME_NAME, capabilities: AI_SDK_CAPABILITIES.runtime }).load(flow, load);
  return {
    component: flow,
    start: (start) => flowSession(inner.start(start)),
    async resume(saved: SavedSession): Promise<Session> {
      const s = saved as Partial<SavedFlowSession>;
      if (s?.runtime !== AI_SDK_RUNTIME_NAME || s.format !== FLOW_SAVE_FORMAT || s.kind !== 'flow' || !s.interpreter) {
        throw new RuntimeError('AS_RESUME_MISMATCH', `this save is not a flow session of the ${AI_SDK_RUNTIME_NAME} runtime (format ${FLOW_SAVE_FORMAT})`);
      }
      return flowSession(await inner.resume(s.interpreter));
    },
    close: () => inner.close(),
  };
}
