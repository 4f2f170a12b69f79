import { isBuiltinType, typedInfo, type TypedInfo } from '../components/registry.js';
import type { CheckContext, Draft } from '../components/handler.js';
import { DIAGNOSTIC_CODES, type DiagnosticCode } from '../diagnostics/codes.js';
import { diagnostic, type Diagnostic, type Severity } from '../diagnostics/diagnostic.js';
import { child, escapeToken } from '../diagnostics/pointer.js';
import { fitsFamily, type Family } from '../model/families.js';
import type { FieldSpec } from '../model/fields.js';
import { isSensitiveField } from '../model/sensitive.js';
import type { LaterComponentType } from '../model/later-types.js';
import type { Component, ComponentType } from '../model/types.js';
import type { ComponentPlugin } from '../plugins.js';
import { componentGate, componentVersionRange, fieldGate, isKnownField, isNeutralValue, valueGate } from '../versions/gates.js';
import { compareVersions, DEVELOPMENT_VERSIONS, parseVersion, type Version } from '../versions/version.js';
import { newDraft } from './new-draft.js';
import { cloneDefault, exceedsDepth, isPlainObject, isRef, offendingEntry, propertyProblem, put, valueProblem } from './values.js';

type DocumentName = 'main' | 'referenced';

/**
 * What a reference must resolve to: a component of a family (a component
 * field's kind serves as one, so no object is made per reference), or a
 * value of a field kind.
 */
type Expect = FamilyExpect | { readonly field: FieldSpec };
type FamilyExpect = { readonly family: Family };
const ANY_COMPONENT: FamilyExpect = { family: 'Component' };

/**
 * Where a component or reference is written: `parent` then `token` (no
 * token: `parent` alone). Joined only when needed — a reference that
 * resolves needs no path, and most fields of most documents are references.
 */
function joinPath(parent: string, token: string | number | undefined): string {
  return token === undefined ? parent : `${parent}/${token}`;
}

interface Scope {
  readonly entries: Record<string, unknown>;
  /** Where the `$referenced_components` object is, and a slash: an entry's path is this and its key (one string per entry, not two). */
  readonly prefix: string;
  readonly document: DocumentName;
  readonly done: Map<string, unknown>;
  /** Entries being read (a stack: each read pops what it pushed). A list, not a Set: no hash table rebuilt as ids come and go. */
  readonly busy: string[];
}

interface Deferred {
  readonly holder: object;
  readonly key: string | number;
  readonly id: string;
  readonly path: string;
  readonly expect: Expect;
  readonly document: DocumentName;
  /** Position of the component whose fields hold the reference: -1 until it is registered (and at the root). */
  owner: number;
}

/** A lookup that found nothing, or stopped at a reference cycle (already reported). */
const NOT_FOUND: unique symbol = Symbol('not found');
const CYCLE: unique symbol = Symbol('cycle');
/** What a lookup found (possibly undefined: an entry that could not be read), or why not. */
type Lookup = unknown;

const ROOT_ONLY_KEYS = new Set(['agentspec_version', 'air_version']);
/** Fields no check reads: a bad value there does not stop the component's checks. */
const COMMON_FIELD_NAMES = new Set(['id', 'name', 'description', 'metadata']);

export interface ReaderOptions {
  readonly version: Version | undefined;
  readonly plugins: Map<string, ComponentPlugin>;
  /** Values and components supplied at load, by id. */
  readonly supplied: Readonly<Record<string, unknown>>;
  /** `$referenced_components` of a disaggregated document. */
  readonly referenced: Record<string, unknown> | undefined;
  /** Reference id → id to look up among supplied/referenced components. */
  readonly refMap: Readonly<Record<string, string>>;
  /** Deepest nesting accepted (components, and JSON values inside them). */
  readonly maxDepth: number;
  /** Most diagnostics kept; the rest are counted in one AS_TOO_MANY_DIAGNOSTICS. */
  readonly maxDiagnostics: number;
  /**
   * Whether the main document was parsed from JSON text by this load, so that
   * nothing else holds it: the reader then drops from it what it has read
   * (the items of lists of components, the entries of `$referenced_components`),
   * which lets those parts die young instead of being copied by each young-generation
   * GC of a large load. Never for a value passed in (the caller's) nor YAML (aliases share values).
   */
  readonly owned?: boolean;
}

/**
 * Reads a parsed document into components in one pass: references resolved
 * against the `$referenced_components` in scope (then supplied, then
 * disaggregated components, then inline components anywhere), every problem
 * recorded as a diagnostic. Then fills inferred fields and runs the checks.
 */
