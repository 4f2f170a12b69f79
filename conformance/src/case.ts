/**
 * Reading case folders (CASES.md, cases/_invalid_/README.md). A malformed case
 * is a `CaseError` naming the file and every bad key: it fails loudly, it is
 * never skipped.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { parse } from 'yaml';
import { parseConfig, RulesError, type ScriptedLlmConfig } from '@agentspec/testing';
import type { NetworkPolicy, RuntimeLimits } from '@agentspec/runtime';
import { checkError, checkRuns } from './case-runs.js';
import { readCaseTraces } from './case-traces.js';
import type { ConformanceCase, ExpectedDiagnostic, ExpectedError, InvalidCase, ServerName } from './case-types.js';
import { SERVER_NAMES } from './case-types.js';
import { pointer, Problems, type Obj } from './check.js';
import { PLACEHOLDERS, placeholdersOf } from './servers/placeholders.js';
import { CASE_TOOL_NAMES, isCaseTool } from './tool-library.js';

/** A case that cannot be run as written. */
export class CaseError extends Error {
  constructor(readonly file: string, readonly problems: readonly string[]) {
    super(`${file}:\n  - ${problems.join('\n  - ')}`);
    this.name = 'CaseError';
  }
}

const SPEC_FILES = ['spec.yaml', 'spec.json'] as const;
const RUN_KEYS = ['description', 'spec', 'tools', 'toolsModule', 'servers', 'network', 'limits', 'llm', 'runs', 'refusedBy'];
/** A tools module found beside case.yaml when `toolsModule:` is not given (first found wins). */
export const CASE_TOOLS_FILES = ['tools.ts', 'tools.mts', 'tools.js', 'tools.mjs'] as const;

function readYaml(file: string): unknown {
  try {
    return parse(readFileSync(file, 'utf8'), { maxAliasCount: 100 });
  } catch (e) {
    throw new CaseError(file, [(e as Error).message.replace(/\s+/g, ' ')]);
  }
}

/**
 * The case's spec: `spec.yaml` or `spec.json` in the folder, or the document
 * `spec:` names (a path relative to the folder, e.g. the project's own spec).
 */
function readSpec(dir: string, named: unknown, p: Problems): { specFile: string; specText: string } | undefined {
  const found = SPEC_FILES.filter((name) => existsSync(join(dir, name)));
  if (named !== undefined) {
    const path = p.string(named, '/spec');
    if (path === undefined) return undefined;
    const specFile = resolve(dir, path);
    if (found.length > 0) p.add('/spec', `the case folder also has ${found.join(' and ')}: keep one spec`);
    else if (!existsSync(specFile)) p.add('/spec', `${path} not found (${specFile})`);
    else return { specFile, specText: readFileSync(specFile, 'utf8') };
    return undefined;
  }
  if (found.length !== 1) {
    const why = found.length === 0 ? 'no spec.yaml or spec.json (nor spec: in case.yaml)' : 'both spec.yaml and spec.json';
    throw new CaseError(join(dir, 'case.yaml'), [`the case folder has ${why}`]);
  }
  const specFile = join(dir, found[0]!);
  return { specFile, specText: readFileSync(specFile, 'utf8') };
}

/** The case's own tools module: `toolsModule:` (relative to the folder), else a CASE_TOOLS_FILES file beside case.yaml. */
function toolsModuleOf(dir: string, named: unknown, p: Problems): string | undefined {
  if (named === undefined) {
    const found = CASE_TOOLS_FILES.find((name) => existsSync(join(dir, name)));
    return found === undefined ? undefined : join(dir, found);
  }
  const path = p.string(named, '/toolsModule');
  if (path === undefined) return undefined;
  const file = isAbsolute(path) ? path : resolve(dir, path);
  if (!existsSync(file)) p.add('/toolsModule', `${path} not found (${file})`);
  return file;
}

function fail(file: string, p: Problems): void {
  if (p.list.length > 0) throw new CaseError(file, p.list);
}

