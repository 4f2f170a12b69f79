import { laterComponent, type Agent } from '@agentspec/core';
import { backendTransformCall, DEFAULT_LLM_TIMEOUT_MS, llmMessages, renderTemplate, RUNTIME_ERROR_CODES, RuntimeError, type AgentTransforms, type LlmBackend, type LlmMessage, type RuntimeErrorCode, type RuntimeLoadOptions, type TransformTrace } from '@agentspec/runtime';
import { ToolLoopAgent, type ModelMessage, type StepResult, type ToolSet } from 'ai';
import { toModelMessages } from '../backend/llm-messages.js';
import { conversation } from './conversation.js';
import { agentSettings, type AgentSettings, type RuntimeExtras } from '../compile/agent-settings.js';
import { mark } from '../compile/marks.js';
import { speakFirst } from '../compile/speak-first.js';
import type { AgentStopCondition } from '../compile/stop-conditions.js';
import type { ToolExecutor } from '../compile/tools/tool-executor.js';
import { idleTelemetry } from '../model/idle-telemetry.js';
import type { AgentBuildResult, AgentHooks, AiSdkCompileOptions, AiSdkRuntimeOptions } from '../options.js';
import type { AgentShape } from './next-step.js';

/** What every session of an agent app shares. */
export interface AgentContext {
  readonly agent: Agent;
  readonly shape: AgentShape;
  readonly load: RuntimeLoadOptions;
  readonly options: AiSdkRuntimeOptions;
  readonly executor: ToolExecutor;
  readonly maxAgentSteps: number;
  /** What the `build` option built for the sessions not yet released (closed when released, or with the app). */
  readonly built: AgentBuildResult[];
  /** The app's ToolLoopAgent (built by the first session that calls the LLM, then shared), unless the `build` option builds one per session. */
  compiled?: ToolLoopAgent<never, ToolSet>;
  /** The agent's message transforms (when it has any), and the backend making their summarization calls. */
  readonly transforms?: AgentTransforms;
  readonly summarizer?: LlmBackend;
}

/** What the runtime watches during one AI SDK call of a session. */
export interface CallControl {
  /** LLM steps this call may still make (limits.maxAgentSteps over the agent's life, as in the reference runtime). */
  budget: number;
  /** Tools that failed during the call (AS_TOOL_FAILED ends the run, DESIGN §11). */
  readonly failures: RuntimeError[];
  /** The session's conversation id and the run's trace, for the agent's message transforms. */
  session?: { readonly conversationId: string; readonly trace?: TransformTrace; readonly signal?: AbortSignal };
}

export function hasInvalidCall(step: StepResult<ToolSet> | undefined): boolean {
  return step?.content.some((p) => p.type === 'tool-call' && 'invalid' in p && p.invalid === true) ?? false;
}

export function agentShape(agent: Agent, options: AiSdkRuntimeOptions): AgentShape {
  const outputs = agent.outputs ?? [];
  return {
    id: agent.id,
    clientTools: new Set(agent.tools.filter((t) => t.component_type === 'ClientTool').map((t) => t.name)),
    outputs,
    native: options.structuredOutput === 'native' && outputs.length > 0,
  };
}

/** What a session adds to each call of the app's ToolLoopAgent: its AI SDK call options, read by the agent's `prepareCall`. */
export interface SessionCall {
  /** The system prompt rendered with the session's inputs. */
  readonly instructions: string;
  /** The runtime's stop conditions: a failed tool or an invalid call, and the session's step budget. */
  readonly stopWhen: readonly AgentStopCondition[];
  readonly prepareStep: NonNullable<AgentSettings['prepareStep']>;
}

/** The ToolLoopAgent a session runs, and what the session passes to each of its calls (none for an agent of the `build` option). */
export interface SessionAgent {
  readonly agent: ToolLoopAgent<never, ToolSet>;
  readonly call?: { readonly options: SessionCall; readonly onToolExecutionEnd: NonNullable<AgentHooks['onToolExecutionEnd']> };
}

/**
 * The runtime's semantics, for one session (not marked: they are no setting of the app's agent, they come with each call): the loop stops on a failed tool
 * or an invalid call, and on the step budget; a failure recorded before a
 * step (an approved tool run at the start of a call) stops it before the LLM
 * is called.
 */
