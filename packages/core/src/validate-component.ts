import type { Diagnostic } from './diagnostics/diagnostic.js';
import type { Component } from './model/types.js';
import type { ComponentPlugin } from './plugins.js';
import { load } from './serialization/load.js';
import { writeDocument } from './serialization/writer.js';

/**
 * Validate a component built in code: it is written to a document and read
 * back, so the checks are exactly those applied to files. Paths point into
 * that document (`toDocument(component)`).
 */
export function validateComponent(component: Component, options: { plugins?: readonly ComponentPlugin[] } = {}): Diagnostic[] {
  const { document } = writeDocument(component, options);
  return [...load(document, options).diagnostics];
}