/** Reads `<dir>/case.yaml` and its spec as a runnable case. */
export function loadRunCase(dir: string, id: string): ConformanceCase {
  const file = join(dir, 'case.yaml');
  const p = new Problems();
  const c = p.object(readYaml(file), '', RUN_KEYS, ['description', 'runs']);
  if (!c) throw new CaseError(file, p.list);
  const spec = readSpec(dir, c.spec, p);
  const description = p.string(c.description, '/description') ?? '';
  const tools = c.tools === undefined ? [] : p.strings(c.tools, '/tools');
  tools.forEach((name, i) => {
    if (!isCaseTool(name)) p.add(pointer('/tools', i), `'${name}' is not in the tool library (${CASE_TOOL_NAMES.join(', ')})`);
  });
  const toolsModule = toolsModuleOf(dir, c.toolsModule, p);
  const servers = (c.servers === undefined ? [] : p.strings(c.servers, '/servers')).flatMap((s, i) => p.oneOf(s, pointer('/servers', i), SERVER_NAMES) ?? []);
  const network = c.network === undefined ? undefined : checkNetwork(c.network, p);
  const limits = c.limits === undefined ? undefined : checkLimits(c.limits, '/limits', p);
  const llm = checkLlm(c.llm, p);
  const llmClient = checkLlmClient(c.llm, p);
  const runs = checkRuns(c.runs, '/runs', p);
  const refusedBy = c.refusedBy === undefined ? undefined : checkRefusedBy(c.refusedBy, p);
  const traces = readCaseTraces(dir, runs.length, (message) => p.add('', message));
  for (const name of spec ? placeholdersOf(spec.specText) : []) {
    const server = PLACEHOLDERS[name]!;
    if (!servers.includes(server)) p.add('/servers', `the spec uses \${${name}} but servers does not list ${server}`);
  }
  fail(file, p);
  return {
    kind: 'run', id, dir, description, ...spec!, tools, servers: servers as ServerName[], llm, llmClient, runs,
    ...(toolsModule !== undefined ? { toolsModule } : {}),
    ...(network ? { network } : {}),
    ...(limits ? { limits } : {}),
    ...(refusedBy ? { refusedBy } : {}),
    ...(traces ? { traces } : {}),
  };
}

function checkRefusedBy(value: unknown, p: Problems): Record<string, ExpectedError> | undefined {
  const o = p.record(value, '/refusedBy');
  if (!o) return undefined;
  const out: Record<string, ExpectedError> = {};
  for (const [runtime, e] of Object.entries(o)) {
    const error = checkError(e, pointer('/refusedBy', runtime), p);
    if (error) out[runtime] = error;
  }
  return out;
}

function checkNetwork(value: unknown, p: Problems): NetworkPolicy | undefined {
  const n = p.object(value, '/network', ['allow', 'allowStdio']);
  if (!n) return undefined;
  return {
    ...(n.allow !== undefined ? { allow: p.strings(n.allow, '/network/allow') } : {}),
    ...(n.allowStdio !== undefined ? { allowStdio: p.strings(n.allowStdio, '/network/allowStdio') } : {}),
  };
}

function counts(o: Obj, keys: readonly string[], path: string, p: Problems): Record<string, number> {
  const out: Record<string, number> = {};
  for (const key of keys) {
    if (o[key] === undefined) continue;
    const n = p.count(o[key], pointer(path, key));
    if (n !== undefined) out[key] = n;
  }
  return out;
}

function checkLimits(value: unknown, path: string, p: Problems): RuntimeLimits | undefined {
  const l = p.object(value, path, ['maxSteps', 'maxAgentSteps', 'mapConcurrency', 'parallelism', 'maxHandoffs', 'http']);
  if (!l) return undefined;
  const httpKeys = ['timeoutMs', 'retries', 'maxRedirects', 'maxBodyBytes'];
  const http = l.http === undefined ? undefined : p.object(l.http, pointer(path, 'http'), httpKeys);
  return { ...counts(l, ['maxSteps', 'maxAgentSteps', 'mapConcurrency', 'parallelism', 'maxHandoffs'], path, p), ...(http ? { http: counts(http, httpKeys, pointer(path, 'http'), p) } : {}) };
}

function checkLlm(value: unknown, p: Problems): ScriptedLlmConfig {
  if (value === undefined) return { rules: [], strict: true };
  const o = p.object(value, '/llm', ['strict', 'rules', 'defaultAnswer', 'timeoutMs', 'retries'], ['rules']);
  if (!o) return { rules: [] };
  const { timeoutMs: _t, retries: _r, ...rules } = o;
  try {
    return parseConfig(rules);
  } catch (e) {
    if (!(e instanceof RulesError)) throw e;
    for (const problem of e.problems) p.add('/llm', problem);
    return { rules: [] };
  }
}

