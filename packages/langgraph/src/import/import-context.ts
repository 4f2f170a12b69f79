import type { ToolRegistry } from '@agentspec/runtime';
import type { ImportWarning } from './options.js';
import { IMPORT_WARNING_CODES, type ImportWarningCode } from './warning-codes.js';

/** What one import collects: warnings, node functions as tools, ids in use. */
export class ImportContext {
  readonly warnings: ImportWarning[] = [];
  readonly tools: Record<string, ToolRegistry[string]> = {};
  private readonly ids = new Set<string>();
  private readonly toolOf = new Map<unknown, string>();

  /** A warning of a fixed code (its kind comes with the code). */
  warn(code: ImportWarningCode, component: string, message: string): void {
    this.warnings.push({ code, kind: IMPORT_WARNING_CODES[code].kind, component, message });
  }

  /** A fresh component id made from a name. */
  id(name: string): string {
    const base = name.replace(/[^A-Za-z0-9_-]+/g, '_').replace(/^_+|_+$/g, '') || 'component';
    let id = base;
    for (let i = 2; this.ids.has(id); i++) id = `${base}_${i}`;
    this.ids.add(id);
    return id;
  }

  /**
   * Register a ServerTool implementation under a free name made from `name`
   * (`name_2`, …); what was registered for the same `source` (one router
   * function on two edges) keeps its name. Returns the name.
   */
  tool(name: string, implementation: ToolRegistry[string], source?: unknown): string {
    const known = source === undefined ? undefined : this.toolOf.get(source);
    if (known !== undefined) return known;
    let n = name;
    for (let i = 2; Object.hasOwn(this.tools, n); i++) n = `${name}_${i}`;
    this.tools[n] = implementation;
    if (source !== undefined) this.toolOf.set(source, n);
    return n;
  }

  /** Reserve ids a document already uses (graphs compiled from Agent Spec keep theirs). */
  reserve(id: string): void {
    this.ids.add(id);
  }
}
