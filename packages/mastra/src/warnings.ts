/** A compile or import problem that does not stop the conversion: shown to the caller, never silent. */
export interface MastraWarning {
  /** `unsupported`: left out or rejected; `approximated`: kept with a different (documented) construct. */
  readonly kind: 'unsupported' | 'approximated';
  /** Id of the component (or Mastra step / workflow) concerned. */
  readonly component: string;
  readonly message: string;
}

/** Collects warnings while compiling or importing. */
export class Warnings {
  readonly list: MastraWarning[] = [];

  add(kind: MastraWarning['kind'], component: string, message: string): void {
    this.list.push({ kind, component, message });
  }
}
