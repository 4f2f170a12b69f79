import type { AdapterWarning } from '@agentspec/runtime';

/** A compile or import problem that does not stop the conversion: shown to the caller, never silent (the one warning type of @agentspec/runtime). */
export type MastraWarning = AdapterWarning;

/** Collects warnings while compiling or importing. */
export class Warnings {
  readonly list: MastraWarning[] = [];

  add(kind: MastraWarning['kind'], component: string, message: string): void {
    this.list.push({ kind, component, message });
  }
}