export class Reader implements CheckContext {
  readonly diagnostics: Diagnostic[] = [];
  private readonly scopes: Scope[] = [];
  private readonly referencedScope: Scope | undefined;
  /**
   * The ids registered while no id has come twice (`byId` undefined): a set,
   * not a map (two words an entry, not three), a duplicate showing as a set
   * that did not grow.
   */
  private readonly ids = new Set<string>();
  /**
   * The first component read with each id (its index in `components`): made
   * by a scan of `components` when an id comes twice (then kept up to date)
   * or when late references are resolved (idMap).
   */
  private byId: Map<string, number> | undefined;
  /**
   * Every component read, in reading order (`components`), with where it is
   * written (`paths`, `inReferenced`) and whether its fields are inferred yet
   * (`inferred`, filled only when inference walks components' contents).
   * Parallel arrays: no object per component. `index` (a component's
   * position) is made the first time something asks for one (positionOf): a
   * check's diagnostic, a plugin's component, inference walking contents.
   */
  private index: Map<object, number> | undefined;
  /** Set while inference walks components' contents (infer), where `ensure` has work to do. */
  private walking = false;
  /**
   * Whether every component holds only components read before it (earlier
   * in `components`): true unless a late reference put a component in a
   * field of one read earlier than it (or of itself), or a plugin's read
   * returned a component already read. Then no component contains itself,
   * and inferring in reading order infers what a component holds first.
   */
  private ordered = true;
  private readonly components: object[] = [];
  private readonly paths: string[] = [];
  /** Positions of the components read in the disaggregated (referenced) document; the rest are in the main one. */
  private inReferenced: Set<number> | undefined;
  /** Whether each component's fields are inferred: made when inference walks (see read); nothing is inferred while reading. */
  private inferred: boolean[] = [];
  /** Where a component read more than once was first read (where its id was taken). */
  private readonly firstPaths = new Map<number, string>();
  /** Typed components holding fields their type does not declare (read by readExtras). */
  private readonly withExtras = new Set<object>();
  /** The stack of the walks over components' contents (shared: each walk pops back to where it started). */
  private readonly walk: unknown[] = [];
  /** Components with a missing or ill-typed field: their inference and checks are skipped. */
  private readonly broken = new Set<object>();
  /**
   * Components that are broken or hold a blocked sub-component: inference
   * and checks read sub-components' fields, so they are skipped for these
   * too (the defect underneath is already reported).
   */
  private readonly blocked = new Set<object>();
  /** Diagnostics past `maxDiagnostics`: only counted. */
  private dropped = 0;
  private droppedErrors = 0;
  private depth = 0;
  /**
   * Ids of the components being read, innermost last (a list used as a set:
   * an id is listed once, and leaving a component unlists its id, as a Set's
   * add and delete would; no hash table rebuilt per component).
   */
  private readonly ancestors: string[] = [];
  private readonly deferred: Deferred[] = [];
  private document: DocumentName = 'main';
  /** Set while the next component read is an entry of `$referenced_components` (where agentspec_version may stand). */
  private atEntry = false;

  constructor(private readonly options: ReaderOptions) {
    this.referencedScope = options.referenced
      ? { entries: options.referenced, prefix: '/$referenced_components/', document: 'referenced', done: new Map(), busy: [] }
      : undefined;
    this.ensure = this.ensure.bind(this);
  }

  /** Read the root component; then resolve late references, infer, check. */
  read(raw: unknown): Component | undefined {
    const box: { root?: unknown } = {};
    if (isRef(raw) && (raw as Record<string, unknown>).component_type === undefined) {
      // A root-level reference: the document is the component its own $referenced_components define.
      const scoped = this.pushScope(raw, '');
      this.refInto(box, 'root', raw.$component_ref, '/$component_ref', undefined, ANY_COMPONENT);
      if (scoped) this.popScope('');
    } else {
      this.readInto(box, 'root', raw, '', undefined, ANY_COMPONENT);
    }
    this.resolveDeferred();
    const components = this.components;
    if (this.broken.size === 0 && this.ordered) this.inferInOrder();
    else {
      this.walking = true;
      this.inferred = new Array<boolean>(components.length).fill(false);
      for (let i = 0; i < components.length; i++) if (!this.inferred[i]) this.infer(components[i] as object, i);
      this.walking = false;
    }
    const hadErrors = this.diagnostics.some((d) => d.severity === 'error');
    const blocked = this.blocked.size > 0;
    for (let i = 0; i < components.length; i++) {
      const c = components[i] as object;
      const type = (c as Component).component_type;
      const info = typedInfo(type);
      if ((blocked && this.blocked.has(c)) || info === undefined) continue;
      try {
        info.handler.check?.(c as Component, this);
      } catch (e) {
        if (!hadErrors) throw e; // a check tripping over an already-reported defect adds nothing
      }
    }
    if (this.dropped > 0) this.summarizeDropped();
    return box.root as Component | undefined;
  }

  /** One diagnostic counting those past the cap: an error when any of them was. */
  summarizeDropped(): void {
    if (this.dropped === 0) return;
    const n = this.dropped;
    this.dropped = 0;
    this.diagnostics.push(diagnostic('AS_TOO_MANY_DIAGNOSTICS', '', `${n} more diagnostic${n === 1 ? '' : 's'} (${this.droppedErrors} error${this.droppedErrors === 1 ? '' : 's'}) after the first ${this.options.maxDiagnostics} were left out`, {
      severity: this.droppedErrors > 0 ? 'error' : 'warning',
      hint: 'fix the problems reported, or raise the maxDiagnostics load option',
    }));
  }

  // ---- CheckContext
  report(code: DiagnosticCode, component: object, field: readonly (string | number)[], message: string, hint?: string): void {
    const i = this.positionOf(component);
    let path = i === undefined ? '' : (this.paths[i] as string);
    for (const t of field) path += `/${escapeToken(t)}`;
    const document = i !== undefined && this.inReferenced?.has(i) === true ? 'referenced' : 'main';
    this.add(code, path, message, { hint, document });
  }

  /**
   * Infer a component's fields, after those of the components it holds
   * directly (edges included), in the order a depth-first walk of its
   * contents meets them; skipped (blocked) when it or one of them is broken.
   */
  ensure(component: unknown): void {
    if (!this.walking || typeof component !== 'object' || component === null) return;
    const i = this.positionOf(component);
    if (i !== undefined && !this.inferred[i]) this.infer(component, i);
  }

