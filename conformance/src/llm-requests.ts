/**
 * Checking a run's `llmRequests:` against what the scripted LLM recorded
 * during that run: same number of requests, in order; for each, the keys the
 * expectation gives. Paths are relative to the run's `llmRequests`.
 */
import type { RecordedRequest } from '@agentspec/testing';
import type { ExpectedLlmRequest } from './case-types.js';
import { pointer } from './check.js';
import { firstDifference, firstSubsetDifference, type Difference } from './compare.js';

const NAMED_PARAMETERS = ['temperature', 'topP', 'maxTokens'] as const;

/** A short picture of a request nobody expected, for the report. */
function summary(r: RecordedRequest): Record<string, unknown> {
  const last = r.messages.at(-1);
  return { systemPrompt: r.systemPrompt, lastMessage: last && { role: last.role, content: last.content } };
}

function parameter(r: RecordedRequest, key: string): unknown {
  return (NAMED_PARAMETERS as readonly string[]).includes(key)
    ? r.parameters[key as (typeof NAMED_PARAMETERS)[number]]
    : r.parameters.extra[key];
}

function checkTools(expected: NonNullable<ExpectedLlmRequest['tools']>, r: RecordedRequest, path: string): Difference | undefined {
  const names = firstDifference(expected.map((t) => t.name), r.tools.map((t) => t.name), path);
  if (names) return { ...names, path: `${names.path}/name` };
  for (const [j, tool] of expected.entries()) {
    const actual = r.tools[j];
    const at = pointer(path, j);
    if (tool.description !== undefined && tool.description !== actual?.description) {
      return { path: pointer(at, 'description'), expected: tool.description, actual: actual?.description };
    }
    if (tool.parameters !== undefined) {
      const d = firstSubsetDifference(tool.parameters, actual?.parameters, pointer(at, 'parameters'));
      if (d) return d;
    }
  }
  return undefined;
}

function checkOne(e: ExpectedLlmRequest, r: RecordedRequest, path: string): Difference | undefined {
  if (e.systemPrompt !== undefined && e.systemPrompt !== r.systemPrompt) {
    return { path: pointer(path, 'systemPrompt'), expected: e.systemPrompt, actual: r.systemPrompt };
  }
  if (e.tools !== undefined) {
    const d = checkTools(e.tools, r, pointer(path, 'tools'));
    if (d) return d;
  }
  for (const [key, value] of Object.entries(e.parameters ?? {})) {
    const d = firstDifference(value, parameter(r, key), pointer(pointer(path, 'parameters'), key));
    if (d) return d;
  }
  if (e.responseFormat !== undefined) {
    const format = r.responseFormat;
    const schema = format?.type === 'json_schema' ? format.schema : format;
    const d = firstSubsetDifference(e.responseFormat, schema, pointer(path, 'responseFormat'));
    if (d) return d;
  }
  if (e.lastMessage !== undefined) {
    const last = r.messages.at(-1);
    const d = firstSubsetDifference(e.lastMessage, last && { role: last.role, content: last.content }, pointer(path, 'lastMessage'));
    if (d) return d;
  }
  if (e.messages !== undefined) {
    const sent = r.messages.filter((m) => m.role !== 'system' && m.role !== 'developer').map((m) => ({ role: m.role, content: m.content }));
    return firstDifference(e.messages, sent, pointer(path, 'messages'));
  }
  return undefined;
}

/** The first difference between the expected and the recorded requests of one run. */
export function checkLlmRequests(expected: readonly ExpectedLlmRequest[], recorded: readonly RecordedRequest[]): Difference | undefined {
  for (let i = 0; i < Math.max(expected.length, recorded.length); i++) {
    const e = expected[i];
    const r = recorded[i];
    if (e === undefined || r === undefined) {
      return { path: `/${i}`, expected: e, actual: r && summary(r) };
    }
    const d = checkOne(e, r, `/${i}`);
    if (d) return d;
  }
  return undefined;
}