function sessionHooks(ctx: AgentContext, control: CallControl): Pick<AgentHooks, 'stopWhen' | 'prepareStep'> {
  return {
    stopWhen: [
      ({ steps }: { steps: StepResult<ToolSet>[] }) => control.failures.length > 0 || hasInvalidCall(steps.at(-1)),
      ({ steps }: { steps: StepResult<ToolSet>[] }) => steps.length >= control.budget,
    ],
    prepareStep: (async ({ messages }: { messages: ModelMessage[] }) => {
      if (control.failures[0]) throw control.failures[0];
      // a module of the `build` option applies the transforms itself (emitted modules do), with `hooks.summarize`
      return ctx.options.build ? undefined : transformed(ctx, control, messages);
    }) as AgentHooks['prepareStep'],
  };
}

/**
 * The `prepareCall` of the app's ToolLoopAgent: the session's call options
 * (its instructions, stop conditions and `prepareStep`) over the app's
 * settings, telemetry off while nobody would see it, then `speakFirst`.
 */
const sessionPrepareCall = mark<NonNullable<AgentSettings['prepareCall']>>((call) => {
  const { options, ...rest } = call as Omit<typeof call, 'options'> & { options?: SessionCall };
  if (!options) return speakFirst(call);
  const stopWhen = rest.stopWhen === undefined ? [] : Array.isArray(rest.stopWhen) ? rest.stopWhen : [rest.stopWhen];
  return speakFirst({ ...rest, instructions: options.instructions, stopWhen: [...stopWhen, ...options.stopWhen], prepareStep: options.prepareStep, ...idleTelemetry() } as typeof call);
}, { kind: 'runtime' });

/**
 * The ToolLoopAgent of the app, built once (with the first session's inputs)
 * and shared by its sessions: what differs from a session to another — the
 * instructions rendered with its inputs, the stop conditions and `prepareStep`
 * watching its call, the record of its failed tools — is passed with each
 * call (`SessionAgent.call`).
 */
function appAgent(ctx: AgentContext, inputs: Readonly<Record<string, unknown>>): ToolLoopAgent<never, ToolSet> {
  if (ctx.compiled) return ctx.compiled;
  const extras: RuntimeExtras = { callbacks: { prepareCall: sessionPrepareCall, onError: mark(() => undefined, { kind: 'runtime' }) } };
  return (ctx.compiled = new ToolLoopAgent(agentSettings(ctx.agent, compileOptions(ctx, inputs), ctx.executor, [], extras)) as unknown as ToolLoopAgent<never, ToolSet>);
}

/** What compileAiSdk (or the `build` option) is given for an agent of the app: the load options, the inputs of a session. */
function compileOptions({ load, options, maxAgentSteps }: AgentContext, inputs: Readonly<Record<string, unknown>>): AiSdkCompileOptions & { inputs: Readonly<Record<string, unknown>> } {
  return {
    inputs,
    llm: { ...load.llm, timeoutMs: load.llm?.timeoutMs ?? DEFAULT_LLM_TIMEOUT_MS },
    maxSteps: maxAgentSteps,
    ...(load.tools ? { tools: load.tools } : {}),
    ...(options.model !== undefined ? { model: options.model } : {}),
    ...(options.structuredOutput ? { structuredOutput: options.structuredOutput } : {}),
    ...(load.network ? { network: load.network } : {}),
    ...(load.limits?.http ? { http: load.limits.http } : {}),
  };
}

/**
 * The ToolLoopAgent a session runs: the app's compiled agent with the
 * session's call options, or the one the `build` option builds for the
 * session (instructions rendered with its inputs), given the runtime's
 * semantics as hooks.
 */
export async function sessionAgent(ctx: AgentContext, inputs: Readonly<Record<string, unknown>>, control: CallControl): Promise<SessionAgent> {
  const hooks = sessionHooks(ctx, control);
  if (ctx.options.build) return { agent: await builtAgent(ctx, compileOptions(ctx, inputs), hooks, control) };
  return {
    agent: appAgent(ctx, inputs),
    call: {
      options: { instructions: renderTemplate(ctx.agent.system_prompt, inputs), ...hooks },
      onToolExecutionEnd: recordToolFailures(control, ctx.agent.id),
    },
  };
}

/**
 * The agent of the `build` option (e.g. an emitted module's `build`), given
 * the same additions as a compiled one as hooks: the stop conditions and
 * callbacks, and failed tools recorded from `onToolExecutionEnd` (an error
 * that is not already a RuntimeError keeps its `AS_…` code when it has one —
 * the module's CodedError — and is AS_TOOL_FAILED, naming the tool, otherwise).
 */