  /**
   * Inference when no component is broken and every component holds only
   * components read before it (`ordered`): nothing is blocked, and inferring
   * in reading order is what the walk (infer) does then, without walking —
   * and without `index` or `inferred`. `ensure` has nothing to do: what a
   * handler asks for is inferred already.
   */
  private inferInOrder(): void {
    const components = this.components;
    for (let i = 0; i < components.length; i++) {
      const c = components[i] as object;
      typedInfo((c as Component).component_type)?.handler.infer?.(c as Draft, this.ensure);
    }
  }

  /** A component's position in `components`, by a map made the first time one is asked for. */
  private positionOf(component: object): number | undefined {
    if (this.index === undefined) {
      const index = new Map<object, number>();
      const components = this.components;
      for (let i = 0; i < components.length; i++) if (!index.has(components[i] as object)) index.set(components[i] as object, i);
      this.index = index;
    }
    return this.index.get(component);
  }

  /** ensure for a component not inferred yet, at `i` in `components` (one index lookup per component met). */
  private infer(component: object, i: number): void {
    this.inferred[i] = true;
    let blocked = this.broken.size > 0 && this.broken.has(component);
    const stack = this.walk;
    const base = stack.length;
    const info = typedInfo((component as Component).component_type);
    contents(component, stack, this.withExtras, info);
    while (stack.length > base) {
      const v = stack.pop();
      if (typeof v !== 'object' || v === null) continue;
      const j = this.positionOf(v);
      if (j !== undefined) {
        if (!this.inferred[j]) this.infer(v, j);
        if (this.blocked.size > 0 && this.blocked.has(v)) blocked = true;
      } else if (Array.isArray(v)) {
        for (let k = 0; k < v.length; k++) stack.push(v[k]);
      } else {
        // own enumerable values in Object.values order, without a list of them per object
        for (const k in v) if (Object.hasOwn(v, k)) stack.push((v as Record<string, unknown>)[k]);
      }
    }
    if (blocked) {
      this.blocked.add(component);
      return;
    }
    info?.handler.infer?.(component as Draft, this.ensure);
  }

  private add(code: DiagnosticCode, path: string, message: string, extra?: { hint?: string | undefined; severity?: Severity; document?: DocumentName }): void {
    const document = extra?.document ?? this.document;
    const last = this.diagnostics[this.diagnostics.length - 1];
    // a later field holding a later component is one problem, not two
    if (code === 'AS_VERSION_GATE' && last?.code === code && last.path === path && (last.document ?? 'main') === document) return;
    if (this.diagnostics.length >= this.options.maxDiagnostics) {
      this.dropped++;
      if ((extra?.severity ?? DIAGNOSTIC_CODES[code].severity) === 'error') this.droppedErrors++;
      return;
    }
    const opts: { hint?: string; severity?: Severity; document?: DocumentName } = {};
    if (extra?.hint) opts.hint = extra.hint;
    if (extra?.severity) opts.severity = extra.severity;
    if (document !== 'main') opts.document = document;
    this.diagnostics.push(diagnostic(code, path, message, opts));
  }

  // ---- components
  private readInto(holder: object, key: string | number, raw: unknown, parent: string, token: string | number | undefined, expect: FamilyExpect): void {
    if (isRef(raw)) {
      this.refInto(holder, key, raw.$component_ref, parent, token, expect);
      return;
    }
    const c = this.readComponent(raw, joinPath(parent, token), expect.family);
    if (c !== undefined) put(holder, key, c);
  }

  /**
   * Item `i` of a list of components written at `at`: readInto, with the
   * item's path made as `prefix` (`at` and a slash, joined once per list) and
   * its index — one string per item, not two.
   */
  private readItem(out: unknown[], i: number, raw: unknown, at: string, prefix: string, expect: FamilyExpect): void {
    if (isRef(raw)) {
      this.refInto(out, i, raw.$component_ref, at, i, expect);
      return;
    }
    const c = this.readComponent(raw, prefix + i, expect.family);
    if (c !== undefined) put(out, i, c);
  }

  private readComponent(raw: unknown, path: string, family: Family): object | undefined {
    if (!isPlainObject(raw) || typeof raw.component_type !== 'string') {
      this.add('AS_NOT_A_COMPONENT', path, isPlainObject(raw)
        ? `expected a component (an object with component_type) or a {"$component_ref": …}; this object has no component_type`
        : `expected a component, found ${raw === null ? 'null' : Array.isArray(raw) ? 'an array' : typeof raw}`);
      return undefined;
    }
    const info = typedInfo(raw.component_type);
    // a typed type by the library's own string: the lookups below find it without hashing the document's copy
    const type = info === undefined ? raw.component_type : info.type;
    const entry = this.atEntry;
    this.atEntry = false;
    const plugin = this.options.plugins.size > 0 ? this.options.plugins.get(type) : undefined;
    const builtin = info !== undefined;
    if (!builtin && !plugin && !componentVersionRange(type)) {
      const named = typeof raw.component_plugin_name === 'string' ? raw.component_plugin_name : undefined;
      if (named !== undefined || /^Plugin[A-Z]/.test(type)) {
        const version = typeof raw.component_plugin_version === 'string' ? ` ${raw.component_plugin_version}` : '';
        this.add('AS_PLUGIN_MISSING', path, named !== undefined
          ? `${type} is a component of plugin ${named}${version}, which is not registered`
          : `${type} is a plugin component, and no registered plugin handles it`, {
          hint: 'pass the plugin in the `plugins` load option (see ComponentPlugin in the README)',
        });
      } else {
        this.add('AS_UNKNOWN_COMPONENT', path, `unknown component_type '${type}'`, { hint: 'register a plugin for it, or check the spelling' });
      }
    }
    if (path !== '') this.nestedVersion(raw, path, entry);
    const version = this.options.version;
    if (version && !plugin) {
      const gate = componentGate(type, version);
      if (gate) this.add('AS_VERSION_GATE', path, gate, { hint: 'declare a version that has it, or remove it' });
    }
    if (!fitsFamily(type, family, plugin?.families)) {
      this.add('AS_WRONG_COMPONENT_KIND', path, `a ${type} cannot stand here: a ${family} is expected`);
    }
    if (this.depth >= this.options.maxDepth) {
      this.add('AS_LIMIT_DEPTH', path, `components nest deeper than ${this.options.maxDepth} levels`);
      return undefined;
    }
    const id = typeof raw.id === 'string' ? raw.id : undefined;
    if (id !== undefined && !this.ancestors.includes(id)) this.ancestors.push(id);
    this.depth++;
    const deferredFrom = this.deferred.length;
    const scoped = this.pushScope(raw, path);
    const obj = builtin ? this.readTyped(raw, path, info.type, info) : this.readOpaque(raw, path, type, plugin);
    if (scoped) this.popScope(path);
    this.depth--;
    if (id !== undefined) unlist(this.ancestors, id);
    this.register(obj, path, builtin || plugin?.read === undefined, deferredFrom);
    return obj;
  }

