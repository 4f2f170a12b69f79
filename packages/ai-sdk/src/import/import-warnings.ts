import type { ImportWarning } from '../options.js';
import { AI_SDK_IMPORT_WARNINGS, type AiSdkImportWarningCode } from './warning-codes.js';

/** Collects the warnings of an import, each with its code (its kind follows the code). */
export class ImportWarnings {
  readonly list: ImportWarning[] = [];

  add(code: AiSdkImportWarningCode, component: string, message: string): void {
    this.list.push({ kind: AI_SDK_IMPORT_WARNINGS[code].kind, code, component, message });
  }
}
