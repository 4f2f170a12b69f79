import { RuntimeError } from '@agentspec/runtime';
import { InMemoryStore, type MastraCompositeStore } from '@mastra/core/storage';

/** Mastra storage: a store instance, or a LibSQL URL (`file:./sessions.db`, `:memory:`). */
export type MastraStorageOption = MastraCompositeStore | string;

/**
 * The store that keeps workflow and agent snapshots (suspended runs): the
 * given one; LibSQL (`@mastra/libsql`, installed separately) for a URL; by
 * default Mastra's in-memory store — sessions then resume only in this process.
 */
export async function openStorage(option: unknown): Promise<MastraCompositeStore> {
  if (option === undefined || option === null) return new InMemoryStore({ id: 'agentspec' });
  if (typeof option === 'string') {
    let mod: { LibSQLStore: new (config: { id: string; url: string }) => MastraCompositeStore };
    try {
      mod = (await import('@mastra/libsql')) as unknown as typeof mod;
    } catch (e) {
      throw new RuntimeError('AS_UNSUPPORTED', `storage '${option}' needs @mastra/libsql, which is not installed`, {}, { cause: e, hint: 'pnpm add @mastra/libsql' });
    }
    return new mod.LibSQLStore({ id: 'agentspec', url: option });
  }
  return option as MastraCompositeStore;
}

/** Closes a store this package opened (a LibSQL URL); stores given by the caller stay theirs. */
export async function closeStorage(option: unknown, store: MastraCompositeStore): Promise<void> {
  if (typeof option === 'string') await (store as { close?: () => Promise<void> }).close?.();
}
