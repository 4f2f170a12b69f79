import { AsyncLocalStorage } from 'node:async_hooks';
import type { Agent, LlmConfig } from '@agentspec/core';
import { backendTransformCall, RuntimeError, type AgentTransforms, type LlmBackend, type LlmMessage, type LlmResponse } from '@agentspec/runtime';
import type { MastraModelConfig } from '@mastra/core/llm';
import type { EventSink } from '../events.js';

/** What the agents' message transforms need of the run in progress: the session's conversation id and its trace. */
export interface TransformRun {
  readonly conversationId: string;
  readonly events?: EventSink;
  readonly signal?: AbortSignal;
}

const runs = new AsyncLocalStorage<TransformRun>();

/** Runs `f` (one run of a session: its agent or workflow) with `run` visible to the models that apply transforms. */
export function withTransformRun<T>(run: TransformRun, f: () => Promise<T>): Promise<T> {
  return runs.run(run, f);
}

/** The run in progress (its conversation id: what a built agent's own transforms key their summaries by), if any. */
export function currentTransformRun(): TransformRun | undefined {
  return runs.getStore();
}

/** The part of an AI SDK language model (a prompt of the provider spec in, content parts out) used here. */
interface PromptModel {
  doGenerate(options: { prompt: Prompt; abortSignal?: AbortSignal; [k: string]: unknown }): PromiseLike<{ content?: readonly Part[]; usage?: { inputTokens?: number; outputTokens?: number } }>;
  doStream(options: { prompt: Prompt; [k: string]: unknown }): PromiseLike<unknown>;
}
type Part = { readonly type: string; readonly text?: string; readonly toolCallId?: string; readonly toolName?: string; readonly input?: unknown; readonly output?: unknown };
type PromptMessage = { readonly role: 'system'; readonly content: string } | { readonly role: 'user' | 'assistant' | 'tool'; readonly content: readonly Part[] };
type Prompt = readonly PromptMessage[];

function isPromptModel(model: unknown): model is PromptModel {
  return typeof (model as PromptModel | null)?.doGenerate === 'function' && typeof (model as PromptModel | null)?.doStream === 'function';
}

const textOf = (parts: readonly Part[]): string => parts.flatMap((p) => (p.type === 'text' && typeof p.text === 'string' ? [p.text] : [])).join('');

function outputText(output: unknown): string {
  const o = output as { type?: string; value?: unknown } | undefined;
  if (o?.type === 'text' || o?.type === 'error-text') return String(o.value ?? '');
  return JSON.stringify(o?.value ?? output ?? '');
}

/** The provider prompt's conversation (system messages aside) as LLM messages: one per tool result. */
function toLlm(prompt: Prompt): LlmMessage[] {
  const out: LlmMessage[] = [];
  for (const m of prompt) {
    if (m.role === 'system') continue;
    if (m.role === 'user') out.push({ role: 'user', content: textOf(m.content) });
    else if (m.role === 'assistant') {
      const calls = m.content.filter((p) => p.type === 'tool-call').map((p) => ({
        id: p.toolCallId ?? '', name: p.toolName ?? '', arguments: typeof p.input === 'string' ? p.input : JSON.stringify(p.input ?? {}),
      }));
      out.push({ role: 'assistant', content: textOf(m.content), ...(calls.length > 0 ? { toolCalls: calls } : {}) });
    } else {
      for (const p of m.content) if (p.type === 'tool-result') out.push({ role: 'tool', content: outputText(p.output), toolCallId: p.toolCallId ?? '' });
    }
  }
  return out;
}

function parsed(text: string): unknown {
  try {
    return text.trim() === '' ? {} : JSON.parse(text);
  } catch {
    return text;
  }
}

/** LLM messages as a provider prompt. */
function toPrompt(messages: readonly LlmMessage[]): PromptMessage[] {
  const names = new Map<string, string>();
  return messages.map((m): PromptMessage => {
    if (m.role === 'system') return { role: 'system', content: m.content };
    if (m.role === 'user') return { role: 'user', content: [{ type: 'text', text: m.content }] };
    if (m.role === 'tool') return { role: 'tool', content: [{ type: 'tool-result', toolCallId: m.toolCallId ?? '', toolName: names.get(m.toolCallId ?? '') ?? '', output: { type: 'text', value: m.content } }] };
    for (const c of m.toolCalls ?? []) names.set(c.id, c.name);
    return {
      role: 'assistant',
      content: [
        ...(m.content === '' ? [] : [{ type: 'text', text: m.content }]),
        ...(m.toolCalls ?? []).map((c) => ({ type: 'tool-call', toolCallId: c.id, toolName: c.name, input: parsed(c.arguments) })),
      ],
    };
  });
}

/** An LlmBackend on the Mastra models of the LLM configs (their AI SDK `doGenerate`): the transforms' summarization calls. */
export function summarizerBackend(model: (config: LlmConfig) => MastraModelConfig): LlmBackend {
  return {
    async generate(request): Promise<LlmResponse> {
      const m = model(request.config);
      if (!isPromptModel(m)) throw new RuntimeError('AS_UNSUPPORTED', `the model of '${request.config.id}' is not an AI SDK model, which a message transform needs`, { llm: request.config.id });
      const result = await m.doGenerate({ prompt: toPrompt(request.messages), ...(request.signal ? { abortSignal: request.signal } : {}) });
      const usage = result.usage;
      return {
        text: textOf(result.content ?? []), toolCalls: [],
        ...(usage?.inputTokens !== undefined || usage?.outputTokens !== undefined ? { usage: { promptTokens: usage.inputTokens ?? 0, completionTokens: usage.outputTokens ?? 0 } } : {}),
      };
    },
  };
}

/**
 * The agent's model with its message transforms applied to each prompt
 * (Mastra's agents run on AI SDK models: the prompt of every LLM step goes
 * through `doGenerate`/`doStream`, so the conversation Mastra keeps is never
 * changed): the system messages stay, the conversation goes through
 * `transforms.apply`, whose summarization calls are traced in the run's events.
 */
export function transformingModel(model: MastraModelConfig, agent: Agent, transforms: AgentTransforms, summarizer: LlmBackend): MastraModelConfig {
  if (!isPromptModel(model)) {
    throw new RuntimeError('AS_UNSUPPORTED', `agent '${agent.id}' has message transforms, which need an AI SDK model; its model option is not one`, { agent: agent.id }, {
      hint: 'give an AI SDK language model (or none) as the model option',
    });
  }
  const transformed = async (prompt: Prompt): Promise<Prompt> => {
    const run = runs.getStore();
    const call = backendTransformCall({
      conversationId: run?.conversationId ?? '', backend: summarizer,
      ...(run?.events ? { trace: run.events.transforms() } : {}),
      ...(run?.signal ? { signal: run.signal } : {}),
    });
    const system = prompt.filter((m) => m.role === 'system');
    return [...system, ...toPrompt(await transforms.apply(agent, toLlm(prompt), call))];
  };
  const wrapped = Object.create(model) as PromptModel;
  wrapped.doGenerate = async (options) => model.doGenerate({ ...options, prompt: await transformed(options.prompt) });
  wrapped.doStream = async (options) => model.doStream({ ...options, prompt: await transformed(options.prompt) });
  return wrapped as unknown as MastraModelConfig;
}
