import type { AdapterWarning } from '../adapter.js';
import { RuntimeError } from '../errors.js';
import { Names } from './identifiers.js';
import { isIdentifierName } from './literal.js';

/** A piece of code an emitted module may need (a helper function, a type), written once at its end when used. */
export interface ModuleHelper<N extends string = string> {
  /** The source text. */
  readonly code: string;
  /** Other helpers of the table it uses. */
  readonly needs?: readonly N[];
  /** What it imports, by module (`type X` for a type-only import). */
  readonly imports?: Readonly<Record<string, readonly string[]>>;
  /** The top-level names it declares (no name made from the spec takes them). */
  readonly declares?: readonly string[];
}

/** Every helper of an emitter, in the order they are written (a new name breaks the build until listed). */
export type ModuleHelpers<N extends string> = { readonly [K in N]: ModuleHelper<N> };

/** The comment above the helpers of a module. */
const HELPERS_TITLE = '// ---- Helpers: the Agent Spec semantics the code above relies on (as @agentspec/runtime defines them) ----';

/** How long an import line may be before it is written one name per line. */
const IMPORT_WIDTH = 120;

function byName(a: string, b: string): number {
  return a.localeCompare(b, 'en', { sensitivity: 'base' }) || (a < b ? -1 : a > b ? 1 : 0);
}

/**
 * The emitted module being written: its imports (gathered, each once, a
 * value never downgraded to a type import; written sorted), the helpers it
 * uses (with the helpers and imports they need, written once each, in table
 * order, after the code), its sections in the order they are added, the
 * identifiers it declares (`names`) and the warnings of the emit. Same calls,
 * same bytes.
 */
export class ModuleWriter<N extends string = never, W = AdapterWarning> {
  /** The module's top-level identifiers: those of the helpers, and `reserved`, are taken from the start. */
  readonly names: Names;
  readonly warnings: W[] = [];
  readonly #helpers: ModuleHelpers<N>;
  readonly #used = new Set<N>();
  readonly #imports = new Map<string, Map<string, boolean>>();
  readonly #defaults = new Map<string, string>();
  readonly #sections: string[] = [];

  constructor(helpers: ModuleHelpers<N>, reserved: Iterable<string> = []) {
    this.#helpers = helpers;
    this.names = new Names([...reserved, ...Object.values<ModuleHelper<N>>(helpers).flatMap((h) => h.declares ?? [])]);
  }

  /** Import `names` from `from` (`type X`: a type-only import, unless X is also imported as a value). */
  import(from: string, ...names: readonly string[]): void {
    const set = this.#imports.get(from) ?? new Map<string, boolean>();
    for (const entry of names) {
      const type = entry.startsWith('type ');
      const name = type ? entry.slice(5).trim() : entry;
      if (!isIdentifierName(name)) throw new RuntimeError('AS_EMIT_VALUE', `cannot import '${name}' from '${from}': not an identifier`);
      set.set(name, (set.get(name) ?? true) && type);
    }
    this.#imports.set(from, set);
  }

  /** Import types. */
  importType(from: string, ...names: readonly string[]): void {
    this.import(from, ...names.map((n) => `type ${n}`));
  }

  /** `import name from 'from'`. */
  importDefault(from: string, name: string): void {
    if (!isIdentifierName(name)) throw new RuntimeError('AS_EMIT_VALUE', `cannot import '${name}' from '${from}': not an identifier`);
    this.#defaults.set(from, name);
  }

  /** Use a helper (and the helpers and imports it needs). */
  use(name: N): void {
    if (this.#used.has(name)) return;
    this.#used.add(name);
    const helper = this.#helpers[name];
    for (const dep of helper.needs ?? []) this.use(dep);
    for (const [from, names] of Object.entries(helper.imports ?? {})) this.import(from, ...names);
  }

  /** Whether a helper is used. */
  uses(name: N): boolean {
    return this.#used.has(name);
  }

  /** Add a top-level section (sections are separated by an empty line). */
  section(code: string): void {
    this.#sections.push(code.trimEnd());
  }

  /** Reserve the place of sections written later (types, once the tools are known). */
  placeholder(): number {
    this.#sections.push('');
    return this.#sections.length - 1;
  }

  /** Run `write` and move the sections it adds to the place reserved by placeholder(). */
  fill<T>(at: number, write: () => T): T {
    const start = this.#sections.length;
    const result = write();
    this.#sections.splice(at, 1, ...this.#sections.splice(start));
    return result;
  }

  /** The import lines: by module, names sorted (case-insensitively), one name a line when the line would be too long. */
  importLines(): string[] {
    const modules = [...new Set([...this.#imports.keys(), ...this.#defaults.keys()])].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    return modules.map((from) => {
      const names = [...(this.#imports.get(from) ?? new Map<string, boolean>()).entries()].sort(([a], [b]) => byName(a, b));
      const byDefault = this.#defaults.get(from);
      const allTypes = names.length > 0 && byDefault === undefined && names.every(([, t]) => t);
      const items = names.map(([n, t]) => (t && !allTypes ? `type ${n}` : n));
      const head = `import ${allTypes ? 'type ' : ''}${byDefault ?? ''}${byDefault !== undefined && items.length > 0 ? ', ' : ''}`;
      if (items.length === 0) return `${head} from '${from}';`;
      const line = `${head}{ ${items.join(', ')} } from '${from}';`;
      return line.length <= IMPORT_WIDTH ? line : `${head}{\n${items.map((n) => `  ${n},`).join('\n')}\n} from '${from}';`;
    });
  }

  /** The code of the helpers used, in table order. */
  helperCode(): string[] {
    return (Object.keys(this.#helpers) as N[]).filter((h) => this.#used.has(h)).map((h) => this.#helpers[h].code.trim());
  }

  /** The module: the header comment, the imports, the sections, then the helpers. */
  render(header: string): string {
    const helpers = this.helperCode();
    const parts = [header.trimEnd(), this.importLines().join('\n'), ...this.#sections, ...(helpers.length > 0 ? [HELPERS_TITLE, ...helpers] : [])];
    return `${parts.filter((p) => p !== '').join('\n\n')}\n`;
  }
}