/** How the runtime's LLM client is configured for a case: `llm.timeoutMs`, `llm.retries`. */
function checkLlmClient(value: unknown, p: Problems): { timeoutMs?: number; retries?: number } {
  if (typeof value !== 'object' || value === null) return {};
  const o = value as Record<string, unknown>;
  const out: { timeoutMs?: number; retries?: number } = {};
  for (const key of ['timeoutMs', 'retries'] as const) {
    const v = o[key];
    if (v === undefined) continue;
    if (typeof v !== 'number' || !Number.isInteger(v) || v < 0) p.add(`/llm/${key}`, `${key} must be a whole number ≥ 0`);
    else out[key] = v;
  }
  return out;
}

/** Reads `_invalid_/<case>/case.yaml` and its spec: a document core must reject. */
export function loadInvalidCase(dir: string, id: string): InvalidCase {
  const file = join(dir, 'case.yaml');
  const p = new Problems();
  const c = p.object(readYaml(file), '', ['description', 'spec', 'expect'], ['description', 'expect']);
  if (!c) throw new CaseError(file, p.list);
  const spec = readSpec(dir, c.spec, p);
  const description = p.string(c.description, '/description') ?? '';
  const expect = p.object(c.expect, '/expect', ['diagnostics'], ['diagnostics']);
  const list = expect ? p.array(expect.diagnostics, '/expect/diagnostics') ?? [] : [];
  if (expect && Array.isArray(expect.diagnostics) && list.length === 0) p.add('/expect/diagnostics', 'must list at least one error');
  const diagnostics = list.flatMap((d, i): ExpectedDiagnostic[] => {
    const at = pointer('/expect/diagnostics', i);
    const o = p.object(d, at, ['code', 'path', 'line', 'column'], ['code', 'path']);
    if (!o) return [];
    const code = p.string(o.code, pointer(at, 'code'));
    const path = p.string(o.path, pointer(at, 'path'));
    const pos = counts(o, ['line', 'column'], at, p);
    return code !== undefined && path !== undefined ? [{ code, path, ...pos }] : [];
  });
  fail(file, p);
  return { kind: 'invalid', id, dir, description, ...spec!, diagnostics };
}

/** A case folder found under the cases directory, not read yet. */
export interface CaseEntry {
  readonly id: string;
  readonly dir: string;
  readonly kind: 'run' | 'invalid';
}

const isDir = (path: string): boolean => statSync(path).isDirectory();

/**
 * Every case folder under `casesDir`, sorted by id: folders holding a
 * case.yaml, and each folder of `_invalid_/`. Other folders whose name starts
 * with `_` are not cases (e.g. `_selftest_`, the runner's own tests). A
 * `casesDir` that is itself a case folder (has a case.yaml) is that one case,
 * its id the folder's name.
 */
export function discoverCases(casesDir: string): CaseEntry[] {
  if (!existsSync(casesDir) || !isDir(casesDir)) throw new Error(`cases directory not found: ${casesDir}`);
  if (existsSync(join(casesDir, 'case.yaml'))) return [{ id: basename(resolve(casesDir)), dir: casesDir, kind: 'run' }];
  const found: CaseEntry[] = [];
  const id = (dir: string): string => relative(casesDir, dir).split(sep).join('/');
  const walk = (dir: string, top: boolean): void => {
    for (const name of readdirSync(dir).sort()) {
      const path = join(dir, name);
      if (!isDir(path)) continue;
      if (top && name === '_invalid_') {
        for (const inner of readdirSync(path).sort()) {
          if (isDir(join(path, inner))) found.push({ id: id(join(path, inner)), dir: join(path, inner), kind: 'invalid' });
        }
      } else if (name.startsWith('_')) {
        continue;
      } else if (existsSync(join(path, 'case.yaml')) || SPEC_FILES.some((f) => existsSync(join(path, f)))) {
        found.push({ id: id(path), dir: path, kind: 'run' });
      } else {
        walk(path, false);
      }
    }
  };
  walk(casesDir, true);
  return found.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/** Reads one discovered case; throws `CaseError` when it is malformed. */
export function loadCase(entry: CaseEntry): ConformanceCase | InvalidCase {
  if (!existsSync(join(entry.dir, 'case.yaml'))) throw new CaseError(join(entry.dir, 'case.yaml'), ['the case folder has no case.yaml']);
  return entry.kind === 'invalid' ? loadInvalidCase(entry.dir, entry.id) : loadRunCase(entry.dir, entry.id);
}
