/**
 * What the source text of a node or router function says about where it may
 * go and whether it waits for the user. JavaScript keeps no return types, so
 * the importer reads the function's text (`Function.prototype.toString`, as
 * written or as transpiled): string literals, `END`, `interrupt(…)`,
 * `new Command(…)`, `new Send("node", …)`. A reading, not a proof: every
 * use of it is named in a warning.
 */
export interface SourceFacts {
  /** The function's text; undefined for native or bound functions. */
  readonly text: string | undefined;
  /** String literals outside `Send(…)` targets, in order, without repeats. */
  readonly literals: readonly string[];
  /** Whether it names `END` (or `'__end__'`). */
  readonly end: boolean;
  /** How many `interrupt(…)` calls it has, and the first one's text when it is a string literal. */
  readonly interrupts: number;
  readonly interruptMessage: string | undefined;
  /** Whether it makes a `Command`, and one for the parent graph. */
  readonly command: boolean;
  readonly commandParent: boolean;
  /** Whether it makes `Send`s, and the node names they name. */
  readonly send: boolean;
  readonly sendTargets: readonly string[];
}

const STRING = /(["'`])((?:\\.|(?!\1)[^\\])*)\1/g;
const SEND = /\bSend\b\)?\s*\(\s*(["'`])((?:\\.|(?!\1)[^\\])*)\1/g;
// `interrupt(`, or transpiled: `(0, import_langgraph.interrupt)(`, `__vi_import_0__.interrupt(`
const INTERRUPT_CALL = /(?<![\w$])interrupt\b\)?\s*\(/g;
const INTERRUPT_LITERAL = /(?<![\w$])interrupt\b\)?\s*\(\s*(["'`])((?:\\.|(?!\1)[^\\])*)\1\s*[,)]/;

/** The function a runnable wraps (RunnableCallable, RunnableLambda), or the value itself when it is one. */
export function functionOf(runnable: unknown): ((...args: never[]) => unknown) | undefined {
  if (typeof runnable === 'function') return runnable as (...args: never[]) => unknown;
  const func = (runnable as { func?: unknown } | null)?.func;
  return typeof func === 'function' ? (func as (...args: never[]) => unknown) : undefined;
}

/** The name a function was given (`function route…`, `const route = …`); undefined for anonymous ones. */
export function functionName(runnable: unknown): string | undefined {
  const name = functionOf(runnable)?.name.replace(/^bound /, '');
  return name && name !== 'anonymous' && name !== 'func' ? name : undefined;
}

/** What the source of a runnable's function says. */
export function scanSource(runnable: unknown): SourceFacts {
  const fn = functionOf(runnable);
  return scanText(fn ? Function.prototype.toString.call(fn) : undefined);
}

/** What a function's source text says. */
export function scanText(functionText: string | undefined): SourceFacts {
  const text = functionText !== undefined && /\{\s*\[native code\]\s*\}\s*$/.test(functionText) ? undefined : functionText;
  const source = text ?? '';
  const sendTargets: string[] = [];
  const sendSpans: [number, number][] = [];
  for (const m of source.matchAll(SEND)) {
    const value = literalValue(m[1] as string, m[2] as string);
    if (value !== undefined) sendTargets.push(value);
    const start = (m.index ?? 0) + m[0].length - (m[2] as string).length - 2;
    sendSpans.push([start, start + (m[2] as string).length + 2]);
  }
  const literals: string[] = [];
  for (const m of source.matchAll(STRING)) {
    const at = m.index ?? 0;
    if (sendSpans.some(([a, b]) => at >= a && at < b)) continue;
    const value = literalValue(m[1] as string, m[2] as string);
    if (value !== undefined && !literals.includes(value)) literals.push(value);
  }
  const interruptLiteral = INTERRUPT_LITERAL.exec(source);
  return {
    text,
    literals,
    end: /(?<![\w$])END\b/.test(source) || literals.includes('__end__'),
    interrupts: [...source.matchAll(INTERRUPT_CALL)].length,
    interruptMessage: interruptLiteral ? literalValue(interruptLiteral[1] as string, interruptLiteral[2] as string) : undefined,
    command: /\bCommand\b\)?\s*\(/.test(source),
    commandParent: /\bCommand\.PARENT\b|graph\s*:\s*["']__parent__["']/.test(source),
    send: /\bSend\b\)?\s*\(/.test(source),
    sendTargets: [...new Set(sendTargets)],
  };
}

/** The value of a string literal; undefined for a template literal with substitutions. */
function literalValue(quote: string, body: string): string | undefined {
  if (quote === '`' && body.includes('${')) return undefined;
  try {
    return JSON.parse(`"${body.replace(/\\'/g, "'").replace(/\\`/g, '`').replace(/(?<!\\)"/g, '\\"').replace(/\n/g, '\\n')}"`) as string;
  } catch {
    return body;
  }
}
