/**
 * Prebuilt agents as Agents (DESIGN §5): `createAgent` from `langchain` (its
 * options: model, systemPrompt, tools) and `createReactAgent` from
 * `@langchain/langgraph/prebuilt` (its model node probed for the model,
 * prompt and tools, see agent-probe.ts). What the Agent cannot hold
 * (middleware, a prompt computed from the state, a response format) is a
 * warning naming it.
 */
import { textOf } from '../compile/messages.js';
import { probeModelCall } from './agent-probe.js';
import type { Doc } from './document.js';
import type { Breakpoints, StateGraphLike } from './graph-shape.js';
import type { ImportContext } from './import-context.js';
import { llmConfigDocument, modelInfo, type ModelInfo } from './model-config.js';
import { humanInTheLoopTools } from './human-in-the-loop.js';
import { scanSource } from './source-scan.js';
import { isProviderTool, toolDocuments } from './tool-documents.js';

interface ReactAgentLike {
  readonly options: { model: unknown; tools?: readonly unknown[]; systemPrompt?: unknown; middleware?: readonly { name?: string; afterModel?: unknown }[]; responseFormat?: unknown; name?: string };
  readonly graph: unknown;
}

export function isReactAgent(v: unknown): v is ReactAgentLike {
  const a = v as ReactAgentLike | null;
  return typeof a === 'object' && a !== null && typeof a.options === 'object' && a.options !== null && 'model' in a.options && typeof a.graph === 'object';
}

/**
 * A graph made by createReactAgent: an `agent` node running its model node
 * (not a graph written by hand with nodes of the same names: those are
 * imported as they are written), a prebuilt ToolNode `tools`.
 */
export function isReactAgentGraph(b: StateGraphLike): boolean {
  const tools = b.nodes.tools?.runnable as { tools?: unknown } | undefined;
  const model = scanSource(b.nodes.agent?.runnable).text ?? '';
  return /\b(getModelInputState|_getStaticModel|_getDynamicModel)\b/.test(model) && Array.isArray(tools?.tools)
    && Object.keys(b.nodes).every((n) => ['agent', 'tools', 'pre_model_hook', 'post_model_hook', 'generate_structured_response'].includes(n));
}

async function agentDocument(name: string, ctx: ImportContext, systemPrompt: string, model: ModelInfo, tools: readonly unknown[], confirm?: (tool: string) => boolean): Promise<Doc> {
  const id = ctx.id(name);
  return { component_type: 'Agent', id, name, system_prompt: systemPrompt, llm_config: llmConfigDocument(model, name, ctx), tools: await toolDocuments(tools, id, ctx, confirm) };
}

/**
 * A prebuilt agent's pauses (`interruptBefore` / `interruptAfter`): before
 * its tools, every tool requires confirmation; any other pause is left out.
 */
function confirmsTools(name: string, breakpoints: Breakpoints, ctx: ImportContext): boolean {
  const before = breakpoints.before === '*' ? ['agent', 'tools'] : breakpoints.before;
  const after = breakpoints.after === '*' ? ['agent', 'tools'] : breakpoints.after;
  const confirm = before.includes('tools');
  if (confirm) ctx.warn('LG_INTERRUPT_BEFORE_TOOLS', name, `agent '${name}' pauses before its tools (interruptBefore): in the spec every tool requires confirmation; approving the calls goes on as resuming the graph does`);
  for (const n of before.filter((x) => x !== 'tools')) ctx.warn('LG_AGENT_INTERRUPT', name, `agent '${name}' pauses before '${n}' (interruptBefore): the pause is left out`);
  for (const n of after) ctx.warn('LG_AGENT_INTERRUPT', name, `agent '${name}' pauses after '${n}' (interruptAfter): the pause is left out`);
  return confirm;
}

