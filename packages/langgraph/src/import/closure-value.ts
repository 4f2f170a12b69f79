/**
 * What a function holds in its closure, read through V8's inspector
 * (`node:inspector`, in this process): the function a LangChain `tool()`
 * wraps (its `func` keeps a wrapper holding it), the options a middleware was
 * made with. Nothing is run; undefined when it cannot be read.
 */
import { functionOf } from './source-scan.js';

type RemoteObject = { objectId?: string; type?: string; description?: string };
type Property = { name: string; value?: RemoteObject };

/** The value of the variable `name` in the innermost closure of `fn`. */
export async function closureValue(fn: unknown, name: string): Promise<unknown> {
  if (typeof fn !== 'function') return undefined;
  // loaded when needed: a runtime without an inspector reads nothing, and the rest of the import goes on
  const inspector = await import('node:inspector/promises').catch(() => undefined);
  if (!inspector) return undefined;
  const session = new inspector.Session();
  const key = `__agentspec_import_${process.pid}_${Math.random().toString(36).slice(2)}`;
  const slot = globalThis as Record<string, unknown>;
  try {
    session.connect();
    slot[key] = fn;
    const { result } = (await session.post('Runtime.evaluate', { expression: `globalThis[${JSON.stringify(key)}]` })) as { result: RemoteObject };
    delete slot[key];
    if (!result.objectId) return undefined;
    const own = (await session.post('Runtime.getProperties', { objectId: result.objectId, ownProperties: true })) as { internalProperties?: Property[] };
    const scopes = own.internalProperties?.find((p) => p.name === '[[Scopes]]')?.value?.objectId;
    if (!scopes) return undefined;
    const list = (await session.post('Runtime.getProperties', { objectId: scopes, ownProperties: true })) as { result: Property[] };
    const closure = list.result.find((s) => s.value?.description?.startsWith('Closure'))?.value?.objectId;
    if (!closure) return undefined;
    const vars = (await session.post('Runtime.getProperties', { objectId: closure, ownProperties: true })) as { result: Property[] };
    const held = vars.result.find((v) => v.name === name)?.value?.objectId;
    if (!held) return undefined;
    // hand the value itself back to this side: the inspector puts it where the caller reads it
    await session.post('Runtime.callFunctionOn', { objectId: held, functionDeclaration: `function () { globalThis[${JSON.stringify(key)}] = this; }` });
    return slot[key];
  } catch {
    return undefined;
  } finally {
    delete slot[key];
    session.disconnect();
  }
}

/**
 * The source text of the function a LangChain tool runs: its `func` for a
 * `new DynamicStructuredTool({ func })`; for `tool(fn, …)`, whose `func` is a
 * wrapper calling `func(input, childConfig)`, the `fn` in that closure.
 */
export async function toolFunctionText(tool: unknown): Promise<string | undefined> {
  const fn = functionOf(tool);
  if (!fn) return undefined;
  const own = Function.prototype.toString.call(fn);
  if (!/\bfunc\s*\(\s*input\s*,/.test(own)) return own;
  const held = await closureValue(fn, 'func');
  return typeof held === 'function' ? Function.prototype.toString.call(held) : own;
}