  /**
   * `agentspec_version` below the root: allowed on an entry of
   * `$referenced_components` (pyagentspec stamps each disaggregated component)
   * when it is a version we read; misplaced anywhere else.
   */
  private nestedVersion(raw: Record<string, unknown>, path: string, entry: boolean): void {
    if (raw.agentspec_version === undefined && raw.air_version === undefined) return;
    for (const key of ROOT_ONLY_KEYS) {
      const v = raw[key];
      if (v === undefined) continue;
      if (!entry) {
        this.add('AS_VERSION_MISPLACED', child(path, key), `${key} belongs at the top level of the document, not on a nested component`, { hint: `remove it; the document's own ${key} applies to every component` });
      } else if (!parseVersion(v) && !(typeof v === 'string' && Object.hasOwn(DEVELOPMENT_VERSIONS, v))) {
        this.add('AS_VERSION_UNSUPPORTED', child(path, key), `Agent Spec version ${JSON.stringify(v)} is not supported`);
      }
    }
  }

  /**
   * Give a component read its position (`fresh`: made by this read, so not
   * read before; a plugin's read may return a component again), and the
   * late references made while reading it (since `deferredFrom`, not claimed
   * by a component inside it) their owner.
   */
  private register(obj: Record<string, unknown>, path: string, fresh: boolean, deferredFrom: number): void {
    let i = fresh ? undefined : this.positionOf(obj);
    if (i === undefined) {
      i = this.components.length;
      this.index?.set(obj, i);
      this.components.push(obj);
    } else {
      this.ordered = false; // what it holds now may have been read after it
      if (!this.firstPaths.has(i)) this.firstPaths.set(i, this.paths[i] as string); // read again (a plugin's read returned it twice): keeps its place
    }
    const deferred = this.deferred;
    for (let k = deferredFrom; k < deferred.length; k++) if ((deferred[k] as Deferred).owner === -1) (deferred[k] as Deferred).owner = i;
    const id = obj.id;
    if (typeof id === 'string') {
      let seen: number | undefined;
      if (this.byId === undefined) {
        const ids = this.ids;
        const size = ids.size;
        ids.add(id);
        // taken already (by another component, or by this one read again): look ids up in a map from now on
        if (ids.size === size) seen = this.idMap().get(id);
      } else {
        seen = this.byId.get(id);
        if (seen === undefined) this.byId.set(id, i);
      }
      if (seen !== undefined && this.components[seen] !== obj) {
        this.add('AS_DUPLICATE_ID', `${path}/id`, `id '${id}' is already used by the component at ${(this.firstPaths.get(seen) ?? this.paths[seen]) || '/'}`, { hint: 'give each component its own id; reuse a component with {"$component_ref": id}' });
      }
    }
    this.paths[i] = path;
    if (this.document !== 'main') (this.inReferenced ??= new Set()).add(i);
    else this.inReferenced?.delete(i);
  }

  /**
   * `byId`, made the first time it is needed: the position of the first
   * component registered with each id (positions are given in registration
   * order), by a scan of `components`, once per document.
   */
  private idMap(): Map<string, number> {
    if (this.byId !== undefined) return this.byId;
    const byId = new Map<string, number>();
    const components = this.components;
    for (let j = 0; j < components.length; j++) {
      const id = (components[j] as { id?: unknown }).id;
      if (typeof id === 'string' && !byId.has(id)) byId.set(id, j);
    }
    this.byId = byId;
    return byId;
  }

