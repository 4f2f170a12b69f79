import { closing, skipQuoted } from './object-literal-entries.js';

/** A `generateText(` / `streamText(` / `generateObject(` / `streamObject(` call (the AI SDK calls importAiSdk reads). */
const CALL = /(?<![\w$.])(generateText|streamText|generateObject|streamObject)\s*\(/y;
/** An import declaration, over several lines too. */
const IMPORT = /^import\s[\s\S]*?(?:from\s*)?['"][^'"\n]+['"]\s*;?[^\S\n]*$/gm;

/** Where an AI SDK call written at a module's top level is: the statement holding it, and the call itself. */
export interface TopLevelCall {
  /** The call's name (`generateText`, …). */
  readonly call: string;
  /** The statement holding it: from the start of its line to the end of the line the call ends on. */
  readonly statement: { readonly start: number; readonly end: number };
  /** The call's text, `generateText({ … })`. */
  readonly text: string;
}

/**
 * The first AI SDK call a module makes at its top level — not inside a
 * function, a class or a block: `const { text } = await generateText({ … })`
 * as the AI SDK's docs write their examples —, read from its source (nothing
 * is run), or undefined when it makes none there.
 */
export function topLevelCall(source: string): TopLevelCall | undefined {
  let depth = 0;
  for (let i = 0; i < source.length; ) {
    const skipped = skipQuoted(source, i);
    if (skipped !== i) {
      i = skipped;
      continue;
    }
    const c = source[i] as string;
    if (c === '(' || c === '[' || c === '{') depth++;
    else if (c === ')' || c === ']' || c === '}') depth--;
    else if (depth === 0) {
      CALL.lastIndex = i;
      const m = CALL.exec(source);
      if (m) {
        const open = i + m[0].length - 1;
        const end = closing(source, open);
        const lineEnd = source.indexOf('\n', end);
        return {
          call: m[1] as string,
          statement: { start: source.lastIndexOf('\n', i) + 1, end: lineEnd === -1 ? source.length : lineEnd },
          text: source.slice(i, end),
        };
      }
    }
    i++;
  }
  return undefined;
}

/**
 * The module to load in place of a program whose AI SDK call is at its top
 * level (loading the program would make the call): its text before the
 * call's statement (imports, tools, constants), its later imports, and an
 * exported function `functionName` that would make the call — never called:
 * importAiSdk reads the call from its source, as for any function making a
 * call inline, its settings evaluated with the module's bindings. What comes
 * after the statement (what the program does with the answer) is left out.
 * Undefined when the program makes no top-level call.
 */
export function topLevelCallModule(source: string, functionName: string): string | undefined {
  const found = topLevelCall(source);
  if (!found) return undefined;
  const later = source.slice(found.statement.end).match(IMPORT) ?? [];
  return [
    source.slice(0, found.statement.start),
    ...later,
    `export async function ${functionName}() {\n  return ${found.text};\n}\n`,
  ].join('\n');
}
