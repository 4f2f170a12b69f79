import { comp, str } from '../../model/fields.js';
import type { ComponentHandler } from '../handler.js';
import { nstr, num } from './fields.js';

const schema = { name: 'datastore_schema', type: { kind: 'json-object' }, required: true } as const;

export const inMemoryCollectionDatastore: ComponentHandler = {
  type: 'InMemoryCollectionDatastore',
  summary: 'Collections of entities kept in memory (development stand-in for the database datastores).',
  fields: [schema],
};

export const oracleDatabaseDatastore: ComponentHandler = {
  type: 'OracleDatabaseDatastore',
  summary: 'Collections of entities in Oracle Database tables.',
  fields: [schema, { name: 'connection_config', type: comp('OracleDatabaseConnectionConfig'), required: true }],
};

export const postgresDatabaseDatastore: ComponentHandler = {
  type: 'PostgresDatabaseDatastore',
  summary: 'Collections of entities in PostgreSQL tables.',
  fields: [schema, { name: 'connection_config', type: comp('PostgresDatabaseConnectionConfig'), required: true }],
};

const ORACLE = [
  { name: 'user', type: str, required: true },
  { name: 'password', type: str, required: true },
  { name: 'dsn', type: str, required: true },
  nstr('config_dir'),
  { name: 'protocol', type: { kind: 'enum', values: ['tcp', 'tcps'] } },
] as const;

export const tlsOracleDatabaseConnectionConfig: ComponentHandler = {
  type: 'TlsOracleDatabaseConnectionConfig',
  summary: 'A TLS connection to Oracle Database (user, password and dsn are sensitive).',
  fields: ORACLE,
};

export const mtlsOracleDatabaseConnectionConfig: ComponentHandler = {
  type: 'MTlsOracleDatabaseConnectionConfig',
  summary: 'A mutual-TLS (wallet) connection to Oracle Database (credentials and wallet are sensitive).',
  fields: [...ORACLE, { name: 'wallet_location', type: str, required: true }, { name: 'wallet_password', type: str, required: true }],
};

export const tlsPostgresDatabaseConnectionConfig: ComponentHandler = {
  type: 'TlsPostgresDatabaseConnectionConfig',
  summary: 'A TLS connection to PostgreSQL (user, password and sslkey are sensitive).',
  fields: [
    { name: 'user', type: str, required: true },
    { name: 'password', type: str, required: true },
    { name: 'url', type: str, required: true },
    { name: 'sslmode', type: { kind: 'enum', values: ['allow', 'disable', 'prefer', 'require', 'verify-ca', 'verify-full'] } },
    nstr('sslcert'),
    nstr('sslkey'),
    nstr('sslrootcert'),
    nstr('sslcrl'),
  ],
};

const CACHE = [
  { name: 'llm', type: comp('LlmConfig'), required: true },
  { name: 'summarization_instructions', type: str },
  { name: 'datastore', type: comp('Datastore'), nullable: true },
  num('max_cache_size', { nullable: true }),
  num('max_cache_lifetime', { nullable: true }),
  { name: 'cache_collection_name', type: str },
] as const;

export const messageSummarizationTransform: ComponentHandler = {
  type: 'MessageSummarizationTransform',
  summary: "Summarizes each message longer than max_message_size before the agent's LLM sees it, caching summaries.",
  fields: [...CACHE, num('max_message_size'), { name: 'summarized_message_template', type: str }],
};

export const conversationSummarizationTransform: ComponentHandler = {
  type: 'ConversationSummarizationTransform',
  summary: 'Summarizes the conversation past max_num_messages (or max_num_characters), keeping the last min_num_messages.',
  fields: [
    ...CACHE,
    num('max_num_messages', { nullable: true }),
    num('max_num_characters', { nullable: true }),
    num('min_num_messages'),
    { name: 'summarized_conversation_template', type: str },
  ],
};
