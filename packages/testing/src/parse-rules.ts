import type { Answer, Rule, ScriptedLlmConfig } from './rules.js';

/** A script that cannot be used; `problems` lists every mistake with its path. */
export class RulesError extends Error {
  readonly problems: readonly string[];

  constructor(problems: readonly string[], source?: string) {
    const where = source === undefined ? '' : ` in ${source}`;
    super(`Invalid scripted LLM rules${where}:\n  - ${problems.join('\n  - ')}`);
    this.name = 'RulesError';
    this.problems = problems;
  }
}

type Obj = Record<string, unknown>;
type Problems = string[];

const RULE_KEYS = ['name', 'match', 'times', 'answer'];
const MATCH_KEYS = [
  'lastMessage', 'lastUserMessage', 'systemPromptContains', 'regex', 'lastToolResult',
  'model', 'hasTools', 'toolOffered', 'endpoint', 'times',
];
const COMMON_KEYS = ['delayMs', 'usage', 'finishReason', 'hostedToolCalls'];
const ANSWER_KINDS = ['text', 'toolCalls', 'structured', 'error', 'malformed', 'sequence'];
const CONFIG_KEYS = ['rules', 'strict', 'defaultAnswer', 'port', 'host'];

function isObject(value: unknown): value is Obj {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function unknownKeys(value: Obj, allowed: readonly string[], path: string, problems: Problems): void {
  for (const key of Object.keys(value)) {
    if (!allowed.includes(key)) problems.push(`${path}.${key} is not a known key (expected one of ${allowed.join(', ')})`);
  }
}

function expect(ok: boolean, problem: string, problems: Problems): void {
  if (!ok) problems.push(problem);
}

const isCount = (v: unknown): boolean => typeof v === 'number' && Number.isInteger(v) && v >= 0;

function checkText(value: unknown, path: string, problems: Problems): void {
  if (typeof value === 'string') return;
  if (isObject(value) && typeof value.contains === 'string' && Object.keys(value).length === 1) return;
  problems.push(`${path} must be a string or { contains: string }`);
}

function checkRegex(value: unknown, path: string, problems: Problems): void {
  const source = isObject(value) ? value.pattern : value;
  const flags = isObject(value) ? (value.flags ?? '') : '';
  if (typeof source !== 'string' || typeof flags !== 'string') {
    problems.push(`${path} must be a string or { pattern: string, flags?: string }`);
    return;
  }
  try {
    new RegExp(source, flags);
  } catch (error) {
    problems.push(`${path} is not a valid regular expression: ${(error as Error).message}`);
  }
}

function checkMatch(value: unknown, path: string, problems: Problems): void {
  if (!isObject(value)) return void problems.push(`${path} must be an object`);
  unknownKeys(value, MATCH_KEYS, path, problems);
  for (const key of ['lastMessage', 'lastUserMessage'] as const) {
    if (value[key] !== undefined) checkText(value[key], `${path}.${key}`, problems);
  }
  for (const key of ['systemPromptContains', 'model', 'toolOffered'] as const) {
    if (value[key] !== undefined) expect(typeof value[key] === 'string', `${path}.${key} must be a string`, problems);
  }
  if (value.regex !== undefined) checkRegex(value.regex, `${path}.regex`, problems);
  if (value.hasTools !== undefined) expect(typeof value.hasTools === 'boolean', `${path}.hasTools must be a boolean`, problems);
  if (value.times !== undefined) expect(isCount(value.times), `${path}.times must be a whole number >= 0`, problems);
  if (value.endpoint !== undefined) {
    expect(value.endpoint === 'chat.completions' || value.endpoint === 'responses',
      `${path}.endpoint must be "chat.completions" or "responses"`, problems);
  }
  if (value.lastToolResult !== undefined) {
    const r = value.lastToolResult;
    const ok = isObject(r) && typeof r.tool === 'string' && (r.contains === undefined || typeof r.contains === 'string');
    expect(ok, `${path}.lastToolResult must be { tool: string, contains?: string }`, problems);
    if (isObject(r)) unknownKeys(r, ['tool', 'contains'], `${path}.lastToolResult`, problems);
  }
}

function checkToolCalls(value: unknown, path: string, problems: Problems): void {
  if (!Array.isArray(value)) return void problems.push(`${path} must be a list`);
  value.forEach((call: unknown, i) => {
    const at = `${path}[${i}]`;
    if (!isObject(call)) return void problems.push(`${at} must be an object`);
    unknownKeys(call, ['name', 'arguments', 'id'], at, problems);
    expect(typeof call.name === 'string' && call.name !== '', `${at}.name must be a non-empty string`, problems);
    expect(call.id === undefined || typeof call.id === 'string', `${at}.id must be a string`, problems);
  });
}

function checkHostedToolCalls(value: unknown, path: string, problems: Problems): void {
  if (!Array.isArray(value) || value.length === 0) return void problems.push(`${path} must be a non-empty list of output items`);
  value.forEach((item: unknown, i) => {
    const at = `${path}[${i}]`;
    if (!isObject(item)) return void problems.push(`${at} must be an object`);
    expect(typeof item.type === 'string' && item.type.endsWith('_call') && item.type !== 'function_call',
      `${at}.type must be the type of a hosted tool's output item (web_search_call, file_search_call, code_interpreter_call, …)`, problems);
    expect(item.id === undefined || typeof item.id === 'string', `${at}.id must be a string`, problems);
  });
}

function checkCommon(value: Obj, path: string, problems: Problems): void {
  if (value.hostedToolCalls !== undefined) checkHostedToolCalls(value.hostedToolCalls, `${path}.hostedToolCalls`, problems);
  if (value.delayMs !== undefined) expect(isCount(value.delayMs), `${path}.delayMs must be a whole number >= 0`, problems);
  if (value.finishReason !== undefined) {
    expect(['stop', 'tool_calls', 'length', 'content_filter'].includes(value.finishReason as string),
      `${path}.finishReason must be stop, tool_calls, length or content_filter`, problems);
  }
  if (value.usage !== undefined) {
    const u = value.usage;
    if (!isObject(u)) return void problems.push(`${path}.usage must be an object`);
    unknownKeys(u, ['promptTokens', 'completionTokens', 'totalTokens'], `${path}.usage`, problems);
    for (const [k, v] of Object.entries(u)) expect(isCount(v), `${path}.usage.${k} must be a whole number >= 0`, problems);
  }
}

function checkAnswer(value: unknown, path: string, problems: Problems, inSequence = false): void {
  if (!isObject(value)) return void problems.push(`${path} must be an object`);
  const kinds = ANSWER_KINDS.filter((k) => value[k] !== undefined);
  if (value.malformed !== undefined) kinds.splice(0, kinds.length, 'malformed');
  else if (kinds.length === 2 && kinds.includes('text') && kinds.includes('toolCalls')) kinds.splice(0, 2, 'toolCalls');
  if (kinds.length !== 1) {
    return void problems.push(`${path} must have exactly one of ${ANSWER_KINDS.join(', ')} (text may go with toolCalls)`);
  }
  const kind = kinds[0] ?? '';
  if (kind === 'sequence') {
    unknownKeys(value, ['sequence'], path, problems);
    if (inSequence) return void problems.push(`${path}.sequence cannot be nested in another sequence`);
    if (!Array.isArray(value.sequence) || value.sequence.length === 0) {
      return void problems.push(`${path}.sequence must be a non-empty list of answers`);
    }
    value.sequence.forEach((a: unknown, i) => checkAnswer(a, `${path}.sequence[${i}]`, problems, true));
    return;
  }
  if (kind === 'error') {
    unknownKeys(value, ['error', 'delayMs'], path, problems);
    const e = value.error;
    if (!isObject(e)) return void problems.push(`${path}.error must be an object`);
    unknownKeys(e, ['status', 'message', 'type', 'code', 'headers'], `${path}.error`, problems);
    const status = e.status;
    expect(typeof status === 'number' && Number.isInteger(status) && status >= 400 && status <= 599,
      `${path}.error.status must be an HTTP error status (400-599)`, problems);
    for (const k of ['message', 'type', 'code']) {
      expect(e[k] === undefined || typeof e[k] === 'string', `${path}.error.${k} must be a string`, problems);
    }
    const h = e.headers;
    expect(h === undefined || (isObject(h) && Object.values(h).every((v) => typeof v === 'string')),
      `${path}.error.headers must map header names to strings`, problems);
    if (value.delayMs !== undefined) checkCommon({ delayMs: value.delayMs }, path, problems);
    return;
  }
  const own = kind === 'malformed' ? ['malformed', 'text', 'toolCalls'] : kind === 'toolCalls' ? ['toolCalls', 'text'] : [kind];
  unknownKeys(value, [...own, ...COMMON_KEYS], path, problems);
  checkCommon(value, path, problems);
  if (value.text !== undefined) expect(typeof value.text === 'string', `${path}.text must be a string`, problems);
  if (value.toolCalls !== undefined) checkToolCalls(value.toolCalls, `${path}.toolCalls`, problems);
  if (kind === 'malformed') {
    expect(['body', 'tool_arguments', 'sse', 'stall'].includes(value.malformed as string),
      `${path}.malformed must be body, tool_arguments, sse or stall`, problems);
  }
}

function checkRule(value: unknown, path: string, problems: Problems): void {
  if (!isObject(value)) return void problems.push(`${path} must be an object`);
  unknownKeys(value, RULE_KEYS, path, problems);
  if (value.name !== undefined) expect(typeof value.name === 'string', `${path}.name must be a string`, problems);
  if (value.times !== undefined) expect(isCount(value.times), `${path}.times must be a whole number >= 0`, problems);
  if (value.match !== undefined) checkMatch(value.match, `${path}.match`, problems);
  if (value.answer === undefined) problems.push(`${path}.answer is required`);
  else checkAnswer(value.answer, `${path}.answer`, problems);
}

/** Checks a list of rules given as data; throws a `RulesError` listing every problem. */
export function parseRules(value: unknown, source?: string): Rule[] {
  const problems: Problems = [];
  if (!Array.isArray(value)) problems.push('rules must be a list');
  else value.forEach((rule: unknown, i) => checkRule(rule, `rules[${i}]`, problems));
  if (problems.length > 0) throw new RulesError(problems, source);
  return value as Rule[];
}

/** Checks one answer given as data (e.g. a default answer). */
export function parseAnswer(value: unknown, path = 'answer', source?: string): Answer {
  const problems: Problems = [];
  checkAnswer(value, path, problems);
  if (problems.length > 0) throw new RulesError(problems, source);
  return value as Answer;
}

/** A whole script: a list of rules, or `{ rules, strict?, defaultAnswer?, port?, host? }`. */
export function parseConfig(value: unknown, source?: string): ScriptedLlmConfig & { port?: number; host?: string } {
  if (Array.isArray(value)) return { rules: parseRules(value, source) };
  const problems: Problems = [];
  if (!isObject(value)) throw new RulesError(['the script must be a list of rules or an object with "rules"'], source);
  unknownKeys(value, CONFIG_KEYS, '(top level)', problems);
  if (value.rules === undefined) problems.push('rules is required');
  else if (!Array.isArray(value.rules)) problems.push('rules must be a list');
  else value.rules.forEach((rule: unknown, i) => checkRule(rule, `rules[${i}]`, problems));
  if (value.strict !== undefined) expect(typeof value.strict === 'boolean', 'strict must be a boolean', problems);
  if (value.defaultAnswer !== undefined) checkAnswer(value.defaultAnswer, 'defaultAnswer', problems);
  if (value.port !== undefined) {
    expect(isCount(value.port) && (value.port as number) < 65536, 'port must be a whole number from 0 to 65535', problems);
  }
  if (value.host !== undefined) expect(typeof value.host === 'string', 'host must be a string', problems);
  if (problems.length > 0) throw new RulesError(problems, source);
  return value as unknown as ScriptedLlmConfig & { port?: number; host?: string };
}
