import { randomUUID } from 'node:crypto';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, extname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { RuntimeError } from '@agentspec/runtime';
import type { AiSdkImportOptions } from '../options.js';
import { importAiSdk, type AiSdkImportResult } from './import-ai-sdk.js';
import { topLevelCall, topLevelCallModule } from './top-level-call.js';

export interface AiSdkModuleImportOptions extends AiSdkImportOptions {
  /** Loads a module by path (default: `import()`); the CLI passes its own loader (TypeScript through tsx). */
  readonly load?: (path: string) => Promise<Record<string, unknown>>;
}

/** An identifier made from a file's name: `weather-report.ts` → `weather_report`. */
function identifierOf(path: string): string {
  const name = basename(path, extname(path)).replace(/[^\w$]+/g, '_').replace(/^_+|_+$/g, '');
  return /^[A-Za-z_$]/.test(name) ? name : `program_${name}`;
}

/** Whether a program's source makes an AI SDK call at its top level (`agentspec import` then imports it with importAiSdkModule). */
export function hasTopLevelAiSdkCall(source: string): boolean {
  return topLevelCall(source) !== undefined;
}

/**
 * Import a program that calls the AI SDK at its top level — a script in the
 * style of the AI SDK's docs, `const { text } = await generateText({ model,
 * tools, stopWhen, prompt })` then `console.log(text)` — without making the
 * call: the program is not loaded; a module made of it (`topLevelCallModule`:
 * its imports, tools and constants, the call inside a function never called)
 * is written next to it (so that its imports resolve), loaded and removed,
 * and the call read as importAiSdk reads a call made inline. The Agent's id
 * is the file's name (`weather-report.ts` → `weather_report`) unless `id` is
 * given. AS_UNSUPPORTED when the program makes no top-level call.
 */
export async function importAiSdkModule(path: string, options: AiSdkModuleImportOptions = {}): Promise<AiSdkImportResult> {
  const { load = (p: string) => import(pathToFileURL(p).href) as Promise<Record<string, unknown>>, ...importOptions } = options;
  const name = identifierOf(path);
  const text = topLevelCallModule(readFileSync(path, 'utf8'), name);
  if (text === undefined) throw new RuntimeError('AS_UNSUPPORTED', `${path} makes no generateText / streamText / generateObject / streamObject call at its top level`);
  const made = join(dirname(resolve(path)), `.agentspec-import-${randomUUID().slice(0, 8)}-${basename(path)}`);
  writeFileSync(made, text);
  let mod: Record<string, unknown>;
  try {
    mod = await load(made);
  } finally {
    rmSync(made, { force: true });
  }
  return importAiSdk(mod[name] as object, { id: name, ...importOptions });
}