  private readTyped(raw: Record<string, unknown>, path: string, type: ComponentType | LaterComponentType, info: TypedInfo): Draft {
    const obj = newDraft(type);
    const version = this.options.version;
    let consumed = 1 + (raw.$referenced_components !== undefined ? 1 : 0) + (raw.agentspec_version !== undefined ? 1 : 0) + (raw.air_version !== undefined ? 1 : 0);
    // fields whose values a version gates (not write-only gates): valueGate is called for these only
    const valueGated = version !== undefined ? info.valueGated : undefined;
    const specs = info.fields;
    for (let f = 0; f < specs.length; f++) {
      const spec = specs[f] as FieldSpec;
      const v = raw[spec.name];
      if (v === undefined) {
        if (spec.name === 'id') obj.id = generatedId(type, path);
        else if (spec.required) {
          this.broken.add(obj);
          this.add('AS_MISSING_FIELD', path, `${type} requires '${spec.name}'`);
        } else if (spec.default !== undefined) obj[spec.name] = cloneDefault(spec.default);
        continue;
      }
      consumed++;
      const widened = valueGated !== undefined && valueGated.has(spec.name) ? valueGate(type, spec.name, v, version as Version) : undefined;
      if (widened) this.add('AS_VERSION_GATE', `${path}/${spec.name}`, widened);
      if (spec.since && version && compareVersions(version, spec.since) < 0 && !isNeutralValue(v, spec.default) && !(spec.neutral !== undefined && (spec.neutral === true || v === spec.neutral))) {
        this.add('AS_VERSION_GATE', `${path}/${spec.name}`, `${type}.${spec.name} exists from Agent Spec ${spec.since}; the document declares ${version}`);
      }
      // fast path for the most common field: a plain string where a string is expected
      if (typeof v === 'string' && spec.type.kind === 'string') obj[spec.name] = v;
      else this.readField(obj, spec, v, path);
    }
    let total = 0;
    for (const _ in raw) total++;
    if (total > consumed) this.readExtras(obj, raw, path, type, info.names);
    return obj;
  }

  private readExtras(obj: Draft, raw: Record<string, unknown>, path: string, type: string, names: ReadonlySet<string>): void {
    this.withExtras.add(obj);
    for (const key of Object.keys(raw)) {
      if (key === 'component_type' || key === '$referenced_components' || names.has(key) || ROOT_ONLY_KEYS.has(key)) continue;
      if (isKnownField(type, key)) {
        const gate = this.options.version && !isNeutralValue(raw[key]) && fieldGate(type, key, this.options.version);
        if (gate) this.add('AS_VERSION_GATE', child(path, key), gate);
      } else {
        this.add('AS_UNKNOWN_FIELD', child(path, key), `${type} has no field '${key}'; it is kept as is`);
      }
      this.genericInto(obj, key, raw[key], child(path, key), isSensitiveField(type, key));
    }
  }

  private readOpaque(raw: Record<string, unknown>, path: string, type: string, plugin: ComponentPlugin | undefined): Draft {
    const obj: Draft = { component_type: type };
    for (const key of Object.keys(raw)) {
      if (key === 'component_type' || key === '$referenced_components' || ROOT_ONLY_KEYS.has(key)) continue;
      const gate = this.options.version && !plugin
        ? (isNeutralValue(raw[key]) ? undefined : fieldGate(type, key, this.options.version)) ?? valueGate(type, key, raw[key], this.options.version)
        : undefined;
      if (gate) this.add('AS_VERSION_GATE', child(path, key), gate);
      this.genericInto(obj, key, raw[key], child(path, key), isSensitiveField(type, key));
    }
    if (typeof obj.id !== 'string') obj.id = generatedId(type, path);
    if (plugin?.read) {
      try {
        return plugin.read(obj as never) as unknown as Draft;
      } catch (e) {
        this.broken.add(obj);
        this.add('AS_PLUGIN_ERROR', path, `plugin ${plugin.name} rejected this ${type}: ${(e as Error).message}`);
      }
    }
    return obj;
  }

  /** Any JSON value of an opaque field: nested components read, references resolved, objects copied safely. */
  private genericInto(holder: object, key: string | number, v: unknown, path: string, sensitive = false, depth = 0): void {
    if (depth > this.options.maxDepth) {
      this.add('AS_LIMIT_DEPTH', path, `the value nests deeper than ${this.options.maxDepth} levels`);
      return;
    }
    if (Array.isArray(v)) {
      const out: unknown[] = new Array(v.length);
      for (let i = 0; i < v.length; i++) this.genericInto(out, i, v[i], `${path}/${i}`, false, depth + 1);
      put(holder, key, out);
    } else if (isPlainObject(v)) {
      if (isRef(v)) {
        if (sensitive && !this.canResolve(v.$component_ref)) {
          this.add('AS_SECRET_MISSING', path, `secret '${v.$component_ref}' was not supplied; it is kept as a reference`, { hint: `pass components: { '${v.$component_ref}': … } when loading` });
          put(holder, key, v);
        } else {
          this.refInto(holder, key, v.$component_ref, path, undefined, ANY_COMPONENT, true);
        }
      } else if (typeof v.component_type === 'string') {
        this.readInto(holder, key, v, path, undefined, ANY_COMPONENT);
      } else {
        const out: Record<string, unknown> = {};
        for (const k of Object.keys(v)) this.genericInto(out, k, v[k], child(path, k), false, depth + 1);
        put(holder, key, out);
      }
    } else {
      put(holder, key, v);
    }
  }

