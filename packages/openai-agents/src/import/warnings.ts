import type { CompileWarning } from '../types.js';
import { OPENAI_AGENTS_IMPORT_WARNINGS, type OpenAiAgentsImportWarningCode } from './warning-codes.js';

/** Collects the warnings of an import: what did not carry over, named, with its code (its kind follows the code). */
export class Warnings {
  readonly list: CompileWarning[] = [];

  add(code: OpenAiAgentsImportWarningCode, component: string, message: string): void {
    this.list.push({ kind: OPENAI_AGENTS_IMPORT_WARNINGS[code].kind, code, component, message });
  }
}

/** An id made from a name: lower-case letters, digits and underscores. */
export function idOf(name: string): string {
  return name.trim().toLowerCase().replace(/[^a-z0-9]+/g, '_').replace(/^_+|_+$/g, '') || 'component';
}
