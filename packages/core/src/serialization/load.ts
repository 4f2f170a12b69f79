import { capDiagnostics, diagnostic, hasErrors, type Diagnostic } from '../diagnostics/diagnostic.js';
import { AgentSpecLoadError } from '../errors.js';
import type { Component } from '../model/types.js';
import { pluginIndex, type ComponentPlugin } from '../plugins.js';
import { DEVELOPMENT_VERSIONS, LATEST_VERSION, parseVersion, SUPPORTED_VERSIONS, type Version } from '../versions/version.js';
import { DEFAULT_MAX_DIAGNOSTICS, resolveLimits, type Limits } from './limits.js';
import { locator } from './locate.js';
import { parseText, type Format, type Parsed } from './parse.js';
import { Reader } from './reader.js';
import { isPlainObject } from './values.js';

export interface LoadOptions {
  /** Force a format instead of detecting it (JSON when the text starts with `{` or `[`). */
  readonly format?: Format;
  /** Plugins for custom component types. */
  readonly plugins?: readonly ComponentPlugin[];
  /**
   * Disaggregated components: the text (JSON/YAML) or parsed value of a
   * document holding only `$referenced_components`.
   */
  readonly referenced?: string | Record<string, unknown>;
  /**
   * Components or values supplied at load by id (secrets, environment-specific
   * configs, …): pyagentspec's component registry. Also a text (JSON/YAML) of
   * such an object, or of a `$referenced_components` document (read as
   * `referenced`), as the CLI's `--components` file gives it.
   */
  readonly components?: Readonly<Record<string, unknown>> | string;
  /** Map a reference id to the id to look up among supplied/disaggregated components. */
  readonly refMap?: Readonly<Record<string, string>>;
  /** Resource limits for untrusted input (see DEFAULT_LIMITS). */
  readonly limits?: Partial<Limits>;
  /**
   * Most diagnostics reported (default 1,000): the first ones are kept, the
   * rest counted in one AS_TOO_MANY_DIAGNOSTICS (an error when any of them is).
   */
  readonly maxDiagnostics?: number;
}

export interface LoadResult {
  /** The root component, when the document could be read (even with errors, for tooling). */
  readonly component?: Component;
  /** Every problem found, errors and warnings, with JSON Pointer paths and (for text) line/column. */
  readonly diagnostics: readonly Diagnostic[];
  /** The declared version (26.2.0 reads as 26.3.1, legacy `air_version` 25.4.0 as 25.4.1, 26.4.0 as 26.3.1 with AS_VERSION_AHEAD). */
  readonly version?: Version;
  readonly format?: Format;
}

/** Read a document, reporting every problem; never throws for bad input. */
export function load(input: string | unknown, options: LoadOptions = {}): LoadResult {
  const limits = resolveLimits(options.limits);
  const maxDiagnostics = options.maxDiagnostics ?? DEFAULT_MAX_DIAGNOSTICS;
  let parsed: Parsed | undefined;
  let value: unknown = input;
  if (typeof input === 'string') {
    parsed = parseText(input, limits, options.format);
    if (parsed.diagnostics.length > 0) return { diagnostics: capDiagnostics(parsed.diagnostics, maxDiagnostics), format: parsed.format };
    value = parsed.value;
  }
  // the common load (no supplied or disaggregated components, no diagnostics) calls none of the
  // helpers below: each function first called costs a compilation in a fresh process
  const registry = options.components === undefined ? NOTHING : readRegistry(options.components, limits);
  if (registry.diagnostics.length > 0) return { diagnostics: capDiagnostics(registry.diagnostics, maxDiagnostics), ...(parsed ? { format: parsed.format } : {}) };
  const given = registry.referenced ?? options.referenced;
  const referenced = given === undefined ? NOTHING : readReferenced(given, limits);
  if (referenced.diagnostics.length > 0) return { diagnostics: capDiagnostics(referenced.diagnostics, maxDiagnostics), ...(parsed ? { format: parsed.format } : {}) };

  const front = frontMatter(value);
  let diagnostics: Diagnostic[] = front.diagnostics;
  let component: Component | undefined;
  if (!front.stop) {
    const reader = new Reader({
      version: front.version,
      plugins: pluginIndex(options.plugins),
      supplied: registry.components ?? {},
      referenced: referenced.entries,
      refMap: options.refMap ?? {},
      maxDepth: limits.maxDepth,
      maxDiagnostics: Math.max(0, maxDiagnostics - diagnostics.length),
      // only a large document's load allocates enough for young-generation GCs to copy it while it is read
      owned: parsed?.format === 'json' && (input as string).length >= OWNED_FROM,
    });
    try {
      component = reader.read(value);
    } catch (e) {
      if (!(e instanceof RangeError)) throw e;
      reader.diagnostics.push(diagnostic('AS_LIMIT_DEPTH', '', 'the document nests too deeply to be read'));
      reader.summarizeDropped();
    }
    diagnostics = diagnostics.concat(reader.diagnostics);
  }
  const located = typeof input === 'string' && parsed && diagnostics.length > 0 ? locate(diagnostics, input, parsed, referenced) : diagnostics;
  return {
    diagnostics: located,
    ...(component ? { component } : {}),
    ...(front.version ? { version: front.version } : {}),
    ...(parsed ? { format: parsed.format } : {}),
  };
}

/** Read a document into a component; throws AgentSpecLoadError carrying every diagnostic when invalid. */
export function deserialize(text: string | unknown, options?: LoadOptions): Component {
  const result = load(text, options);
  if (hasErrors(result.diagnostics) || !result.component) throw new AgentSpecLoadError(result.diagnostics);
  return result.component;
}

