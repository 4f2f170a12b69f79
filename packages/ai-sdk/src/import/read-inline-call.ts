import { closureValues } from '@agentspec/runtime/import';
import type { ImportWarnings } from './import-warnings.js';
import { closing, objectLiteralEntries } from './object-literal-entries.js';

/** The AI SDK calls a function may make inline, and whether each is structured (`schema` → outputs). */
const CALLS = { generateText: false, streamText: false, generateObject: true, streamObject: true } as const;
/** `generateText({`, `ai.generateText({`, and what a compiler makes of an imported call (`(0, import_ai.generateText)({`). */
const CALL = /(?<![\w$])(generateText|streamText|generateObject|streamObject)\s*\)?\s*\(\s*\{/g;
const IDENTIFIER = /(?<![\w$.])(?<!\?\.)([A-Za-z_$][\w$]*)/g;
const KEYWORDS = new Set([
  'async', 'await', 'break', 'case', 'catch', 'class', 'const', 'continue', 'default', 'delete', 'do', 'else', 'export', 'extends', 'false', 'finally', 'for',
  'function', 'if', 'import', 'in', 'instanceof', 'let', 'new', 'null', 'of', 'return', 'static', 'super', 'switch', 'this', 'throw', 'true', 'try', 'typeof',
  'undefined', 'var', 'void', 'while', 'with', 'yield',
]);
/** What the user says: never read from the program (the spec's run is given it), reported as AISDK_PROMPT. */
const PROMPT_KEYS = new Set(['prompt', 'messages']);

/** The settings an inline call was given, as far as they can be read without running the function. */
export interface InlineCall {
  /** `generateText`, `streamText`, `generateObject` or `streamObject`. */
  readonly call: keyof typeof CALLS;
  readonly settings: Record<string, unknown>;
  readonly object: boolean;
  /** `prompt` / `messages` given to the call (their text, for the warning). */
  readonly prompts: ReadonlyMap<string, string>;
}

/** The identifiers a piece of source mentions (not as property names after `.` / `?.`); keywords left out. */
function identifiers(text: string): string[] {
  return [...new Set([...text.matchAll(IDENTIFIER)].map((m) => m[1] as string))].filter((n) => !KEYWORDS.has(n));
}

/** The names the function binds itself (parameters, const/let/var, function declarations): their values exist only while it runs. */
function localNames(source: string, bodyStart: number): Set<string> {
  const arrow = /^(?:async\s*)?(?:\(|[A-Za-z_$][\w$]*\s*=>)/.test(source.trim());
  const paramsOpen = arrow && !source.trim().replace(/^async\s*/, '').startsWith('(') ? -1 : source.indexOf('(');
  const params = paramsOpen === -1 ? (/^(?:async\s*)?([A-Za-z_$][\w$]*)/.exec(source.trim())?.[1] ?? '') : source.slice(paramsOpen, closing(source, paramsOpen));
  const names = new Set(identifiers(params));
  for (const m of source.slice(bodyStart).matchAll(/\b(?:const|let|var)\s+(\{[^}]*\}|\[[^\]]*\]|[A-Za-z_$][\w$]*)/g)) for (const n of identifiers(m[1] as string)) names.add(n);
  for (const m of source.slice(bodyStart).matchAll(/\bfunction\s+([A-Za-z_$][\w$]*)/g)) names.add(m[1] as string);
  return names;
}

/**
 * Evaluate one setting's source text with the bindings the function sees
 * (its closure and module: imports, module constants, helpers), read through
 * the inspector — the function itself is not run. Nested functions (a tool's
 * `execute`) keep those bindings as the program's would.
 */
function evaluate(text: string, scope: Record<string, unknown>): unknown {
  // a sloppy-mode Function: `with` puts the program's bindings in front of the globals
  return new Function('__agentspec_scope__', `with (__agentspec_scope__) { return (${text}\n); }`)(scope);
}

/**
 * The first `generateText` / `streamText` / `generateObject` / `streamObject`
 * call written inline in `fn` (an exported function: a route handler, a
 * helper answering a question), read without calling it or the network: the
 * call's object literal is found in the function's source and each setting
 * evaluated with the function's closure and module bindings. A setting made
 * from the function's own values (its parameters, locals, an `await`) cannot
 * be read: AISDK_RUNTIME_VALUE names it; `prompt` and `messages` are not read
 * (what the user says when the spec runs). Undefined when `fn` makes no such
 * call.
 */
export async function readInlineCall(fn: (...args: never[]) => unknown, warnings: ImportWarnings): Promise<InlineCall | undefined> {
  const source = Function.prototype.toString.call(fn);
  const found = [...source.matchAll(CALL)];
  const first = found[0];
  if (!first) return undefined;
  const call = first[1] as keyof typeof CALLS;
  if (found.length > 1) warnings.add('AISDK_INLINE_CALLS', call, `${found.length} AI SDK calls in '${fn.name || 'the function'}': the first (${call}) is imported`);
  const open = (first.index as number) + first[0].length - 1;
  const bodyStart = source.indexOf('{', source.indexOf(')') === -1 ? 0 : source.indexOf(')'));
  const locals = localNames(source, bodyStart === -1 ? 0 : bodyStart);
  const entries = objectLiteralEntries(source, open);
  const wanted = new Set<string>();
  for (const e of entries) if (e.kind !== 'other' && !(e.kind === 'property' && PROMPT_KEYS.has(e.key))) for (const n of identifiers(e.value)) wanted.add(n);
  const bindings = await closureValues(fn, [...wanted].filter((n) => !locals.has(n)));
  const scope = Object.fromEntries(bindings);
  const settings: Record<string, unknown> = {};
  const prompts = new Map<string, string>();
  for (const e of entries) {
    if (e.kind === 'other') {
      warnings.add('AISDK_RUNTIME_VALUE', e.text.slice(0, 40), `'${e.text.slice(0, 60)}' in the ${call} call cannot be read: left out`);
      continue;
    }
    if (e.kind === 'property' && PROMPT_KEYS.has(e.key)) {
      prompts.set(e.key, e.value);
      continue;
    }
    const label = e.kind === 'spread' ? `...${e.value}` : e.key;
    const own = identifiers(e.value).filter((n) => locals.has(n));
    if (own.length > 0) {
      warnings.add('AISDK_RUNTIME_VALUE', label, `the setting '${label}' of the ${call} call is made when the function runs (from ${own.map((n) => `'${n}'`).join(', ')}): left out`);
      continue;
    }
    let value: unknown;
    try {
      value = evaluate(e.value, scope);
    } catch (err) {
      warnings.add('AISDK_RUNTIME_VALUE', label, `the setting '${label}' of the ${call} call cannot be read without running the function (${(err as Error).message}): left out`);
      continue;
    }
    if (e.kind === 'spread') Object.assign(settings, value);
    else settings[e.key] = value;
  }
  return { call, settings, object: CALLS[call], prompts };
}
