import { laterComponent, type Agent, type Component, type LlmConfig } from '@agentspec/core';
import { unsupportedComponent } from '../admit/admit.js';
import { collectionSchemas } from '../datastores/entity-schema.js';
import { SUMMARIZATION_DEFAULTS } from '../transforms/summarization.js';
import { SummaryCache } from '../transforms/summary-cache.js';
import type { DatastoreConnection } from '../datastores/datastore-connection.js';
import { commentText, literal, str } from './literal.js';

/** A message transform as an emitted module writes it for the `summarization` snippet. */
export interface SummarizationRule {
  readonly kind: 'message' | 'conversation';
  /** The LLM that summarizes. */
  readonly llm: LlmConfig;
  /** The fields of its `MessageSummarization` / `ConversationSummarization` object, the spec's defaults filled in (no `cache`). */
  readonly fields: readonly string[];
  /** The arguments of its `summaryCache(…)` when it has a datastore, else undefined (nothing cached). */
  readonly cache?: string;
}

/**
 * A MessageSummarizationTransform or ConversationSummarizationTransform as
 * the rule object of the summarization snippet (the defaults of
 * SUMMARIZATION_DEFAULTS, as openTransforms applies them). A datastore's cache
 * collection must be in its schema with the properties the cache writes
 * (AS_DATASTORE, as at load); any other component is AS_UNSUPPORTED.
 */
export function summarizationRule(transform: Component): SummarizationRule {
  const message = laterComponent(transform, 'MessageSummarizationTransform');
  const whole = laterComponent(transform, 'ConversationSummarizationTransform');
  const typed = message ?? whole;
  if (!typed) throw unsupportedComponent(transform);
  let cache: string | undefined;
  if (typed.datastore) {
    const collection = typed.cache_collection_name ?? (message ? SUMMARIZATION_DEFAULTS.messageCollection : SUMMARIZATION_DEFAULTS.conversationCollection);
    const schemas = collectionSchemas(typed.datastore.datastore_schema);
    SummaryCache.check({ id: typed.datastore.id, collections: Object.keys(schemas) } as unknown as DatastoreConnection, collection, typed.component_type, schemas[collection]);
    const size = typed.max_cache_size === undefined ? SUMMARIZATION_DEFAULTS.maxCacheSize : typed.max_cache_size;
    const lifetime = typed.max_cache_lifetime === undefined ? SUMMARIZATION_DEFAULTS.maxCacheLifetime : typed.max_cache_lifetime;
    cache = `${literal(size)}, ${literal(lifetime)}`;
  }
  const fields = message
    ? [
      `maxMessageSize: ${literal(message.max_message_size ?? SUMMARIZATION_DEFAULTS.maxMessageSize)}`,
      `instructions: ${str(message.summarization_instructions ?? SUMMARIZATION_DEFAULTS.messageInstructions)}`,
      `template: ${str(message.summarized_message_template ?? SUMMARIZATION_DEFAULTS.messageTemplate)}`,
    ]
    : [
      `maxNumMessages: ${literal(whole?.max_num_messages ?? SUMMARIZATION_DEFAULTS.maxNumMessages)}`,
      `maxNumCharacters: ${literal(typeof whole?.max_num_characters === 'number' ? whole.max_num_characters : null)}`,
      `minNumMessages: ${literal(whole?.min_num_messages ?? SUMMARIZATION_DEFAULTS.minNumMessages)}`,
      `instructions: ${str(whole?.summarization_instructions ?? SUMMARIZATION_DEFAULTS.conversationInstructions)}`,
      `template: ${str(whole?.summarized_conversation_template ?? SUMMARIZATION_DEFAULTS.conversationTemplate)}`,
    ];
  return { kind: message ? 'message' : 'conversation', llm: typed.llm, fields, ...(cache !== undefined ? { cache } : {}) };
}

/**
 * The entry of a transform in an emitted module's list of transforms: its id,
 * kind, the summarizer model's function (`model`), its rule object and cache.
 * The caller `use`s the `summaryCache` snippet when `rule.cache` is set.
 */
export function summarizationEntry(id: string, rule: SummarizationRule, model: string): string {
  return [
    '  {',
    `    id: ${str(id)},`,
    `    kind: '${rule.kind}',`,
    `    model: ${model},`,
    '    rule: {',
    ...rule.fields.map((f) => `      ${f},`),
    `      cache: ${rule.cache !== undefined ? `summaryCache(${rule.cache})` : 'undefined'},`,
    '    },',
    '  },',
  ].join('\n');
}

/** An agent's transforms as the entries of an emitted module's `TRANSFORMS` list. */
export interface TransformEntries {
  readonly entries: readonly string[];
  /** Whether one of them caches: the caller `use`s the `summaryCache` snippet. */
  readonly cached: boolean;
}

/**
 * The entries of `agent`'s transforms (summarizationEntry of each one's
 * summarizationRule): the model that summarizes is `agentModel` when the
 * transform's LLM is the agent's config, else the function `otherModel`
 * declares for that config (called once per config; `n` counts from 1;
 * `what` names it in a comment).
 */
export function transformEntries(agent: Agent, agentModel: string, otherModel: (llm: LlmConfig, n: number, what: string) => string): TransformEntries {
  const models = new Map<string, string>([[agent.llm_config.id, agentModel]]);
  const entries: string[] = [];
  let cached = false;
  for (const t of agent.transforms ?? []) {
    const rule = summarizationRule(t);
    let model = models.get(rule.llm.id);
    if (model === undefined) {
      model = otherModel(rule.llm, models.size, `The LLM of transform ${commentText(String(t.name ?? t.id))}`);
      models.set(rule.llm.id, model);
    }
    if (rule.cache !== undefined) cached = true;
    entries.push(summarizationEntry(t.id, rule, model));
  }
  return { entries, cached };
}

/** The declaration of `TRANSFORMS` (of type `MessageTransform`), its comment saying what goes through them (`through`). */
export function transformsDeclaration(entries: readonly string[], through: string): string {
  return [
    '/**',
    ` * The agent's message transforms (Agent Spec 26.1.2), in order: ${through} goes through`,
    ' * them first. Their caches (in memory) live as long as this module, shared by the conversations it runs.',
    ' */',
    'const TRANSFORMS: readonly MessageTransform[] = [',
    ...entries,
    '];',
  ].join('\n');
}
