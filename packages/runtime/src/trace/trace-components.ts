import type { Component } from '@agentspec/core';
import { eachComponent } from '../components.js';
import type { TraceComponent } from './trace.js';

/** The components of a spec by id, as a trace keeps them: type, name, description, an LLM config's model id (nothing else). */
export function traceComponents(root: Component): Record<string, TraceComponent> {
  const out: Record<string, TraceComponent> = {};
  eachComponent(root, (c) => {
    const { id, name, description, component_type: type } = c as Component & { description?: unknown; model_id?: unknown };
    if (typeof id !== 'string' || Object.hasOwn(out, id)) return;
    const model = (c as { model_id?: unknown }).model_id;
    out[id] = {
      type, name: typeof name === 'string' ? name : id,
      ...(typeof model === 'string' ? { model } : {}),
      ...(typeof description === 'string' && description !== '' ? { description } : {}),
    };
  });
  return out;
}
