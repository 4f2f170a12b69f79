import { laterComponent, type Agent } from '@agentspec/core';
import { collectionSchemas, SUMMARIZATION_DEFAULTS, SummaryCache, unsupportedComponent } from '@agentspec/runtime';
import { commentText, literal, str } from '@agentspec/runtime/emit';
import type { AiSdkModule as ModuleWriter } from './helpers.js';
import { emitLanguageModel } from './model.js';

/**
 * The agent's message transforms (Agent Spec 26.1.2) as the module's
 * `TRANSFORMS`, applied by `transformedMessages` (the shared summarization
 * snippet) to each step's messages in `prepareStep`: their rules with the
 * spec's defaults filled in, an in-memory cache for those with a datastore
 * (an InMemoryCollectionDatastore: admission refuses the others here; a
 * cache collection missing from its schema is AS_DATASTORE, as at load), and
 * the LLM of each (the agent's `languageModel` when it is the same config,
 * else a `summarizerModel<n>` of its own). False for an agent without any.
 */
export function emitTransforms(agent: Agent, w: ModuleWriter): boolean {
  const list = agent.transforms ?? [];
  if (list.length === 0) return false;
  w.use('messageTransforms');
  const models = new Map<string, string>([[agent.llm_config.id, 'languageModel']]);
  const entries: string[] = [];
  for (const t of list) {
    const message = laterComponent(t, 'MessageSummarizationTransform');
    const whole = laterComponent(t, 'ConversationSummarizationTransform');
    const typed = message ?? whole;
    if (!typed) throw unsupportedComponent(t);
    let model = models.get(typed.llm.id);
    if (model === undefined) {
      const n = models.size;
      model = `summarizerModel${n}`;
      emitLanguageModel(typed.llm, w, {
        fn: model, modelId: `SUMMARIZER_MODEL_ID_${n}`, baseUrl: `SUMMARIZER_BASE_URL_${n}`, policy: `SUMMARIZER_RETRY_POLICY_${n}`,
        what: `The LLM of transform ${commentText(typed.name ?? typed.id)}`,
      });
      models.set(typed.llm.id, model);
    }
    let cache = 'undefined';
    if (typed.datastore) {
      const collection = typed.cache_collection_name ?? (message ? SUMMARIZATION_DEFAULTS.messageCollection : SUMMARIZATION_DEFAULTS.conversationCollection);
      const schemas = collectionSchemas(typed.datastore.datastore_schema);
      SummaryCache.check({ id: typed.datastore.id, collections: Object.keys(schemas) } as never, collection, typed.component_type, schemas[collection]);
      const size = typed.max_cache_size === undefined ? SUMMARIZATION_DEFAULTS.maxCacheSize : typed.max_cache_size;
      const lifetime = typed.max_cache_lifetime === undefined ? SUMMARIZATION_DEFAULTS.maxCacheLifetime : typed.max_cache_lifetime;
      w.use('summaryCache');
      cache = `summaryCache(${literal(size)}, ${literal(lifetime)})`;
    }
    const rule = message
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
    entries.push([
      '  {',
      `    id: ${str(t.id)},`,
      `    kind: '${message ? 'message' : 'conversation'}',`,
      `    model: ${model},`,
      '    rule: {',
      ...rule.map((r) => `      ${r},`),
      `      cache: ${cache},`,
      '    },',
      '  },',
    ].join('\n'));
  }
  w.section([
    '/**',
    ' * The agent\'s message transforms (Agent Spec 26.1.2), in order: the conversation of every LLM step goes through',
    ' * them first. Their caches (in memory) live as long as this module, shared by the conversations it runs.',
    ' */',
    'const TRANSFORMS: readonly MessageTransform[] = [',
    ...entries,
    '];',
  ].join('\n'));
  return true;
}