async function builtAgent(
  ctx: AgentContext, compileOptions: AiSdkCompileOptions & { inputs: Readonly<Record<string, unknown>> }, session: Pick<AgentHooks, 'stopWhen' | 'prepareStep'>, control: CallControl,
): Promise<ToolLoopAgent<never, ToolSet>> {
  const { agent } = ctx;
  // marked, as what the runtime adds to the module's settings
  const hooks: AgentHooks = {
    stopWhen: session.stopWhen.map((s) => mark(s, { kind: 'runtime' })),
    prepareStep: mark(session.prepareStep, { kind: 'runtime' }),
    onError: mark(() => undefined, { kind: 'runtime' }),
    ...(ctx.transforms?.has(agent) && ctx.summarizer ? { summarize: (transform: string, messages: readonly LlmMessage[]) => summarizeFor(ctx, control, transform, messages), conversationId: () => control.session?.conversationId } : {}),
    onToolExecutionEnd: recordToolFailures(control, agent.id),
  };
  const built = await (ctx.options.build as NonNullable<AiSdkRuntimeOptions['build']>)(agent, { ...compileOptions, hooks });
  ctx.built.push(built);
  return built.agent as ToolLoopAgent<never, ToolSet>;
}

/**
 * `onToolExecutionEnd` recording a failed tool of a built agent in `control`: an error that is not already a RuntimeError
 * keeps its `AS_…` code when it has one — the module's CodedError — and is AS_TOOL_FAILED, naming the tool, otherwise.
 */
export function recordToolFailures(control: Pick<CallControl, 'failures'>, agentId: string): AgentHooks['onToolExecutionEnd'] {
  return (event) => {
    if (event.toolOutput.type !== 'tool-error') return;
    const { error, toolName } = event.toolOutput;
    const code = (error as { code?: unknown } | null)?.code;
    control.failures.push(RuntimeError.isInstance(error)
      ? (error as RuntimeError)
      // a coded error of the module (its shared snippets': a refused host or stdio command line, an HTTP status…) keeps its code
      : error instanceof Error && typeof code === 'string' && Object.hasOwn(RUNTIME_ERROR_CODES, code)
        ? new RuntimeError(code as RuntimeErrorCode, error.message, { agent: agentId, tool: toolName }, { cause: error })
        : new RuntimeError('AS_TOOL_FAILED', `tool '${toolName}' threw: ${(error as Error)?.message ?? String(error)}`, { agent: agentId, tool: toolName }, { cause: error }));
  };
}

/** One summary of the agent's transform `id` for a module of the `build` option: the runtime's backend, traced like its own. */
function summarizeFor(ctx: AgentContext, control: CallControl, id: string, messages: readonly LlmMessage[]): Promise<string> {
  const t = (ctx.agent.transforms ?? []).find((x) => x.id === id);
  const typed = t && (laterComponent(t, 'MessageSummarizationTransform') ?? laterComponent(t, 'ConversationSummarizationTransform'));
  if (!typed || !ctx.summarizer || !control.session) throw new RuntimeError('AS_INVALID_STATE', `the agent has no message transform '${id}' to summarize for`, { agent: ctx.agent.id });
  const { conversationId, trace, signal } = control.session;
  return backendTransformCall({ conversationId, backend: ctx.summarizer, ...(trace ? { trace } : {}), ...(signal ? { signal } : {}) }).summarize(typed.llm, messages);
}

/**
 * The messages of the step through the agent's message transforms (the
 * AI SDK's own hook for what a step sends: `prepareStep` returning
 * `messages`), their summarization calls made by the AI SDK backend and
 * traced in the agent's span; undefined (the step's messages as they are)
 * for an agent without transforms.
 */
async function transformed(ctx: AgentContext, control: CallControl, messages: ModelMessage[]): Promise<{ messages: ModelMessage[] } | undefined> {
  const { transforms, summarizer, agent } = ctx;
  if (!transforms || !summarizer || !control.session) return undefined;
  const { conversationId, trace, signal } = control.session;
  const call = backendTransformCall({ conversationId, backend: summarizer, ...(trace ? { trace } : {}), ...(signal ? { signal } : {}) });
  const conversationMessages = llmMessages(conversation(messages, agent.name));
  return { messages: toModelMessages(await transforms.apply(agent, conversationMessages, call)) };
}
