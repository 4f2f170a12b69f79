import { agent as buildAgent, clientTool, openAiCompatibleConfig, openAiConfig, serverTool, type Agent, type LlmConfig, type Tool } from '@agentspec/core';
import { RequestContext } from '@mastra/core/request-context';
import type { Warnings } from '../warnings.js';
import type { ImportedTools } from './import-graph.js';
import { propertiesOf, toJsonSchema } from './schemas.js';

/** What is read of a Mastra Agent (its public getters). */
export interface AgentLike {
  readonly id: string;
  readonly name: string;
  getDescription?(): string;
  getInstructions(o?: { requestContext?: RequestContext }): unknown;
  listTools(o?: { requestContext?: RequestContext }): unknown;
  getModel(o?: { requestContext?: RequestContext }): unknown;
  getDefaultOptions?(o?: { requestContext?: RequestContext }): unknown;
}

interface ToolLike {
  readonly id?: string;
  readonly description?: string;
  readonly inputSchema?: unknown;
  readonly suspendSchema?: unknown;
  readonly resumeSchema?: unknown;
  readonly requireApproval?: unknown;
  readonly execute?: (input: unknown, context: unknown) => unknown;
}

function instructionText(v: unknown): string {
  if (typeof v === 'string') return v;
  if (Array.isArray(v)) return v.map(instructionText).join('\n');
  if (v && typeof v === 'object' && 'content' in v) return instructionText((v as { content: unknown }).content);
  return '';
}

/** The LLM config of a Mastra model: OpenAI models as OpenAiConfig, any other as an OpenAI-compatible endpoint. */
function llmConfigOf(model: unknown, id: string, url: string | undefined, warnings: Warnings): LlmConfig {
  let provider = '';
  let modelId = 'model';
  if (typeof model === 'string') {
    const slash = model.indexOf('/');
    provider = slash >= 0 ? model.slice(0, slash) : '';
    modelId = slash >= 0 ? model.slice(slash + 1) : model;
  } else if (model && typeof model === 'object') {
    provider = String((model as { provider?: unknown }).provider ?? '');
    modelId = String((model as { modelId?: unknown }).modelId ?? modelId);
  }
  if (provider === 'openai' || provider.startsWith('openai.')) return openAiConfig({ id: `${id}_llm`, name: `${provider}/${modelId}`, model_id: modelId });
  if (!url) warnings.add('approximated', id, `its model '${provider}/${modelId}' has no endpoint Agent Spec can name: an OpenAI-compatible config at http://localhost:8000 (pass llmUrl to set it)`);
  return openAiCompatibleConfig({ id: `${id}_llm`, name: `${provider}/${modelId}`, model_id: modelId, url: url ?? 'http://localhost:8000' });
}

/** A Mastra tool as an Agent Spec tool: no `execute` → ClientTool, `requireApproval` → requires_confirmation. */
function toolOf(name: string, t: ToolLike, agentId: string, warnings: Warnings, tools: ImportedTools): Tool {
  const inputs = propertiesOf(toJsonSchema(t.inputSchema), 'input');
  const base = { id: `${agentId}.${name}`, name, ...(t.description ? { description: t.description } : {}), inputs, ...(t.requireApproval === true ? { requires_confirmation: true } : {}) };
  if (typeof t.requireApproval === 'function') warnings.add('approximated', name, 'its requireApproval is a function: imported as always requiring confirmation');
  if (!t.execute) return clientTool(base);
  if (t.suspendSchema || t.resumeSchema) warnings.add('approximated', name, 'it can suspend itself (suspend()): an Agent Spec ServerTool runs to the end');
  const execute = t.execute;
  tools[name] = (args) => execute(args, { requestContext: new RequestContext() });
  return serverTool({ ...base, ...(typeof t.requireApproval === 'function' ? { requires_confirmation: true } : {}) });
}

/** A Mastra Agent as an Agent Spec Agent: instructions, tools, model, generation settings. */
export async function importAgent(a: AgentLike, options: { llmUrl?: string }, warnings: Warnings, tools: ImportedTools): Promise<Agent> {
  const requestContext = new RequestContext();
  const instructions = instructionText(await a.getInstructions({ requestContext }));
  const listed = (await a.listTools({ requestContext })) as Record<string, ToolLike>;
  const model = await a.getModel({ requestContext });
  const defaults = ((await a.getDefaultOptions?.({ requestContext })) ?? {}) as { maxSteps?: number; modelSettings?: { temperature?: number; topP?: number; maxOutputTokens?: number } };
  const m = defaults.modelSettings ?? {};
  const params = { ...(m.temperature !== undefined ? { temperature: m.temperature } : {}), ...(m.topP !== undefined ? { top_p: m.topP } : {}), ...(m.maxOutputTokens !== undefined ? { max_tokens: m.maxOutputTokens } : {}) };
  if (defaults.maxSteps !== undefined) warnings.add('approximated', a.id, `maxSteps ${defaults.maxSteps} is a runtime limit in Agent Spec (limits.maxAgentSteps), not part of the agent`);
  const llm = llmConfigOf(model, a.id, options.llmUrl, warnings);
  const llm_config = Object.keys(params).length > 0 ? { ...llm, default_generation_parameters: params } : llm;
  const description = a.getDescription?.();
  return buildAgent({
    id: a.id, name: a.name, ...(description ? { description } : {}), system_prompt: instructions, llm_config,
    tools: Object.entries(listed ?? {}).map(([name, t]) => toolOf(name, t, a.id, warnings, tools)),
  });
}
