import { randomUUID } from 'node:crypto';
import { fieldsOf, handlerOf } from './components/registry.js';
import type { Draft } from './components/handler.js';
import { AgentSpecError } from './errors.js';
import type { LaterComponentOf, LaterComponentType } from './model/later-types.js';
import type { ComponentOf, ComponentType } from './model/types.js';
import { cloneDefault } from './serialization/values.js';

/** Fields a builder takes: everything optional but `name` (required fields are checked at run time). */
export type BuildInput<T extends ComponentType> = { name: string } & Partial<Omit<ComponentOf<T>, 'component_type'>>;

/**
 * Build a component of any built-in type: defaults filled, an id generated
 * when absent, inputs/outputs/branches inferred as the spec describes when not
 * given. Throws AS_MISSING_FIELD for a missing required field.
 */
export function build<T extends ComponentType>(type: T, input: BuildInput<T>): ComponentOf<T> {
  return fill(type, input as Record<string, unknown>) as unknown as ComponentOf<T>;
}

/** Fields a builder of a later version's component takes: everything optional but `name`. */
export type BuildLaterInput<T extends LaterComponentType> = { name: string } & Partial<Omit<LaterComponentOf<T>, 'component_type'>>;

/**
 * Build a component of a type later versions define (ParallelFlowNode,
 * Swarm, …), as {@link build} does: defaults, id, inferred inputs/outputs.
 * A document holding it is stamped with the version that has it on save.
 */
export function buildLater<T extends LaterComponentType>(type: T, input: BuildLaterInput<T>): LaterComponentOf<T> {
  return fill(type, input as Record<string, unknown>) as unknown as LaterComponentOf<T>;
}

function fill(type: ComponentType | LaterComponentType, given: Record<string, unknown>): Draft {
  const draft: Draft = { component_type: type };
  for (const spec of fieldsOf(type)) {
    const v = given[spec.name];
    if (v !== undefined) draft[spec.name] = v;
    else if (spec.name === 'id') draft.id = randomUUID();
    else if (spec.required) throw new AgentSpecError('AS_MISSING_FIELD', `${type} requires '${spec.name}'`);
    else if (spec.default !== undefined) draft[spec.name] = cloneDefault(spec.default);
  }
  for (const key of Object.keys(given)) if (!(key in draft) && given[key] !== undefined) draft[key] = given[key];
  handlerOf(type).infer?.(draft, () => {});
  return draft;
}

const builder = <T extends ComponentType>(type: T) => (input: BuildInput<T>): ComponentOf<T> => build(type, input);

export const agent = builder('Agent');
export const openAiAgent = builder('OpenAiAgent');
export const ociAgent = builder('OciAgent');
export const flow = builder('Flow');
export const startNode = builder('StartNode');
export const endNode = builder('EndNode');
export const llmNode = builder('LlmNode');
export const apiNode = builder('ApiNode');
export const agentNode = builder('AgentNode');
export const flowNode = builder('FlowNode');
export const mapNode = builder('MapNode');
export const branchingNode = builder('BranchingNode');
export const toolNode = builder('ToolNode');
export const inputMessageNode = builder('InputMessageNode');
export const outputMessageNode = builder('OutputMessageNode');
export const controlFlowEdge = builder('ControlFlowEdge');
export const dataFlowEdge = builder('DataFlowEdge');
export const openAiConfig = builder('OpenAiConfig');
export const openAiCompatibleConfig = builder('OpenAiCompatibleConfig');
export const vllmConfig = builder('VllmConfig');
export const ollamaConfig = builder('OllamaConfig');
export const ociGenAiConfig = builder('OciGenAiConfig');
export const ociClientConfigWithApiKey = builder('OciClientConfigWithApiKey');
export const ociClientConfigWithSecurityToken = builder('OciClientConfigWithSecurityToken');
export const ociClientConfigWithInstancePrincipal = builder('OciClientConfigWithInstancePrincipal');
export const ociClientConfigWithResourcePrincipal = builder('OciClientConfigWithResourcePrincipal');
export const serverTool = builder('ServerTool');
export const clientTool = builder('ClientTool');
export const remoteTool = builder('RemoteTool');
export const mcpTool = builder('MCPTool');
export const stdioTransport = builder('StdioTransport');
export const sseTransport = builder('SSETransport');
export const streamableHttpTransport = builder('StreamableHTTPTransport');
export const sseMtlsTransport = builder('SSEmTLSTransport');
export const streamableHttpMtlsTransport = builder('StreamableHTTPmTLSTransport');