/** Every problem in a document (text or parsed value): errors and warnings. Never throws for bad input. */
export function validate(input: string | unknown, options?: LoadOptions): Diagnostic[] {
  return [...load(input, options).diagnostics];
}

/**
 * Characters from which the reader drops what it has read from the parsed
 * text (ReaderOptions.owned): below, a load never fills the young generation,
 * and the drops cost more than they save.
 */
const OWNED_FROM = 256 * 1024;

/** What readRegistry and readReferenced give for no input (never modified). */
const NOTHING: { readonly diagnostics: Diagnostic[]; readonly components?: undefined; readonly referenced?: undefined; readonly entries?: undefined; readonly text?: undefined; readonly parsed?: undefined } = Object.freeze({ diagnostics: [] as Diagnostic[] });

function frontMatter(value: unknown): { version?: Version; diagnostics: Diagnostic[]; stop?: boolean } {
  if (!isPlainObject(value)) {
    return { diagnostics: [diagnostic('AS_NOT_A_COMPONENT', '', 'a document must be an object holding one component')], stop: true };
  }
  if (value.component_type === undefined && value.$component_ref === undefined && value.$referenced_components !== undefined) {
    return {
      diagnostics: [diagnostic('AS_DISAGGREGATED_ONLY', '', 'this document holds only $referenced_components', {
        hint: 'load the main document and pass this one as the `referenced` option (CLI: --referenced)',
      })],
      stop: true,
    };
  }
  const key = value.agentspec_version !== undefined ? 'agentspec_version' : value.air_version !== undefined ? 'air_version' : undefined;
  if (!key) {
    return { diagnostics: [diagnostic('AS_VERSION_MISSING', '', 'the document declares no agentspec_version; no version gate is applied', { hint: 'add agentspec_version: 25.4.1 (or the version you target)' })] };
  }
  const declared = value[key];
  const version = parseVersion(declared);
  if (!version) {
    if (typeof declared === 'string' && Object.hasOwn(DEVELOPMENT_VERSIONS, declared)) {
      const as = DEVELOPMENT_VERSIONS[declared] as Version;
      return {
        version: as,
        diagnostics: [diagnostic('AS_VERSION_AHEAD', `/${key}`, `Agent Spec ${declared} is in development: the document is read as ${as}, the latest release, and what only ${declared} has is read as unknown`, { hint: `write ${LATEST_VERSION} for a document every release reads` })],
      };
    }
    return {
      diagnostics: [diagnostic('AS_VERSION_UNSUPPORTED', `/${key}`, `Agent Spec version ${JSON.stringify(declared)} is not supported`, { hint: `supported: ${SUPPORTED_VERSIONS.join(', ')} (26.2.0 reads as 26.3.1, legacy air_version 25.4.0 as 25.4.1)` })],
    };
  }
  return { version, diagnostics: [] };
}

/** The component registry: an object of components and values by id, or its text (a `$referenced_components` document is read as `referenced`). */
function readRegistry(input: LoadOptions['components'], limits: Limits): { components?: Readonly<Record<string, unknown>>; referenced?: string; diagnostics: Diagnostic[] } {
  if (input === undefined) return { diagnostics: [] };
  if (typeof input !== 'string') return { components: input, diagnostics: [] };
  const parsed = parseText(input, limits);
  if (parsed.diagnostics.length > 0) return { diagnostics: parsed.diagnostics.map((d) => ({ ...d, document: 'referenced' as const })) };
  if (!isPlainObject(parsed.value)) {
    return { diagnostics: [diagnostic('AS_WRONG_TYPE', '', 'the component registry must be an object of components and values by id', { document: 'referenced' })] };
  }
  if (parsed.value.$referenced_components !== undefined && Object.keys(parsed.value).length === 1) return { referenced: input, diagnostics: [] };
  return { components: parsed.value, diagnostics: [] };
}

interface ReferencedDoc {
  entries?: Record<string, unknown>;
  diagnostics: Diagnostic[];
  text?: string;
  parsed?: Parsed;
}

function readReferenced(input: LoadOptions['referenced'], limits: Limits): ReferencedDoc {
  if (input === undefined) return { diagnostics: [] };
  let value: unknown = input;
  let parsed: Parsed | undefined;
  if (typeof input === 'string') {
    parsed = parseText(input, limits);
    if (parsed.diagnostics.length > 0) return { diagnostics: parsed.diagnostics.map((d) => ({ ...d, document: 'referenced' as const })) };
    value = parsed.value;
  }
  const entries = isPlainObject(value) ? value.$referenced_components : undefined;
  if (!isPlainObject(entries)) {
    return { diagnostics: [diagnostic('AS_WRONG_TYPE', '', 'the disaggregated components document must be an object with $referenced_components', { document: 'referenced' })] };
  }
  return { entries, diagnostics: [], ...(typeof input === 'string' ? { text: input } : {}), ...(parsed ? { parsed } : {}) };
}

function locate(diagnostics: Diagnostic[], text: string, parsed: Parsed, referenced: ReferencedDoc): Diagnostic[] {
  if (diagnostics.length === 0) return diagnostics;
  const paths = (doc: 'main' | 'referenced') => diagnostics.filter((d) => (d.document ?? 'main') === doc && d.line === undefined).map((d) => d.path);
  const main = locator(text, parsed, paths('main'));
  const other = referenced.text && referenced.parsed ? locator(referenced.text, referenced.parsed, paths('referenced')) : undefined;
  return diagnostics.map((d) => {
    if (d.line !== undefined) return d;
    const find = d.document === 'referenced' ? other : main;
    const pos = find?.(d.path);
    return pos ? { ...d, line: pos.line, column: pos.column } : d;
  });
}
