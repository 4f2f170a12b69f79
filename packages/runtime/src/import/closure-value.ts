/**
 * What a function holds in its scope, read through V8's inspector
 * (`node:inspector`, in this process), for the importers: the agent an OpenAI
 * Agents guardrail runs, the function a LangChain `tool()` wraps, the options a
 * middleware was made with. Nothing is run; undefined when it cannot be read.
 */

type RemoteObject = { objectId?: string; type?: string; description?: string };
type Property = { name: string; value?: RemoteObject };

/** The scopes a variable is looked up in, innermost first: closures and blocks, then the module (an ES module; under a module runner, a block or closure of its wrapper). */
const READABLE_SCOPES = /^(Closure|Block|Module|Script)\b/;

/**
 * The value of the variable `name` as `fn` sees it: from the innermost of its
 * closure, module or script scopes that holds it (the global scope is not
 * read). A variable `fn` never mentions may be absent: V8 keeps only those a
 * closure uses (a module's scope keeps all of them).
 */
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
    for (const scope of list.result) {
      if (!scope.value?.objectId || !READABLE_SCOPES.test(scope.value.description ?? '')) continue;
      const vars = (await session.post('Runtime.getProperties', { objectId: scope.value.objectId, ownProperties: true })) as { result: Property[] };
      const found = vars.result.find((v) => v.name === name);
      if (!found) continue;
      const held = found.value;
      if (!held?.objectId) return held && 'value' in held ? (held as { value: unknown }).value : undefined;
      // hand the value itself back to this side: the inspector puts it where the caller reads it
      await session.post('Runtime.callFunctionOn', { objectId: held.objectId, functionDeclaration: `function () { globalThis[${JSON.stringify(key)}] = this; }` });
      return slot[key];
    }
    return undefined;
  } catch {
    return undefined;
  } finally {
    delete slot[key];
    session.disconnect();
  }
}
