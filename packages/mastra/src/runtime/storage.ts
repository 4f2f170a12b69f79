import { redactUrl, RuntimeError, type StoreOwner } from '@agentspec/runtime';
import { InMemoryStore, type MastraCompositeStore } from '@mastra/core/storage';
import { isInSave } from './saved-runs.js';

/**
 * Mastra storage: a store instance, a LibSQL URL (`file:./sessions.db`, `:memory:`), or `{ kind: 'in-save' }`:
 * an in-memory store whose suspended runs travel in each session's `save()` JSON (resumable anywhere).
 */
export type MastraStorageOption = MastraCompositeStore | string | { readonly kind: 'in-save' };

/**
 * The store that keeps workflow and agent snapshots (suspended runs): the
 * given one; LibSQL (`@mastra/libsql`, installed separately) for a URL; by
 * default Mastra's in-memory store — sessions then resume only in this process.
 */
export async function openStorage(option: unknown): Promise<MastraCompositeStore> {
  if (option === undefined || option === null || isInSave(option)) return new InMemoryStore({ id: 'agentspec' });
  if (typeof option === 'string') {
    let mod: { LibSQLStore: new (config: { id: string; url: string }) => MastraCompositeStore };
    try {
      mod = (await import('@mastra/libsql')) as unknown as typeof mod;
    } catch (e) {
      throw new RuntimeError('AS_UNSUPPORTED', `storage '${redactUrl(option)}' needs @mastra/libsql, which is not installed`, {}, { cause: e, hint: 'pnpm add @mastra/libsql' });
    }
    return new mod.LibSQLStore({ id: 'agentspec', url: option });
  }
  return option as MastraCompositeStore;
}

/** Who made the store: this package (the in-memory default, in-save: finished runs are pruned by default), or the user (a URL, a store). */
export function storageOwner(option: unknown): StoreOwner {
  return option === undefined || option === null || isInSave(option) ? 'runtime' : 'user';
}

/** Closes a store this package opened (a LibSQL URL); stores given by the caller stay theirs. */
export async function closeStorage(option: unknown, store: MastraCompositeStore): Promise<void> {
  if (typeof option === 'string') await (store as { close?: () => Promise<void> }).close?.();
}
