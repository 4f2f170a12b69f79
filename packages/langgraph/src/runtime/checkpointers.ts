/**
 * Checkpointers of the langgraph runtime: LangGraph's MemorySaver by default,
 * SqliteSaver (`@langchain/langgraph-checkpoint-sqlite`) for a file, PostgresSaver
 * (`@langchain/langgraph-checkpoint-postgres`) for several processes — or any
 * BaseCheckpointSaver. The two database packages are optional: they are
 * imported only when asked for.
 */
import { BaseCheckpointSaver, MemorySaver } from '@langchain/langgraph';
import { redactUrl, redactUrlsIn, RuntimeError, type StoreOwner } from '@agentspec/runtime';

export type CheckpointerOption =
  | 'memory'
  | { readonly kind: 'memory' }
  | { readonly kind: 'sqlite'; readonly path: string }
  | { readonly kind: 'postgres'; readonly url: string; readonly schema?: string }
  | BaseCheckpointSaver;

/** What `save()` records of the checkpointer a session lives in (never a password). */
export type CheckpointerDescription =
  | { readonly kind: 'memory' }
  | { readonly kind: 'sqlite'; readonly path: string }
  | { readonly kind: 'postgres'; readonly url: string; readonly schema: string }
  | { readonly kind: 'custom'; readonly name: string };

export interface OpenedCheckpointer {
  readonly saver: BaseCheckpointSaver;
  readonly description: CheckpointerDescription;
  /** `runtime`: the MemorySaver made for this app (finished threads are pruned by default); `user`: one the options named. */
  readonly owner: StoreOwner;
  close(): Promise<void>;
}

function missingPackage(name: string, e: unknown): RuntimeError {
  return new RuntimeError('AS_UNSUPPORTED', `the checkpointer needs ${name}, which cannot be imported: ${(e as Error).message}`, {}, { hint: `pnpm add ${name}`, cause: e });
}

function isSaver(v: unknown): v is BaseCheckpointSaver {
  return v instanceof BaseCheckpointSaver || (typeof v === 'object' && v !== null && typeof (v as BaseCheckpointSaver).getTuple === 'function' && typeof (v as BaseCheckpointSaver).put === 'function');
}

export async function openCheckpointer(option: unknown): Promise<OpenedCheckpointer> {
  if (isSaver(option)) return { saver: option, description: { kind: 'custom', name: option.constructor.name }, owner: 'user', close: async () => undefined };
  const o = (option ?? 'memory') as CheckpointerOption;
  if (o === 'memory' || (typeof o === 'object' && 'kind' in o && o.kind === 'memory')) return { saver: new MemorySaver(), description: { kind: 'memory' }, owner: 'runtime', close: async () => undefined };
  if (typeof o === 'object' && 'kind' in o && o.kind === 'sqlite') {
    const { SqliteSaver } = await import('@langchain/langgraph-checkpoint-sqlite').catch((e: unknown) => {
      throw missingPackage('@langchain/langgraph-checkpoint-sqlite', e);
    });
    const saver = SqliteSaver.fromConnString(o.path);
    return { saver, description: { kind: 'sqlite', path: o.path }, owner: 'user', close: async () => void saver.db.close() };
  }
  if (typeof o === 'object' && 'kind' in o && o.kind === 'postgres') {
    const { PostgresSaver } = await import('@langchain/langgraph-checkpoint-postgres').catch((e: unknown) => {
      throw missingPackage('@langchain/langgraph-checkpoint-postgres', e);
    });
    const schema = o.schema ?? 'public';
    const saver = PostgresSaver.fromConnString(o.url, { schema });
    try {
      await saver.setup();
    } catch (e) {
      await saver.end().catch(() => undefined);
      throw new RuntimeError('AS_UNSUPPORTED', `cannot set up the PostgreSQL checkpointer at ${redactUrl(o.url)}: ${redactUrlsIn((e as Error).message)}`, {}, { cause: e });
    }
    return { saver, description: { kind: 'postgres', url: redactUrl(o.url), schema }, owner: 'user', close: () => saver.end() };
  }
  throw new RuntimeError('AS_UNSUPPORTED', `unknown checkpointer option ${JSON.stringify(option)}`, {}, {
    hint: "use 'memory', { kind: 'sqlite', path }, { kind: 'postgres', url, schema? } or a BaseCheckpointSaver",
  });
}

/** Whether a session saved with `saved` can live in `current`. */
export function sameCheckpointer(saved: CheckpointerDescription | undefined, current: CheckpointerDescription): boolean {
  if (!saved || saved.kind !== current.kind) return false;
  return JSON.stringify(saved) === JSON.stringify(current) || saved.kind === 'memory' || saved.kind === 'custom';
}
