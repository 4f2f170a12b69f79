import { agent as buildAgent, clientTool, serverTool, type Agent, type Tool } from '@agentspec/core';
import { RequestContext } from '@mastra/core/request-context';
import { HOSTED_TOOLS } from '@agentspec/runtime';
import { aiSdkHostedToolDefinition, hostedToolOf } from '@agentspec/runtime/import';
import type { AgentLike } from './agent-like.js';
import type { ImportedTools } from './graph/scope.js';
import type { ImportWarnings } from './import-warnings.js';
import { llmConfigOf } from './model-config.js';
import { propertiesOf, toJsonSchema } from './schemas.js';

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

/**
 * A provider-defined tool of the AI SDK among an agent's tools (`openai.tools.webSearch()`, …): a BuiltinTool
 * named after its key, or undefined (reported) when it is not one of the hosted tools a BuiltinTool names.
 */
function providerTool(name: string, t: ToolLike, agentId: string, warnings: ImportWarnings): Tool | undefined {
  const { id, args } = t as { id?: unknown; args?: Record<string, unknown> };
  const definition = typeof id === 'string' ? aiSdkHostedToolDefinition(id, args) : undefined;
  const builtin = definition ? hostedToolOf(definition, { id: `${agentId}.${name}`, name }) : undefined;
  if (!builtin) warnings.add('MA_PROVIDER_TOOL', name, `provider-defined tool '${String(id)}' is not one of the hosted tools a BuiltinTool names (${Object.keys(HOSTED_TOOLS).join(', ')}): left out`);
  return builtin as unknown as Tool | undefined;
}

const isProviderTool = (t: ToolLike): boolean => ['provider', 'provider-defined'].includes(String((t as { type?: unknown }).type));

/** A Mastra tool as an Agent Spec tool: no `execute` → ClientTool, `requireApproval` → requires_confirmation. */
function toolOf(name: string, t: ToolLike, agentId: string, warnings: ImportWarnings, tools: ImportedTools): Tool {
  const inputs = propertiesOf(toJsonSchema(t.inputSchema), 'input');
  const confirm = t.requireApproval === true || typeof t.requireApproval === 'function';
  const base = { id: `${agentId}.${name}`, name, ...(t.description ? { description: t.description } : {}), inputs, ...(confirm ? { requires_confirmation: true } : {}) };
  if (typeof t.requireApproval === 'function') warnings.add('MA_APPROVAL_FUNCTION', name, 'its requireApproval is a function: imported as requires_confirmation: true (every call asks)');
  if (!t.execute) return clientTool(base);
  if (t.suspendSchema || t.resumeSchema) warnings.add('MA_SUSPEND', name, 'it can suspend itself (suspend()): its ServerTool runs to the end');
  const execute = t.execute;
  tools[name] = (args) => execute(args, { requestContext: new RequestContext() });
  return serverTool(base);
}

/** A Mastra Agent as an Agent Spec Agent: instructions, tools (OpenAI's provider tools as BuiltinTools), model (with its base URL and API), generation settings. */
export async function importAgent(a: AgentLike, options: { llmUrl?: string }, warnings: ImportWarnings, tools: ImportedTools): Promise<Agent> {
  const requestContext = new RequestContext();
  const instructions = instructionText(await a.getInstructions({ requestContext }));
  const listed = (await a.listTools({ requestContext })) as Record<string, ToolLike>;
  const resolved = await a.getModel({ requestContext });
  const defaults = ((await a.getDefaultOptions?.({ requestContext })) ?? {}) as { maxSteps?: number; modelSettings?: { temperature?: number; topP?: number; maxOutputTokens?: number } };
  const m = defaults.modelSettings ?? {};
  const params = { ...(m.temperature !== undefined ? { temperature: m.temperature } : {}), ...(m.topP !== undefined ? { top_p: m.topP } : {}), ...(m.maxOutputTokens !== undefined ? { max_tokens: m.maxOutputTokens } : {}) };
  if (defaults.maxSteps !== undefined) warnings.add('MA_MAX_STEPS', a.id, `maxSteps ${defaults.maxSteps} is a runtime limit in Agent Spec (limits.maxAgentSteps), not part of the agent`);
  const llm = llmConfigOf(a.model, resolved, a.id, options.llmUrl, warnings);
  const llm_config = Object.keys(params).length > 0 ? { ...llm, default_generation_parameters: params } : llm;
  const description = a.getDescription?.();
  return buildAgent({
    id: a.id, name: a.name, ...(description ? { description } : {}), system_prompt: instructions, llm_config,
    tools: Object.entries(listed ?? {}).flatMap(([name, t]) => (isProviderTool(t) ? (providerTool(name, t, a.id, warnings) ?? []) : toolOf(name, t, a.id, warnings, tools))),
  });
}