  // ---- typed fields
  private readField(obj: Draft, spec: FieldSpec, v: unknown, parent: string): void {
    const kind = spec.type;
    if (kind.kind === 'component') {
      if (v === null && spec.nullable) obj[spec.name] = null;
      else this.readInto(obj, spec.name, v, parent, spec.name, kind);
      return;
    }
    if (kind.kind === 'component-pairs') {
      if (!Array.isArray(v) || !v.every(isPair)) {
        this.wrongType(obj, `${parent}/${spec.name}`, `${spec.name} must be a list of [caller, recipient] pairs of components`);
        return;
      }
      obj[spec.name] = this.readPairs(v as unknown[][], `${parent}/${spec.name}`, kind);
      return;
    }
    if (kind.kind === 'component-or-string-list') {
      if (v === null && spec.nullable) {
        obj[spec.name] = null;
      } else if (!Array.isArray(v)) {
        this.wrongType(obj, `${parent}/${spec.name}`, `${spec.name} must be a list of names or components`);
      } else {
        const out: unknown[] = new Array(v.length);
        const at = `${parent}/${spec.name}`;
        const prefix = `${at}/`;
        for (let i = 0; i < v.length; i++) {
          if (typeof v[i] === 'string') out[i] = v[i];
          else this.readItem(out, i, v[i], at, prefix, kind);
        }
        obj[spec.name] = out;
      }
      return;
    }
    if (kind.kind === 'component-list') {
      if (v === null && spec.nullable) {
        obj[spec.name] = null;
      } else if (!Array.isArray(v)) {
        this.wrongType(obj, `${parent}/${spec.name}`, `${spec.name} must be a list of components`);
      } else {
        const out: unknown[] = new Array(v.length);
        const at = `${parent}/${spec.name}`;
        const prefix = `${at}/`;
        // the list itself is not kept (out is): its items are dropped as they are read when the document is owned
        const drop = this.dropping();
        for (let i = 0; i < v.length; i++) {
          this.readItem(out, i, v[i], at, prefix, kind);
          if (drop) v[i] = undefined;
        }
        obj[spec.name] = out;
      }
      return;
    }
    if (isRef(v)) {
      if (spec.sensitive && !this.canResolve(v.$component_ref)) {
        this.add('AS_SECRET_MISSING', `${parent}/${spec.name}`, `secret '${v.$component_ref}' was not supplied; the runtime must provide ${spec.name}`, { hint: `pass components: { '${v.$component_ref}': … } when loading` });
        // kept (and written back as it was), except a required field of a 25.4.1 component, which a runtime finds absent
        if (!isBuiltinType(obj.component_type) || !spec.required) obj[spec.name] = v;
        return;
      }
      this.refInto(obj, spec.name, v.$component_ref, parent, spec.name, { field: spec });
      return;
    }
    if (kind.kind === 'properties') {
      this.readProperties(obj, spec, v, parent);
      return;
    }
    const problem = valueProblem(kind, v, spec.nullable === true);
    if (!problem) {
      if (typeof v === 'object' && v !== null && exceedsDepth(v, this.options.maxDepth)) {
        this.add('AS_LIMIT_DEPTH', `${parent}/${spec.name}`, `${spec.name} nests deeper than ${this.options.maxDepth} levels`);
        return;
      }
      obj[spec.name] = v;
      return;
    }
    const entry = offendingEntry(kind, v);
    const path = `${parent}/${spec.name}`;
    const at = entry === undefined ? path : child(path, entry);
    if (COMMON_FIELD_NAMES.has(spec.name)) this.add('AS_WRONG_TYPE', at, `${spec.name} ${problem}`);
    else this.wrongType(obj, at, `${spec.name} ${problem}`);
  }

  /**
   * [caller, recipient] pairs of components. Kept out of readField: a closure
   * there would make every call of readField allocate a context.
   */
  private readPairs(v: readonly (readonly unknown[])[], path: string, expect: FamilyExpect): unknown[][] {
    const out: unknown[][] = new Array(v.length);
    for (let i = 0; i < v.length; i++) {
      const pair = v[i] as readonly unknown[];
      const into: unknown[] = new Array(2);
      out[i] = into;
      const at = `${path}/${i}`;
      for (let j = 0; j < 2; j++) if (j in pair) this.readInto(into, j, pair[j], at, j, expect);
    }
    return out;
  }

  private readProperties(obj: Draft, spec: FieldSpec, v: unknown, parent: string): void {
    if (v === null) {
      obj[spec.name] = null;
      return;
    }
    if (!Array.isArray(v)) {
      this.wrongType(obj, `${parent}/${spec.name}`, `${spec.name} must be a list of JSON Schema properties`);
      return;
    }
    // titles kept so far: a bit per property in lists of up to 30 (most), a set in longer ones
    let kept = 0;
    const titles = v.length > 30 ? new Set<string>() : undefined;
    for (let i = 0; i < v.length; i++) {
      const p = v[i] as Record<string, unknown>;
      const problem = propertyProblem(p);
      if (exceedsDepth(p, this.options.maxDepth)) {
        this.broken.add(obj);
        this.add('AS_LIMIT_DEPTH', `${parent}/${spec.name}/${i}`, `the property nests deeper than ${this.options.maxDepth} levels`);
      } else if (problem) {
        this.broken.add(obj);
        this.add('AS_INVALID_PROPERTY', `${parent}/${spec.name}/${i}`, problem);
      } else if (titles ? titles.has(p.title as string) : keptTitle(v, i, kept)) {
        this.add('AS_DUPLICATE_PROPERTY', `${parent}/${spec.name}/${i}`, `two ${spec.name} are titled '${String(p.title)}'`);
      } else if (titles) {
        titles.add(p.title as string);
      } else {
        kept |= 1 << i;
      }
    }
    obj[spec.name] = v;
  }

  /** Whether what is read now may be dropped from the document (see ReaderOptions.owned). */
  private dropping(): boolean {
    return this.options.owned === true && this.document === 'main';
  }

  private wrongType(obj: object, path: string, message: string): void {
    this.broken.add(obj);
    this.add('AS_WRONG_TYPE', path, message);
  }

  // ---- references
  private pushScope(raw: Record<string, unknown>, path: string): boolean {
    const entries = raw.$referenced_components;
    if (entries === undefined) return false;
    if (!isPlainObject(entries)) {
      this.add('AS_WRONG_TYPE', `${path}/$referenced_components`, '$referenced_components must be an object mapping ids to components');
      return false;
    }
    this.scopes.push({ entries, prefix: `${path}/$referenced_components/`, document: this.document, done: new Map(), busy: [] });
    return true;
  }

