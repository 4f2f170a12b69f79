import type { CompileWarning } from '../types.js';

/** Collects the warnings of an import: what did not carry over, named. */
export class Warnings {
  readonly list: CompileWarning[] = [];

  unsupported(component: string, message: string): void {
    this.list.push({ kind: 'unsupported', component, message });
  }

  approximated(component: string, message: string): void {
    this.list.push({ kind: 'approximated', component, message });
  }
}

/** An id made from a name: lower-case letters, digits and underscores. */
export function idOf(name: string): string {
  return name.trim().toLowerCase().replace(/[^a-z0-9]+/g, '_').replace(/^_+|_+$/g, '') || 'component';
}
