import type { Diagnostic } from './diagnostics/diagnostic.js';

const MARKER = Symbol.for('agentspec.error');

/**
 * The one error class of Agent Spec for TypeScript. Every error we throw has a
 * stable `code`; `AgentSpecError.isInstance` works across duplicate installs.
 */
export class AgentSpecError extends Error {
  readonly [MARKER] = true;
  readonly code: string;
  readonly hint?: string;

  constructor(code: string, message: string, options?: { hint?: string; cause?: unknown }) {
    super(`${code}: ${message}${options?.hint ? ` (hint: ${options.hint})` : ''}`, { cause: options?.cause });
    this.name = 'AgentSpecError';
    this.code = code;
    if (options?.hint !== undefined) this.hint = options.hint;
  }

  static isInstance(value: unknown): value is AgentSpecError {
    return typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[MARKER] === true;
  }
}

/** Loading a document failed: carries every diagnostic found, errors and warnings. */
export class AgentSpecLoadError extends AgentSpecError {
  readonly diagnostics: readonly Diagnostic[];

  constructor(diagnostics: readonly Diagnostic[]) {
    const errors = diagnostics.filter((d) => d.severity === 'error');
    const first = errors[0];
    const summary = errors
      .slice(0, 5)
      .map((d) => `  ${d.path || '/'}${d.line !== undefined ? ` (${d.line}:${d.column})` : ''} ${d.code} ${d.message}`)
      .join('\n');
    const more = errors.length > 5 ? `\n  … and ${errors.length - 5} more` : '';
    super(first?.code ?? 'AS_INVALID', `the document is invalid (${errors.length} error${errors.length === 1 ? '' : 's'}):\n${summary}${more}`);
    this.name = 'AgentSpecLoadError';
    this.diagnostics = diagnostics;
  }
}
