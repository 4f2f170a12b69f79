/**
 * The source text of the function a LangChain tool runs. A tool made with
 * `new DynamicStructuredTool({ func })` keeps it as `func`; one made with
 * `tool(fn, …)` keeps a wrapper there, holding `fn` in its closure. That
 * closure is read through V8's inspector (`node:inspector`, in this
 * process: the same text `Function.prototype.toString` gives, one closure
 * deep). Nothing is run. Undefined when the text cannot be read.
 */
import { Session } from 'node:inspector/promises';
import { functionOf } from './source-scan.js';

type RemoteObject = { objectId?: string; type?: string; description?: string };
type Property = { name: string; value?: RemoteObject };

export async function toolFunctionText(tool: unknown): Promise<string | undefined> {
  const fn = functionOf(tool);
  if (!fn) return undefined;
  const own = Function.prototype.toString.call(fn);
  // the wrapper of `tool()` calls the function it holds as `func(input, childConfig)`
  if (!/\bfunc\s*\(\s*input\s*,/.test(own)) return own;
  return (await closureFunction(fn, 'func')) ?? own;
}

async function closureFunction(fn: unknown, name: string): Promise<string | undefined> {
  const session = new Session();
  const key = `__agentspec_import_${process.pid}_${Math.random().toString(36).slice(2)}`;
  try {
    session.connect();
    (globalThis as Record<string, unknown>)[key] = fn;
    const { result } = (await session.post('Runtime.evaluate', { expression: `globalThis[${JSON.stringify(key)}]` })) as { result: RemoteObject };
    if (!result.objectId) return undefined;
    const own = (await session.post('Runtime.getProperties', { objectId: result.objectId, ownProperties: true })) as { internalProperties?: Property[] };
    const scopes = own.internalProperties?.find((p) => p.name === '[[Scopes]]')?.value?.objectId;
    if (!scopes) return undefined;
    const list = (await session.post('Runtime.getProperties', { objectId: scopes, ownProperties: true })) as { result: Property[] };
    const closure = list.result.find((s) => s.value?.description?.startsWith('Closure'))?.value?.objectId;
    if (!closure) return undefined;
    const vars = (await session.post('Runtime.getProperties', { objectId: closure, ownProperties: true })) as { result: Property[] };
    const held = vars.result.find((v) => v.name === name && v.value?.type === 'function');
    return held?.value?.description;
  } catch {
    return undefined;
  } finally {
    delete (globalThis as Record<string, unknown>)[key];
    session.disconnect();
  }
}
