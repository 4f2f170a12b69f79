import type { LaterComponentType } from '../../model/later-types.js';
import type { ComponentHandler } from '../handler.js';
import { a2aAgent, a2aConnectionConfig, agentSpecializationParameters, managerWorkers, specializedAgent, swarm } from './agentic.js';
import {
  conversationSummarizationTransform, inMemoryCollectionDatastore, messageSummarizationTransform, mtlsOracleDatabaseConnectionConfig,
  oracleDatabaseDatastore, postgresDatabaseDatastore, tlsOracleDatabaseConnectionConfig, tlsPostgresDatabaseConnectionConfig,
} from './datastores.js';
import {
  dbmsVectorChainLlmConfig, geminiAIStudioAuthConfig, geminiConfig, geminiVertexAIAuthConfig, genericLlmConfig, oauthClientConfig, oauthConfig,
} from './llm-configs.js';
import { catchExceptionNode, parallelFlowNode, parallelMapNode } from './nodes.js';
import { builtinTool, mcpToolBox, mcpToolSpec } from './tools.js';

/** One handler per typed component of a version after 25.4.1. */
export const LATER_HANDLERS: Readonly<Record<LaterComponentType, ComponentHandler>> = {
  Swarm: swarm,
  ManagerWorkers: managerWorkers,
  AgentSpecializationParameters: agentSpecializationParameters,
  SpecializedAgent: specializedAgent,
  A2AConnectionConfig: a2aConnectionConfig,
  A2AAgent: a2aAgent,
  ParallelFlowNode: parallelFlowNode,
  ParallelMapNode: parallelMapNode,
  CatchExceptionNode: catchExceptionNode,
  BuiltinTool: builtinTool,
  MCPToolSpec: mcpToolSpec,
  MCPToolBox: mcpToolBox,
  LlmConfig: genericLlmConfig,
  GeminiAIStudioAuthConfig: geminiAIStudioAuthConfig,
  GeminiVertexAIAuthConfig: geminiVertexAIAuthConfig,
  GeminiConfig: geminiConfig,
  DbmsVectorChainLlmConfig: dbmsVectorChainLlmConfig,
  OAuthClientConfig: oauthClientConfig,
  OAuthConfig: oauthConfig,
  InMemoryCollectionDatastore: inMemoryCollectionDatastore,
  TlsOracleDatabaseConnectionConfig: tlsOracleDatabaseConnectionConfig,
  MTlsOracleDatabaseConnectionConfig: mtlsOracleDatabaseConnectionConfig,
  TlsPostgresDatabaseConnectionConfig: tlsPostgresDatabaseConnectionConfig,
  OracleDatabaseDatastore: oracleDatabaseDatastore,
  PostgresDatabaseDatastore: postgresDatabaseDatastore,
  MessageSummarizationTransform: messageSummarizationTransform,
  ConversationSummarizationTransform: conversationSummarizationTransform,
};
