import type { CompileWarning } from '../options.js';
import { HELPERS, type HelperName } from './helpers.js';

/**
 * The emitted module being written: its imports (sorted, stable), the
 * helper functions it needs (in a fixed order, each once) and its sections
 * in the order they are added.
 */
export class ModuleWriter {
  private readonly imports = new Map<string, Map<string, boolean>>();
  private readonly helpers = new Set<HelperName>();
  private readonly sections: string[] = [];
  readonly warnings: CompileWarning[] = [];
  /** Identifiers declared at the top level; names made from the spec (which always end in `Tool`, `Args`, `Request`, `Transport` or `_PARAMETERS`) avoid them. */
  readonly names = new Set<string>(['submitResultTool', 'SUBMIT_RESULT_PARAMETERS', 'Tool', 'Transport', 'StdioClientTransport', 'SSEClientTransport', 'StreamableHTTPClientTransport']);

  /** Import `names` from `from`; a name imported as a value is never downgraded to a type import. */
  import(from: string, ...names: string[]): void {
    this.add(from, names, false);
  }

  importType(from: string, ...names: string[]): void {
    this.add(from, names, true);
  }

  private add(from: string, names: readonly string[], typeOnly: boolean): void {
    const set = this.imports.get(from) ?? new Map<string, boolean>();
    for (const n of names) set.set(n, (set.get(n) ?? true) && typeOnly);
    this.imports.set(from, set);
  }

  /** Use a helper function (and the helpers and imports it needs). */
  use(name: HelperName): void {
    if (this.helpers.has(name)) return;
    const helper = HELPERS[name];
    for (const dep of helper.uses ?? []) this.use(dep);
    for (const [from, names] of Object.entries(helper.imports ?? {})) this.import(from, ...names);
    for (const [from, names] of Object.entries(helper.types ?? {})) this.importType(from, ...names);
    this.helpers.add(name);
  }

  /** Reserve the place of sections written later (the types, once the tools are known). */
  placeholder(): number {
    this.sections.push('');
    return this.sections.length - 1;
  }

  /** Run `write` and move the sections it adds to the reserved place. */
  fill<T>(at: number, write: () => T): T {
    const start = this.sections.length;
    const result = write();
    this.sections.splice(at, 1, ...this.sections.splice(start));
    return result;
  }

  section(code: string): void {
    this.sections.push(code.trimEnd());
  }

  render(header: string): string {
    const imports = [...this.imports.entries()]
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([from, names]) => {
        const list = [...names.entries()]
          .sort(([a], [b]) => a.localeCompare(b, 'en', { sensitivity: 'base' }) || (a < b ? -1 : 1))
          .map(([n, typeOnly]) => (typeOnly ? `type ${n}` : n));
        const allTypes = [...names.values()].every(Boolean);
        const head = allTypes ? 'import type' : 'import';
        const items = allTypes ? list.map((n) => n.replace(/^type /, '')) : list;
        const line = `${head} { ${items.join(', ')} } from '${from}';`;
        return line.length <= 120 ? line : `${head} {\n${items.map((n) => `  ${n},`).join('\n')}\n} from '${from}';`;
      });
    const helpers = (Object.keys(HELPERS) as HelperName[]).filter((h) => this.helpers.has(h)).map((h) => HELPERS[h].code.trim());
    const body = [...this.sections, ...(helpers.length > 0 ? ['// Helpers: Agent Spec semantics the AI SDK does not have built in.', ...helpers] : [])];
    return `${header}\n${imports.join('\n')}\n\n${body.join('\n\n')}\n`;
  }
}
