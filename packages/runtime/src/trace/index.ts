export { TRACE_FORMAT, TRACE_VERSION, type Trace, type TraceComponent, type TracePointEvent, type TraceRun, type TraceSpan, type TraceSpanStatus } from './trace.js';
export { TraceRecorder, type TraceInfo, type TraceListener, type TraceRecorderOptions } from './trace-recorder.js';
export { newSpanSeed, sessionSpanIds } from './session-span-ids.js';
export { traceTime } from './trace-clock.js';
export { errorAttributes, RunSpans, SPAN_EVENTS, type SpanRef } from './run-spans.js';
export { traceComponents } from './trace-components.js';
export { isSecretKey, REDACTED, redactSensitive } from './redact-sensitive.js';
export { parseTrace, parseTraces, traceToJson } from './trace-json.js';
export { compareTraces, describeSpan, normalizeTrace, type NormalSpan, type TraceComparison } from './compare-traces.js';
