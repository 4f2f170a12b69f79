/**
 * Something of the imported document that the Agent Spec document does not
 * carry exactly: a code from the importer's fixed list (each README lists
 * them), the part of the source document concerned (`path`, a JSON Pointer),
 * the id of the component it landed on, and what happened instead. The shape
 * of the framework importers' warnings (`kind`, `component`, `message`,
 * `code`), plus `path`.
 */
export interface FormatWarning {
  readonly code: string;
  /** `unsupported`: not carried over (kept in `metadata` where it is data); `approximated`: carried over with a different, documented behaviour. */
  readonly kind: 'unsupported' | 'approximated';
  /** JSON Pointer into the source document (or the OpenAPI document, `<source id>:` first) of the field concerned. */
  readonly path: string;
  /** Id of the Agent Spec component concerned. */
  readonly component: string;
  readonly message: string;
}

/** What an importer returns: the component and every warning. */
export interface FormatImport<C> {
  readonly component: C;
  readonly warnings: readonly FormatWarning[];
}

/** A warning list that only takes codes of one fixed table, whose kind comes from the table. */
export class Warnings<Code extends string> {
  readonly list: FormatWarning[] = [];

  constructor(private readonly table: Readonly<Record<Code, { readonly kind: 'unsupported' | 'approximated' }>>) {}

  add(code: Code, path: string, component: string, message: string): void {
    this.list.push({ code, kind: this.table[code].kind, path, component, message });
  }
}

/** A JSON Pointer from path segments (`~` and `/` escaped). */
export function pointer(...segments: readonly (string | number)[]): string {
  return segments.map((s) => `/${String(s).replaceAll('~', '~0').replaceAll('/', '~1')}`).join('');
}
