import type { RequestContext } from '@mastra/core/request-context';

/** What is read of a Mastra Agent (its public members). */
export interface AgentLike {
  readonly id: string;
  readonly name: string;
  /** The model as given (a string, an OpenAI-compatible config, an AI SDK model, a function, or fallbacks). */
  readonly model?: unknown;
  getDescription?(): string;
  getInstructions(o?: { requestContext?: RequestContext }): unknown;
  listTools(o?: { requestContext?: RequestContext }): unknown;
  getModel(o?: { requestContext?: RequestContext }): unknown;
  getDefaultOptions?(o?: { requestContext?: RequestContext }): unknown;
}

/** A Mastra Agent, of any copy of @mastra/core: read by its shape. */
export const isAgent = (x: unknown): x is AgentLike => typeof (x as AgentLike)?.getInstructions === 'function' && typeof (x as AgentLike)?.listTools === 'function';
