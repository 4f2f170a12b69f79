import type { Component } from '../model/types.js';
import type { Format } from './parse.js';
import { writeDocument, type WriteOptions } from './writer.js';
import { yamlLib } from './yaml-lib.js';

export interface SerializeOptions extends WriteOptions {
  /** Default 'json'. */
  readonly format?: Format;
  /** JSON indentation, default 2. */
  readonly indent?: number;
}

function render(value: unknown, format: Format, indent: number): string {
  if (format === 'yaml') return yamlLib().stringify(value, { lineWidth: 0, aliasDuplicateObjects: false, indent: 2 });
  return `${JSON.stringify(value, null, indent)}\n`;
}

/**
 * Write a component as an Agent Spec document (JSON or YAML). The output is
 * stable: the same tree always gives the same bytes. Secrets are written as
 * references, never in clear.
 */
export function serialize(component: Component, options: SerializeOptions = {}): string {
  return render(writeDocument(component, options, true).document, options.format ?? 'json', options.indent ?? 2);
}

/**
 * Write a component with some parts disaggregated: the main document refers
 * to them, the second document (`$referenced_components` only) holds them.
 */
export function serializeDisaggregated(component: Component, options: SerializeOptions & Required<Pick<WriteOptions, 'disaggregate'>>): { main: string; referenced: string } {
  const written = writeDocument(component, options, true);
  const format = options.format ?? 'json';
  const indent = options.indent ?? 2;
  return { main: render(written.document, format, indent), referenced: render(written.referenced ?? { $referenced_components: {} }, format, indent) };
}

/** The plain JSON value of a component's document (what `serialize` renders). */
export function toDocument(component: Component, options: WriteOptions = {}): Record<string, unknown> {
  return writeDocument(component, options).document;
}
