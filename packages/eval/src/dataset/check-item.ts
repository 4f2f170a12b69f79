import { parseRules, RulesError, type Rule } from '@agentspec/testing';
import { EvalError } from '../errors.js';
import type { EvalItem, ExpectedToolCall } from './dataset.js';

const KEYS = new Set([
  'id', 'inputs', 'messages', 'input', 'query', 'expected', 'reference', 'trajectory', 'scripted', 'scriptedByRepeat', 'toolResults', 'database', 'metadata',
]);

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * An item from its raw form (a JSONL line, a YAML entry, a CSV row already
 * turned into an object), checked; `where` names it in errors. `input` (or
 * Oracle's `query`) is one user message; `reference` is the same as `expected`.
 */
export function checkItem(raw: unknown, index: number, where: string): EvalItem {
  const fail = (message: string): never => {
    throw new EvalError('AS_EVAL_DATASET', `${where}: ${message}`);
  };
  if (!isObject(raw)) return fail(`an item must be an object, not ${JSON.stringify(raw)?.slice(0, 40)}`);
  const unknown = Object.keys(raw).filter((k) => !KEYS.has(k));
  if (unknown.length > 0) fail(`unknown field${unknown.length > 1 ? 's' : ''} ${unknown.join(', ')} (known: ${[...KEYS].join(', ')})`);
  const id = raw.id === undefined ? String(index) : typeof raw.id === 'string' || typeof raw.id === 'number' ? String(raw.id) : fail('id must be a string or a number');
  const item: { -readonly [K in keyof EvalItem]: EvalItem[K] } = { id };
  if (raw.inputs !== undefined) item.inputs = isObject(raw.inputs) ? raw.inputs : fail('inputs must be an object of input values by name');
  const single = raw.input ?? raw.query;
  if (single !== undefined && raw.messages !== undefined) fail('give either input (one user message) or messages, not both');
  if (single !== undefined) item.messages = [typeof single === 'string' ? single : fail('input must be a string (a user message)')];
  if (raw.messages !== undefined) {
    item.messages = Array.isArray(raw.messages) && raw.messages.every((m) => typeof m === 'string') ? raw.messages as string[] : fail('messages must be a list of strings (user messages)');
  }
  if (raw.expected !== undefined && raw.reference !== undefined) fail('give either expected or reference, not both');
  const expected = raw.expected ?? raw.reference;
  if (expected !== undefined) item.expected = expected;
  if (raw.trajectory !== undefined) item.trajectory = checkTrajectory(raw.trajectory, fail);
  if (raw.scripted !== undefined) item.scripted = rules(raw.scripted, 'scripted', fail);
  if (raw.scriptedByRepeat !== undefined) {
    if (!Array.isArray(raw.scriptedByRepeat) || raw.scriptedByRepeat.length === 0) fail('scriptedByRepeat must be a non-empty list of rule lists');
    item.scriptedByRepeat = (raw.scriptedByRepeat as unknown[]).map((r, i) => rules(r, `scriptedByRepeat[${i}]`, fail));
  }
  if (raw.toolResults !== undefined) item.toolResults = isObject(raw.toolResults) ? raw.toolResults : fail('toolResults must be an object of results by tool name');
  if (raw.database !== undefined) item.database = typeof raw.database === 'string' ? raw.database : fail('database must be a path');
  if (raw.metadata !== undefined) item.metadata = isObject(raw.metadata) ? raw.metadata : fail('metadata must be an object');
  return item;
}

function checkTrajectory(value: unknown, fail: (m: string) => never): ExpectedToolCall[] {
  if (!Array.isArray(value)) return fail('trajectory must be a list of tool calls ({ tool, args? } or a tool name)');
  return value.map((step, i) => {
    if (typeof step === 'string') return { tool: step };
    if (!isObject(step) || typeof step.tool !== 'string') return fail(`trajectory[${i}] must be a tool name or { tool, args? }`);
    if (step.args !== undefined && !isObject(step.args)) return fail(`trajectory[${i}].args must be an object`);
    return step.args === undefined ? { tool: step.tool } : { tool: step.tool, args: step.args };
  });
}

/** Scripted rules, checked with the scripted server's own parser (every problem listed). */
export function rules(value: unknown, field: string, fail: (m: string) => never): Rule[] {
  try {
    return parseRules(value);
  } catch (e) {
    if (e instanceof RulesError) return fail(`${field} is not a list of scripted LLM rules: ${e.problems.join('; ')}`);
    throw e;
  }
}