  /** Leaving a scope: entries nobody referenced are still read (their problems reported) and flagged. */
  private popScope(ownerPath: string): void {
    const scope = this.scopes[this.scopes.length - 1] as Scope;
    for (const key of Object.keys(scope.entries)) {
      if (scope.done.has(key)) continue;
      const path = `${ownerPath}/$referenced_components/${escapeToken(key)}`;
      this.entry(scope, key, path, undefined);
      this.add('AS_UNUSED_COMPONENT', path, `'${key}' is defined in $referenced_components but never referenced; it will not be written back`);
    }
    this.scopes.pop();
  }

  private mapId(id: string): string {
    return Object.hasOwn(this.options.refMap, id) ? (this.options.refMap[id] as string) : id;
  }

  private canResolve(id: string): boolean {
    const mapped = this.mapId(id);
    return this.scopes.some((s) => Object.hasOwn(s.entries, id)) || Object.hasOwn(this.options.supplied, mapped)
      || (this.referencedScope !== undefined && Object.hasOwn(this.referencedScope.entries, mapped));
  }

  /** What `id` refers to, for a reference written at `parent`/`token`. */
  private lookup(id: string, parent: string, token: string | number | undefined): Lookup {
    for (let i = this.scopes.length - 1; i >= 0; i--) {
      const scope = this.scopes[i] as Scope;
      // an entry read already (most references): one probe of `done`, not of the entries too
      const done = scope.done.get(id);
      if (done !== undefined) return done;
      if (Object.hasOwn(scope.entries, id)) return this.unreadEntry(scope, id, parent, token);
    }
    return this.lookupSupplied(id, parent, token);
  }

  private lookupSupplied(id: string, parent: string, token: string | number | undefined): Lookup {
    const mapped = this.mapId(id);
    if (Object.hasOwn(this.options.supplied, mapped)) return this.options.supplied[mapped];
    const scope = this.referencedScope;
    if (scope && Object.hasOwn(scope.entries, mapped)) return this.entry(scope, mapped, parent, token);
    return NOT_FOUND;
  }

  private entry(scope: Scope, key: string, parent: string, token: string | number | undefined): Lookup {
    const done = scope.done.get(key);
    return done !== undefined ? done : this.unreadEntry(scope, key, parent, token);
  }

  /** entry, once `done` holds no component for `key` (it may hold an entry that could not be read: undefined). */
  private unreadEntry(scope: Scope, key: string, parent: string, token: string | number | undefined): Lookup {
    if (scope.done.has(key)) return undefined;
    if (scope.busy.includes(key)) {
      this.add('AS_REF_CYCLE', joinPath(parent, token), `'${key}' refers back to itself through its own contents`);
      return CYCLE;
    }
    const raw = scope.entries[key];
    scope.busy.push(key);
    const saved = this.document;
    this.document = scope.document;
    let value: unknown = raw;
    const entryPath = scope.prefix + escapeToken(key);
    if (isRef(raw)) {
      const inner = raw.$component_ref === key ? this.lookupSupplied(key, entryPath, undefined) : this.lookup(raw.$component_ref, entryPath, undefined);
      value = inner === NOT_FOUND || inner === CYCLE ? undefined : inner;
      if (inner === NOT_FOUND) this.add('AS_DANGLING_REF', entryPath, `'${raw.$component_ref}' is not defined anywhere`);
    } else if (isPlainObject(raw) && typeof raw.component_type === 'string') {
      this.atEntry = true;
      value = this.readComponent(raw, entryPath, 'Component');
    }
    this.document = saved;
    scope.busy.pop();
    scope.done.set(key, value);
    // read once: `done` answers from now on (the key stays, for canResolve and popScope)
    if (this.options.owned === true && scope.document === 'main') scope.entries[key] = undefined;
    return value;
  }

  /** Put what `id` refers to at `holder[key]`; the reference is written at `parent`/`token`. */
  private refInto(holder: object, key: string | number, id: string, parent: string, token: string | number | undefined, expect: Expect, anyValue = false): void {
    const r = this.lookup(id, parent, token);
    if (r === CYCLE) return;
    if (r !== NOT_FOUND) {
      if (r !== undefined && (anyValue || this.accepts(r, expect, parent, token))) put(holder, key, r);
      return;
    }
    const path = joinPath(parent, token);
    if (this.ancestors.includes(id)) {
      this.add('AS_REF_CYCLE', path, `'${id}' is a component that contains this reference`);
      return;
    }
    this.deferred.push({ holder, key, id, path, expect, document: this.document, owner: -1 });
  }

  private accepts(value: unknown, expect: Expect, parent: string, token: string | number | undefined): boolean {
    if ('family' in expect) {
      if (!isPlainObject(value) || typeof value.component_type !== 'string') {
        this.add('AS_NOT_A_COMPONENT', joinPath(parent, token), `the reference resolves to a value, but a ${expect.family} component is expected`);
        return false;
      }
      const plugin = this.options.plugins.size > 0 ? this.options.plugins.get(value.component_type) : undefined;
      if (!fitsFamily(value.component_type, expect.family, plugin?.families)) {
        this.add('AS_WRONG_COMPONENT_KIND', joinPath(parent, token), `the reference resolves to a ${value.component_type}, but a ${expect.family} is expected`);
        return false;
      }
      return true;
    }
    const spec = expect.field;
    const problem = spec.type.kind === 'properties'
      ? (Array.isArray(value) ? value.map(propertyProblem).find((x) => x !== undefined) : 'must be a list of properties')
      : valueProblem(spec.type, value, spec.nullable === true);
    if (problem) {
      this.add('AS_WRONG_TYPE', joinPath(parent, token), `the reference resolves to a value that ${problem}`);
      return false;
    }
    return true;
  }

