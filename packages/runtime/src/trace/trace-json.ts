import { RuntimeError } from '../errors.js';
import { TRACE_FORMAT, TRACE_VERSION, type Trace } from './trace.js';

/** A trace as the text of a trace file (JSON, two-space indent). */
export function traceToJson(trace: Trace | readonly Trace[]): string {
  return `${JSON.stringify(trace, null, 2)}\n`;
}

/**
 * The traces of a trace file's text: one trace, or an array of traces (what
 * `agentspec run --runtime all --trace file.json` writes). Checked for the
 * format and version and the shape of spans; AS_TRACE_INVALID otherwise.
 */
export function parseTraces(text: string): Trace[] {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (e) {
    throw new RuntimeError('AS_TRACE_INVALID', `not JSON: ${(e as Error).message}`);
  }
  const list = Array.isArray(data) ? data : [data];
  if (list.length === 0) throw new RuntimeError('AS_TRACE_INVALID', 'an empty list of traces');
  return list.map((t, i) => checkTrace(t, list.length > 1 ? `trace ${i}` : 'the trace'));
}

/** One trace from a trace file's text (the first when it holds several). */
export function parseTrace(text: string): Trace {
  return parseTraces(text)[0] as Trace;
}

function checkTrace(t: unknown, what: string): Trace {
  const bad = (why: string): never => {
    throw new RuntimeError('AS_TRACE_INVALID', `${what} ${why}`, {}, { hint: `a trace file is what agentspec run --trace writes (format '${TRACE_FORMAT}', version ${TRACE_VERSION})` });
  };
  if (typeof t !== 'object' || t === null || Array.isArray(t)) return bad('is not an object');
  const o = t as Record<string, unknown>;
  if (o.format !== TRACE_FORMAT) return bad(`has format ${JSON.stringify(o.format)}, not '${TRACE_FORMAT}'`);
  if (o.version !== TRACE_VERSION) return bad(`has version ${JSON.stringify(o.version)}; this library reads version ${TRACE_VERSION}`);
  for (const key of ['spans', 'runs', 'events'] as const) if (!Array.isArray(o[key])) bad(`has no ${key} array`);
  if (typeof o.components !== 'object' || o.components === null) bad('has no components object');
  const ids = new Set<string>();
  for (const [i, s] of (o.spans as unknown[]).entries()) {
    const span = s as Record<string, unknown> | null;
    if (typeof span !== 'object' || span === null || typeof span.id !== 'string' || typeof span.kind !== 'string' || typeof span.name !== 'string'
      || typeof span.start !== 'number' || typeof span.end !== 'number' || !Array.isArray(span.events) || typeof span.attributes !== 'object') {
      bad(`has a malformed span at spans[${i}]`);
    }
    if (ids.has(span!.id as string)) bad(`has two spans with id '${String(span!.id)}'`);
    if (span!.parentId !== null && !ids.has(span!.parentId as string)) bad(`has span '${String(span!.id)}' listed before its parent (or with an unknown parent)`);
    ids.add(span!.id as string);
  }
  return t as Trace;
}