export async function reactAgentDocument(agent: ReactAgentLike, fallbackName: string, ctx: ImportContext): Promise<Doc> {
  const o = agent.options;
  const name = o.name ?? fallbackName;
  const prompt = o.systemPrompt;
  let system = '';
  if (typeof prompt === 'string') system = prompt;
  else if (prompt && typeof prompt === 'object' && 'content' in prompt) system = textOf((prompt as { content: never }).content);
  else if (prompt !== undefined) ctx.warn('LG_DYNAMIC_PROMPT', name, `the system prompt of '${name}' is not text: it is left out`);
  const confirmed = new Set<string>();
  for (const m of o.middleware ?? []) {
    const hitl = await humanInTheLoopTools(m, name, ctx);
    if (hitl) hitl.forEach((t) => confirmed.add(t));
    else ctx.warn('LG_MIDDLEWARE', m.name ?? 'middleware', `middleware '${m.name ?? '(unnamed)'}' of agent '${name}' has no Agent Spec equivalent: it is left out`);
  }
  if (o.responseFormat !== undefined) ctx.warn('LG_RESPONSE_FORMAT', name, `the response format of agent '${name}' is left out (an Agent with outputs finishes through submit_result)`);
  return agentDocument(name, ctx, system, modelInfo(o.model), o.tools ?? [], (t) => confirmed.has(t));
}

/** The tools of a createReactAgent graph (its prebuilt ToolNode's). */
export function reactAgentGraphTools(b: StateGraphLike): readonly unknown[] {
  return (b.nodes.tools?.runnable as { tools?: unknown[] }).tools ?? [];
}

/** A createReactAgent graph as an Agent; `keep` leaves tools out (the handoff tools of a swarm's or supervisor's agents). */
export async function reactAgentGraphDocument(b: StateGraphLike, name: string, breakpoints: Breakpoints, ctx: ImportContext, keep: (tool: unknown) => boolean = () => true): Promise<Doc> {
  const tools = reactAgentGraphTools(b).filter(keep);
  const confirm = confirmsTools(name, breakpoints, ctx);
  for (const hook of ['pre_model_hook', 'post_model_hook', 'generate_structured_response']) {
    if (b.nodes[hook]) ctx.warn('LG_AGENT_HOOK', hook, `'${hook}' of agent '${name}' has no Agent Spec equivalent: it is left out`);
  }
  const first = await probeModelCall(b.nodes.agent?.runnable, ['probe one']);
  const second = await probeModelCall(b.nodes.agent?.runnable, ['probe two', 'probe three']);
  if (!first) {
    ctx.warn('LG_MODEL_UNREAD', 'agent', `the model of agent '${name}' could not be read: the spec has a placeholder OpenAI config`);
    return agentDocument(name, ctx, '', {}, tools, () => confirm);
  }
  const system = (call: typeof first | undefined) => (call?.messages[0]?.getType() === 'system' ? textOf(call.messages[0].content) : undefined);
  const rest = (call: typeof first | undefined) => (call?.messages ?? []).filter((m) => m.getType() !== 'system').map((m) => textOf(m.content));
  const staticPrompt = system(first) === system(second) && JSON.stringify(rest(first)) === JSON.stringify(['probe one']) && JSON.stringify(rest(second)) === JSON.stringify(['probe two', 'probe three']);
  if (!staticPrompt) ctx.warn('LG_DYNAMIC_PROMPT', name, `the prompt of agent '${name}' is a function of the state: the spec has the system prompt it gave for one conversation`);
  const kw = (first.model as { kwargs?: Record<string, unknown> }).kwargs ?? {};
  const p = first.params;
  const num = (v: unknown) => (typeof v === 'number' ? v : undefined);
  const baseURL = (kw.configuration as { baseURL?: unknown } | undefined)?.baseURL;
  const info: ModelInfo = {
    className: (first.model.id ?? []).at(-1),
    ...(typeof p.model === 'string' ? { model: p.model } : typeof kw.model === 'string' ? { model: kw.model } : {}),
    ...(typeof baseURL === 'string' ? { baseURL } : {}),
    ...(num(p.temperature) !== undefined ? { temperature: num(p.temperature) } : {}),
    ...(num(p.top_p) !== undefined ? { topP: num(p.top_p) } : {}),
    ...(num(p.max_tokens ?? p.max_completion_tokens) !== undefined ? { maxTokens: num(p.max_tokens ?? p.max_completion_tokens) } : {}),
    ...(kw.use_responses_api === true || kw.useResponsesApi === true ? { responses: true } : {}),
  };
  // provider tools (`{ type: 'web_search' }`) are bound to the model, not run by the ToolNode: read from the probed call
  const provider = (Array.isArray(p.tools) ? p.tools : []).filter(isProviderTool);
  return agentDocument(name, ctx, system(first) ?? '', info, [...tools, ...provider], () => confirm);
}