  /**
   * The position of the first component with each id that late references
   * ask for (mapped or as written): one scan of `components` with a map of
   * those ids only, not of every id.
   */
  private positionsOf(deferred: readonly Deferred[]): Map<string, number> {
    const wanted = new Map<string, number>();
    for (const d of deferred) {
      wanted.set(d.id, -1);
      wanted.set(this.mapId(d.id), -1);
    }
    const components = this.components;
    for (let j = 0; j < components.length; j++) {
      const id = (components[j] as { id?: unknown }).id;
      if (typeof id === 'string' && wanted.get(id) === -1) wanted.set(id, j);
    }
    for (const [id, j] of wanted) if (j === -1) wanted.delete(id);
    return wanted;
  }

  /** References to components defined inline elsewhere in the document. */
  private resolveDeferred(): void {
    const patched: object[] = [];
    const byId = this.deferred.length > 0 ? (this.byId ?? this.positionsOf(this.deferred)) : undefined;
    for (const d of this.deferred) {
      const at = (byId as Map<string, number>).get(this.mapId(d.id)) ?? (byId as Map<string, number>).get(d.id);
      const hit = at === undefined ? undefined : (this.components[at] as object);
      if (hit && this.acceptsFrom(d, hit)) {
        put(d.holder, d.key, hit);
        patched.push(hit);
        if (d.owner >= 0 && (at as number) >= d.owner) this.ordered = false;
      } else if (!hit) {
        this.add('AS_DANGLING_REF', d.path, `no component or value with id '${d.id}'`, {
          hint: 'define it in $referenced_components, inline, or supply it when loading (components / referenced)',
          document: d.document,
        });
      }
    }
    // ordered: every component holds only earlier ones, so none contains itself
    if (patched.length > 0 && !this.ordered) this.checkContainmentCycles(patched);
  }

  private acceptsFrom(d: Deferred, value: unknown): boolean {
    const saved = this.document;
    this.document = d.document;
    const ok = this.accepts(value, d.expect, d.path, undefined);
    this.document = saved;
    return ok;
  }

  /**
   * Late references can close a containment cycle (a FlowNode inside its own
   * subflow). Such a cycle passes through a late reference, so it is
   * reachable from a component a late reference patched in: only what those
   * components contain is walked (not the whole document).
   */
  private checkContainmentCycles(targets: readonly object[]): void {
    this.positionOf(targets[0] as object); // makes the index
    const index = this.index as Map<object, number>;
    const state = new Map<object, 1 | 2>();
    const visit = (c: object): boolean => {
      const s = state.get(c);
      if (s === 2) return false;
      if (s === 1) {
        const i = index.get(c);
        this.add('AS_REF_CYCLE', i === undefined ? '' : (this.paths[i] as string), `component '${String((c as Component).id)}' contains itself`);
        return true;
      }
      state.set(c, 1);
      for (const sub of subComponents(c, index, this.withExtras)) if (visit(sub)) return true;
      state.set(c, 2);
      return false;
    };
    for (const c of targets) if (visit(c)) return;
  }
}

/**
 * Where a walk over a component's contents starts: the values of the fields
 * that can hold components (typed types), or of every field.
 */
function contents(c: object, into: unknown[], withExtras: ReadonlySet<object>, info = typedInfo((c as Component).component_type)): void {
  const record = c as Record<string, unknown>;
  if (info === undefined) {
    for (const x of Object.values(record)) into.push(x);
    return;
  }
  const holding = info.holding;
  for (let i = 0; i < holding.length; i++) {
    const v = record[holding[i] as string];
    if (typeof v === 'object' && v !== null) into.push(v);
  }
  // only readExtras writes fields a typed component's type does not declare
  if (!withExtras.has(c)) return;
  const names = info.names;
  for (const key in record) if (!names.has(key)) into.push(record[key]);
}

/** Components held directly by a component's fields (edges hold nodes, not the other way). */
function* subComponents(c: object, built: ReadonlyMap<object, number>, withExtras: ReadonlySet<object>): Generator<object> {
  const stack: unknown[] = [];
  contents(c, stack, withExtras);
  while (stack.length > 0) {
    const v = stack.pop();
    if (typeof v !== 'object' || v === null) continue;
    if (built.has(v)) {
      if ((v as Component).component_type !== 'ControlFlowEdge' && (v as Component).component_type !== 'DataFlowEdge') yield v;
      continue;
    }
    for (const x of Object.values(v)) stack.push(x);
  }
}

/** Whether a property before `i` whose bit is set in `kept` has the title of property `i`. */
function keptTitle(v: readonly unknown[], i: number, kept: number): boolean {
  const title = (v[i] as Record<string, unknown>).title;
  for (let j = 0; j < i; j++) if ((kept & (1 << j)) !== 0 && (v[j] as Record<string, unknown>).title === title) return true;
  return false;
}

function isPair(p: unknown): boolean {
  return Array.isArray(p) && p.length === 2;
}

/** Remove `id` from a list of distinct ids (the last one, in practice). */
function unlist(ids: string[], id: string): void {
  const k = ids.lastIndexOf(id);
  if (k === ids.length - 1) ids.pop();
  else if (k >= 0) ids.splice(k, 1);
}

/** A stable id for a component that has none, derived from where it is. */
export function generatedId(type: string, path: string): string {
  let h = 0x811c9dc5;
  const s = `${type}@${path}`;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return `${type.toLowerCase()}_${h.toString(16).padStart(8, '0')}`;
}
