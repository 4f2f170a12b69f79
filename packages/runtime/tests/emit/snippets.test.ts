import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import type { Property } from '@agentspec/core';
import { coerce, EMIT_SNIPPETS, outputRules, renderDeep, renderTemplate, submissionProblem, toolResultText, type SnippetName } from '../../src/index.js';
import { load, moduleOf } from './load-snippets.js';

const NAMES = Object.keys(EMIT_SNIPPETS) as SnippetName[];

/** Type errors of `code` as a strict module (the settings of the emitted modules' typecheck tests). */
function diagnostics(code: string): string[] {
  const options: ts.CompilerOptions = {
    target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.NodeNext, moduleResolution: ts.ModuleResolutionKind.NodeNext, skipLibCheck: true, lib: ['lib.es2023.d.ts'], strict: true, noUncheckedIndexedAccess: true,
    noUnusedLocals: true, noUnusedParameters: true, exactOptionalPropertyTypes: true, noEmit: true, types: ['node'],
  };
  const file = '/snippets.ts';
  const host = ts.createCompilerHost(options);
  const getSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (name, version) => (name === file ? ts.createSourceFile(name, code, version) : getSourceFile(name, version));
  const fileExists = host.fileExists.bind(host);
  host.fileExists = (name) => name === file || fileExists(name);
  const program = ts.createProgram([file], options, host);
  return ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
}

describe('EMIT_SNIPPETS', () => {
  it.each(NAMES)('%s is self-contained, strict TypeScript with what it needs', (name) => {
    expect(diagnostics(moduleOf([name]))).toEqual([]);
  });

  it('declares what it says, and needs only snippets that exist', () => {
    for (const name of NAMES) {
      const snippet = EMIT_SNIPPETS[name];
      for (const d of snippet.declares) expect(snippet.code).toMatch(new RegExp(`^(export )?(async )?(function|class|type|interface|const) ${d}\\b`, 'm'));
      for (const n of snippet.needs) expect(NAMES).toContain(n);
    }
  });

  const schemas = {
    string: { type: 'string' }, number: { type: 'number' }, integer: { type: 'integer' }, boolean: { type: 'boolean' },
    'null or number': { type: ['null', 'number'] }, 'array of integers': { type: 'array', items: { type: 'integer' } },
    object: { type: 'object', properties: { n: { type: 'number' }, s: { type: 'string' } }, additionalProperties: { type: 'boolean' } },
    anyOf: { anyOf: [{ type: 'integer' }, { type: 'string' }] }, untyped: {}, 'not a schema': null,
  };
  const values = [
    '42', ' 7.5 ', '', 'abc', 'true', 'false', 3, 3.7, 0, -2, true, false, null, undefined, [1, '2', 3.5], ['x'],
    { n: '1', s: 2, extra: 1, other: 'x' }, { nested: { a: 1 } }, Number.NaN,
  ];

  it('coerce behaves like coerce of @agentspec/runtime', () => {
    const emitted = load(['coerce']);
    for (const [what, schema] of Object.entries(schemas)) {
      for (const value of values) expect(emitted.coerce?.(value, schema), `${JSON.stringify(value)} to ${what}`).toEqual(coerce(value, schema));
    }
  });

  it('coerceArgs coerces the declared parameters and fills in defaults', () => {
    const emitted = load(['coerceArgs']);
    const parameters = { type: 'object', properties: { a: { type: 'integer' }, b: { type: 'string', default: 'x' }, c: { type: 'boolean' } } };
    expect(emitted.coerceArgs?.({ a: '12', c: 1, d: 'kept' }, parameters)).toEqual({ a: 12, b: 'x', c: true, d: 'kept' });
    expect(emitted.coerceArgs?.('not an object', parameters)).toEqual({ b: 'x' });
  });

  it('the text helpers behave like those of @agentspec/runtime', () => {
    const emitted = load(['renderDeep', 'toolResultText']);
    const bindings = { name: 'Ada', n: 3, obj: { a: 1 }, inject: '{{name}}' };
    for (const template of ['Hi {{ name }} ({{n}})', '{{obj}}{{missing}}', '{{inject}}', 'plain']) {
      expect(emitted.renderTemplate?.(template, bindings)).toBe(renderTemplate(template, bindings));
    }
    const deep = { '{{name}}': ['{{n}}', 5, null, { k: '{{obj}}' }] };
    expect(emitted.renderDeep?.(deep, bindings)).toEqual(renderDeep(deep, bindings));
    for (const result of ['text', 5, null, undefined, { a: [1] }]) expect(emitted.toolResultText?.(result)).toBe(toolResultText(result));
  });

  it('submissionProblem, over outputRules(), behaves like submissionProblem of @agentspec/runtime', () => {
    const emitted = load(['submissionProblem']);
    const outputs: Property[] = [
      { title: 'city', type: 'string' }, { title: 'count', type: 'integer' }, { title: 'ok', type: 'boolean', default: false },
      { title: 'tags', type: 'array', items: { type: 'string' } }, { title: 'either', anyOf: [{ type: 'number' }, { type: 'null' }] },
    ];
    const rules = outputRules(outputs);
    for (const args of [
      { city: 'Zurich', count: 3, tags: [], either: null }, { city: 5, count: '3', tags: 'x', either: 'no' }, {}, { city: 'a', count: 1, tags: [], either: 1, extra: 1 },
      { city: null, count: [], tags: {}, either: true, ok: 'yes' },
    ]) {
      expect(emitted.submissionProblem?.(args, rules), JSON.stringify(args)).toBe(submissionProblem(outputs, args));
    }
  });

  it('CodedError carries its code', () => {
    const { CodedError } = load(['codedError']) as unknown as { CodedError: new (code: string, message: string) => Error & { code: string } };
    const e = new CodedError('AS_TOOL_FAILED', 'boom');
    expect([e instanceof Error, e.name, e.code, e.message]).toEqual([true, 'CodedError', 'AS_TOOL_FAILED', 'boom']);
  });

  it('pause waits, and is AS_CANCELLED with the caller\'s message once the signal aborts (before or while waiting)', async () => {
    const { pause } = load(['pause']) as unknown as { pause: (ms: number, signal: AbortSignal | undefined, cancelled: string) => Promise<void> };
    await expect(pause(1, undefined, 'unused')).resolves.toBeUndefined();
    await expect(pause(1, new AbortController().signal, 'unused')).resolves.toBeUndefined();
    await expect(pause(60_000, AbortSignal.abort(), 'the HTTP call was cancelled')).rejects.toMatchObject({ code: 'AS_CANCELLED', message: 'the HTTP call was cancelled' });
    const controller = new AbortController();
    const waiting = pause(60_000, controller.signal, 'cancelled while calling tool x');
    controller.abort();
    await expect(waiting).rejects.toMatchObject({ code: 'AS_CANCELLED', message: 'cancelled while calling tool x' });
  });
});
