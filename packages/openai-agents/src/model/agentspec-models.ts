import { OpenAIChatCompletionsModel, OpenAIResponsesModel, type ModelRequest, type ModelResponse, type OpenAIClient, type ResponseStreamEvent } from '@openai/agents';
import type { ErrorSite } from '@agentspec/runtime';
import { checkToolCalls } from './check-tool-calls.js';

/** Where a model made by this package sends its requests (read back by the importer). */
export interface ModelEndpoint {
  readonly modelId: string;
  /** The client's base URL (ending in `/v1`). */
  readonly baseURL: string;
}

/** Options of the models this package makes. */
export interface AgentSpecModelOptions extends ModelEndpoint {
  /** When set, tool calls of each answer are checked (checkToolCalls) and refused with this site. */
  readonly checkToolCallsAt?: ErrorSite;
}

async function* checkedStream(events: AsyncIterable<ResponseStreamEvent>, request: ModelRequest, site: ErrorSite | undefined): AsyncIterable<ResponseStreamEvent> {
  for await (const event of events) {
    if (site && event.type === 'response_done') checkToolCalls(event.response.output, request, site);
    yield event;
  }
}

/** An `OpenAIChatCompletionsModel` (OpenAI-compatible endpoints) that knows its endpoint. */
export class AgentSpecChatCompletionsModel extends OpenAIChatCompletionsModel implements ModelEndpoint {
  readonly modelId: string;
  readonly baseURL: string;
  readonly #site: ErrorSite | undefined;

  constructor(client: OpenAIClient, options: AgentSpecModelOptions) {
    super(client, options.modelId);
    this.modelId = options.modelId;
    this.baseURL = options.baseURL;
    this.#site = options.checkToolCallsAt;
  }

  override async getResponse(request: ModelRequest): Promise<ModelResponse> {
    const response = await super.getResponse(request);
    if (this.#site) checkToolCalls(response.output, request, this.#site);
    return response;
  }

  override getStreamedResponse(request: ModelRequest): AsyncIterable<ResponseStreamEvent> {
    return checkedStream(super.getStreamedResponse(request), request, this.#site);
  }
}

/** An `OpenAIResponsesModel` (OpenAI's Responses API) that knows its endpoint. */
export class AgentSpecResponsesModel extends OpenAIResponsesModel implements ModelEndpoint {
  readonly modelId: string;
  readonly baseURL: string;
  readonly #site: ErrorSite | undefined;

  constructor(client: OpenAIClient, options: AgentSpecModelOptions) {
    super(client, options.modelId);
    this.modelId = options.modelId;
    this.baseURL = options.baseURL;
    this.#site = options.checkToolCallsAt;
  }

  override async getResponse(request: ModelRequest): Promise<ModelResponse> {
    const response = await super.getResponse(request);
    if (this.#site) checkToolCalls(response.output, request, this.#site);
    return response;
  }

  override getStreamedResponse(request: ModelRequest): AsyncIterable<ResponseStreamEvent> {
    return checkedStream(super.getStreamedResponse(request), request, this.#site);
  }
}
