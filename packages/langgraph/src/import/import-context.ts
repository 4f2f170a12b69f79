import type { ToolRegistry } from '@agentspec/runtime';
import type { ImportWarning } from './options.js';

/** What one import collects: warnings, node functions as tools, ids in use. */
export class ImportContext {
  readonly warnings: ImportWarning[] = [];
  readonly tools: Record<string, ToolRegistry[string]> = {};
  private readonly ids = new Set<string>();

  warn(kind: ImportWarning['kind'], component: string, message: string): void {
    this.warnings.push({ kind, component, message });
  }

  /** A fresh component id made from a name. */
  id(name: string): string {
    const base = name.replace(/[^A-Za-z0-9_-]+/g, '_').replace(/^_+|_+$/g, '') || 'component';
    let id = base;
    for (let i = 2; this.ids.has(id); i++) id = `${base}_${i}`;
    this.ids.add(id);
    return id;
  }

  /** Reserve ids a document already uses (graphs compiled from Agent Spec keep theirs). */
  reserve(id: string): void {
    this.ids.add(id);
  }
}
