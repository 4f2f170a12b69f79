import { RequestContext } from '@mastra/core/request-context';

/** What a step's `execute` gets besides its input: its workflow's Mastra (to reach agents) and the workflow's input. */
export interface StepContext {
  readonly mastra?: unknown;
  readonly initData?: unknown;
}

type Execute = (params: unknown) => unknown;

/** The params Mastra gives a step, an entry's condition or a mapping: a minimal execute context outside a workflow run. */
export function stepParams(id: string, inputData: unknown, context: StepContext = {}): Record<string, unknown> {
  const init = context.initData ?? inputData;
  return {
    inputData, state: {}, setState: async () => undefined, getInitData: () => init, getStepResult: () => undefined,
    requestContext: new RequestContext(), retryCount: 0, iterationCount: 0, runId: 'agentspec-import', workflowId: 'agentspec-import',
    ...(context.mastra ? { mastra: context.mastra } : {}),
    suspend: async () => { throw new Error(`step '${id}' suspended: not supported outside Mastra`); },
    bail: (r: unknown) => r, abort: () => undefined, abortSignal: new AbortController().signal,
  };
}

/** A step's `execute` as a function of its input. */
export function runStep(id: string, execute: Execute, mastra?: unknown): (input: unknown, initData?: unknown) => Promise<unknown> {
  return async (inputData, initData) => execute(stepParams(id, inputData, { mastra, initData }));
}

/** The ids of the agents a step's code calls (`getAgent('…')`, `getAgentById('…')`), from its source (a function's, or the step's text in the program). */
export function agentCalls(execute: unknown): string[] {
  if (typeof execute !== 'function' && typeof execute !== 'string') return [];
  return [...String(execute).matchAll(/getAgent(?:ById)?\(\s*(['"`])([^'"`]+)\1\s*\)/g)].map((m) => m[2] as string);
}
