import type { MastraWarning } from '../warnings.js';
import { MASTRA_IMPORT_WARNINGS, type MastraImportWarningCode } from './warning-codes.js';

/** Collects the warnings of an import, each with its code (its kind follows the code). */
export class ImportWarnings {
  readonly list: MastraWarning[] = [];

  add(code: MastraImportWarningCode, component: string, message: string): void {
    this.list.push({ kind: MASTRA_IMPORT_WARNINGS[code].kind, code, component, message });
  }
}
