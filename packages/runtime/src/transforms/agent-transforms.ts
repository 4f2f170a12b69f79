import { laterComponent, type Agent, type Component } from '@agentspec/core';
import { unsupportedComponent } from '../admit/admit.js';
import { eachComponent } from '../components.js';
import type { DatastoreConnection } from '../datastores/datastore-connection.js';
import { collectionSchemas } from '../datastores/entity-schema.js';
import { openDatastore } from '../datastores/open-datastore.js';
import type { LlmMessage } from '../llm/backend.js';
import { SummaryCache } from './summary-cache.js';
import { SUMMARIZATION_DEFAULTS, summarizeConversation, summarizeMessages, type TransformCall } from './summarization.js';

/**
 * The message transforms of the agents of a loaded spec (Agent Spec 26.1.2),
 * with their caches' datastores open for as long as the app: every runtime
 * applies them, through `apply`, to the conversation before each LLM call of
 * an agent (its system prompt aside), in the order the agent lists them.
 */
export interface AgentTransforms {
  /** Whether the agent has transforms. */
  has(agent: Agent): boolean;
  /** The conversation the agent's LLM is to see: `conversation` through each transform of the agent in turn. */
  apply(agent: Agent, conversation: readonly LlmMessage[], call: TransformCall): Promise<LlmMessage[]>;
  /** Closes the datastores. */
  close(): Promise<void>;
}

export interface OpenTransformsOptions {
  /** The caches' clock, in seconds (default: the system clock). */
  readonly now?: () => number;
}

/** No agent with transforms. */
const NONE: AgentTransforms = { has: () => false, apply: async (_a, conversation) => [...conversation], close: async () => undefined };

/** Whether an agent inside `root` lists transforms. */
export function hasTransforms(root: Component): boolean {
  let found = false;
  eachComponent(root, (c) => {
    if (c.component_type === 'Agent' && ((c as Agent).transforms?.length ?? 0) > 0) found = true;
  });
  return found;
}

/**
 * Opens the transforms of every Agent inside `root` (after `admit()`): each
 * datastore once (AS_DATASTORE when it cannot be opened or lacks the cache
 * collection and its properties).
 */
export async function openTransforms(root: Component, options: OpenTransformsOptions = {}): Promise<AgentTransforms> {
  if (!hasTransforms(root)) return NONE;
  const now = options.now ?? (() => Date.now() / 1000);
  const stores = new Map<string, DatastoreConnection>();
  const caches = new Map<string, SummaryCache | undefined>();
  const close = async (): Promise<void> => {
    await Promise.all([...stores.values()].map((s) => s.close()));
  };
  try {
    const agents: Agent[] = [];
    eachComponent(root, (c) => void (c.component_type === 'Agent' && agents.push(c as Agent)));
    for (const agent of agents) {
      for (const t of agent.transforms ?? []) {
        const typed = laterComponent(t, 'MessageSummarizationTransform') ?? laterComponent(t, 'ConversationSummarizationTransform');
        if (!typed) throw unsupportedComponent(t);
        if (!typed.datastore) {
          caches.set(t.id, undefined);
          continue;
        }
        let store = stores.get(typed.datastore.id);
        if (!store) stores.set(typed.datastore.id, (store = await openDatastore(typed.datastore as unknown as Component)));
        const message = typed.component_type === 'MessageSummarizationTransform';
        const collection = typed.cache_collection_name ?? (message ? SUMMARIZATION_DEFAULTS.messageCollection : SUMMARIZATION_DEFAULTS.conversationCollection);
        SummaryCache.check(store, collection, typed.component_type, collectionSchemas(typed.datastore.datastore_schema)[collection]);
        caches.set(t.id, new SummaryCache(store, {
          collection,
          maxSize: typed.max_cache_size === undefined ? SUMMARIZATION_DEFAULTS.maxCacheSize : typed.max_cache_size,
          maxLifetime: typed.max_cache_lifetime === undefined ? SUMMARIZATION_DEFAULTS.maxCacheLifetime : typed.max_cache_lifetime,
          now,
        }));
      }
    }
  } catch (e) {
    await close();
    throw e;
  }
  return {
    has: (agent) => (agent.transforms?.length ?? 0) > 0,
    async apply(agent, conversation, call) {
      let messages = [...conversation];
      for (const t of agent.transforms ?? []) {
        const message = laterComponent(t, 'MessageSummarizationTransform');
        const whole = laterComponent(t, 'ConversationSummarizationTransform');
        if (message) messages = await summarizeMessages(message, caches.get(t.id), messages, call);
        else if (whole) messages = await summarizeConversation(whole, caches.get(t.id), messages, call);
        else throw unsupportedComponent(t);
      }
      return messages;
    },
    close,
  };
}
