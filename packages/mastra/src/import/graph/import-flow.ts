import type { Flow } from '@agentspec/core';
import { after, FlowBuilder } from '../flow-builder.js';
import type { ImportEntry, Json } from '../import-entry.js';
import { inputShape, outputShape } from '../schemas.js';
import { addEntry, consumes } from './add-entry.js';
import { joinArms } from './place.js';
import type { ImportRun, Scope } from './scope.js';

export interface FlowMeta {
  readonly id: string;
  readonly name: string;
  readonly description?: string;
  readonly input?: Json;
  readonly output?: Json;
}

/**
 * A Mastra workflow's graph as a Flow (DESIGN §5): a StartNode with the
 * input schema's properties, each entry by its handler (`HANDLERS`), an
 * EndNode with the output schema's properties (or the last step's outputs).
 */
export function importFlow(run: ImportRun, meta: FlowMeta, entries: readonly ImportEntry[]): Flow {
  const b = new FlowBuilder(run.warnings, run.ids);
  const input = inputShape(meta.input);
  const start = b.start(input.props, input.whole);
  const s: Scope = { ...run, b, start, byStep: new Map() };
  const end = meta.output ? outputShape(meta.output) : undefined;
  let cursor = after(start);
  entries.forEach((e, i) => {
    const next = entries[i + 1];
    cursor = addEntry(s, e, cursor, next ? consumes(next) : end);
  });
  const outputs = end?.props ?? [...(cursor.producers[0]?.outputs ?? [])];
  cursor = joinArms(s, cursor, outputs);
  return b.finish(cursor, meta, outputs);
}
