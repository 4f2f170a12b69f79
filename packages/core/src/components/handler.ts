import type { DiagnosticCode } from '../diagnostics/codes.js';
import type { FieldSpec } from '../model/fields.js';
import type { LaterComponentType } from '../model/later-types.js';
import type { Component, ComponentType, Property } from '../model/types.js';

/** A component under construction: fields may still be absent until inferred. */
export type Draft = { -readonly [K in string]: unknown } & { component_type: string };

/** Where checks report problems; `field` tokens are appended to the component's path. */
export interface CheckContext {
  report(code: DiagnosticCode, component: object, field: readonly (string | number)[], message: string, hint?: string): void;
  /** Make sure a sub-component's inferred fields are filled before reading them. */
  ensure(component: unknown): void;
}

/**
 * Everything the library knows about one component kind. Gathered in a
 * registry typed `Record<ComponentType, ComponentHandler>` so that a kind
 * added to the model cannot be forgotten.
 */
export interface ComponentHandler {
  readonly type: ComponentType | LaterComponentType;
  /** One line for docs and the generated JSON Schema. */
  readonly summary: string;
  /** Fields after the common ones (id, name, description, metadata), in writing order. */
  readonly fields: readonly FieldSpec[];
  /** Fill absent inferred fields (inputs, outputs, branches) from the rest. */
  infer?(draft: Draft, ensure: (child: unknown) => void): void;
  /** Report what the spec forbids beyond field shapes. */
  check?(component: Component, ctx: CheckContext): void;
}

export function props(value: unknown): readonly Property[] {
  return Array.isArray(value) ? (value as Property[]) : [];
}
