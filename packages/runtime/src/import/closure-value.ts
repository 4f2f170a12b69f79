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
 * closure, block, module or script scopes that holds it (the global scope is
 * not read). A variable `fn` never mentions may be absent: V8 keeps only those
 * a closure uses.
 */
export async function closureValue(fn: unknown, name: string): Promise<unknown> {
  return (await closureValues(fn, [name])).get(name);
}

/**
 * The values of the variables `names` as `fn` sees them (see
 * {@link closureValue}), read in one inspector session: only the names found
 * are in the map (a variable holding `undefined` is found).
 */
export async function closureValues(fn: unknown, names: readonly string[]): Promise<Map<string, unknown>> {
  const found = new Map<string, unknown>();
  if (typeof fn !== 'function' || names.length === 0) return found;
  // loaded when needed: a runtime without an inspector reads nothing, and the rest of the import goes on
  const inspector = await import('node:inspector/promises').catch(() => undefined);
  if (!inspector) return found;
  const session = new inspector.Session();
  const key = `__agentspec_import_${process.pid}_${Math.random().toString(36).slice(2)}`;
  const slot = globalThis as Record<string, unknown>;
  try {
    session.connect();
    slot[key] = fn;
    const { result } = (await session.post('Runtime.evaluate', { expression: `globalThis[${JSON.stringify(key)}]` })) as { result: RemoteObject };
    delete slot[key];
    if (!result.objectId) return found;
    const own = (await session.post('Runtime.getProperties', { objectId: result.objectId, ownProperties: true })) as { internalProperties?: Property[] };
    const scopes = own.internalProperties?.find((p) => p.name === '[[Scopes]]')?.value?.objectId;
    if (!scopes) return found;
    const list = (await session.post('Runtime.getProperties', { objectId: scopes, ownProperties: true })) as { result: Property[] };
    const wanted = new Set(names);
    for (const scope of list.result) {
      if (!scope.value?.objectId || !READABLE_SCOPES.test(scope.value.description ?? '')) continue;
      const vars = (await session.post('Runtime.getProperties', { objectId: scope.value.objectId, ownProperties: true })) as { result: Property[] };
      for (const v of vars.result) {
        if (!wanted.has(v.name) || found.has(v.name)) continue;
        const held = v.value;
        if (!held?.objectId) {
          found.set(v.name, held && 'value' in held ? (held as { value: unknown }).value : undefined);
          continue;
        }
        // hand the value itself back to this side: the inspector puts it where the caller reads it
        await session.post('Runtime.callFunctionOn', { objectId: held.objectId, functionDeclaration: `function () { globalThis[${JSON.stringify(key)}] = this; }` });
        found.set(v.name, slot[key]);
      }
    }
    return found;
  } catch {
    return found;
  } finally {
    delete slot[key];
    session.disconnect();
  }
}
