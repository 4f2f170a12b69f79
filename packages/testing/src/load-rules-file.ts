import { readFile } from 'node:fs/promises';
import { parse } from 'yaml';
import { RulesError, parseConfig } from './parse-rules.js';
import type { ScriptedLlmConfig } from './rules.js';

/** A rules file's content: the script plus the server address it may set. */
export type RulesFile = ScriptedLlmConfig & { readonly port?: number; readonly host?: string };

/** Parses the text of a YAML or JSON rules file (JSON is YAML). */
export function parseRulesText(text: string, source = 'rules file'): RulesFile {
  let data: unknown;
  try {
    data = parse(text, { maxAliasCount: 100, uniqueKeys: true });
  } catch (error) {
    throw new RulesError([`not valid YAML or JSON: ${(error as Error).message}`], source);
  }
  return parseConfig(data, source);
}

/** Reads and checks a YAML or JSON rules file. */
export async function loadRulesFile(path: string): Promise<RulesFile> {
  return parseRulesText(await readFile(path, 'utf8'), path);
}
