/** Checks the `runs:` of a case.yaml (CASES.md) into typed runs, collecting every problem. */
import type {
  CaseRun, CaseStep, ExpectedError, ExpectedLlmRequest, ExpectedMessage, ExpectedToolCall, StepAction, StepExpectation,
} from './case-types.js';
import { STATUS_NAMES } from './case-types.js';
import { isObject, pointer, type Obj, type Problems } from './check.js';

const ACTIONS = ['run', 'user', 'toolResults', 'decide'] as const;
const STEP_KEYS = [...ACTIONS, 'saveAndResume', 'expect'];
const EXPECT_KEYS = ['status', 'outputs', 'branch', 'requests', 'messages', 'error'];
/** Which expectation keys make sense for which status. */
const ONLY_FOR: Readonly<Record<string, readonly string[]>> = {
  outputs: ['finished'], branch: ['finished'], requests: ['tool_request', 'tool_confirmation'], error: ['error'],
  messages: ['finished', 'user_input', 'tool_request', 'tool_confirmation'],
};

export function checkRuns(value: unknown, path: string, p: Problems): CaseRun[] {
  const runs = p.array(value, path) ?? [];
  if (Array.isArray(value) && runs.length === 0) p.add(path, 'must list at least one run');
  return runs.flatMap((run, i) => checkRun(run, pointer(path, i), p) ?? []);
}

function checkRun(value: unknown, path: string, p: Problems): CaseRun | undefined {
  const run = p.object(value, path, ['name', 'inputs', 'steps', 'llmRequests'], ['steps']);
  if (!run) return undefined;
  const name = p.optionalString(run.name, pointer(path, 'name'));
  if (run.inputs !== undefined) p.record(run.inputs, pointer(path, 'inputs'));
  const steps = (p.array(run.steps, pointer(path, 'steps')) ?? []).flatMap((s, i) => checkStep(s, pointer(pointer(path, 'steps'), i), p) ?? []);
  if (Array.isArray(run.steps) && run.steps.length === 0) p.add(pointer(path, 'steps'), 'must list at least one step');
  const llmPath = pointer(path, 'llmRequests');
  const llmRequests = run.llmRequests === undefined ? undefined
    : (p.array(run.llmRequests, llmPath) ?? []).flatMap((r, i) => checkLlmRequest(r, pointer(llmPath, i), p) ?? []);
  return {
    steps,
    ...(name !== undefined ? { name } : {}),
    ...(isObject(run.inputs) ? { inputs: run.inputs } : {}),
    ...(llmRequests ? { llmRequests } : {}),
  };
}

function checkStep(value: unknown, path: string, p: Problems): CaseStep | undefined {
  const step = p.object(value, path, STEP_KEYS, ['expect']);
  if (!step) return undefined;
  const given = ACTIONS.filter((a) => step[a] !== undefined);
  const saveAndResume = p.flag(step.saveAndResume, pointer(path, 'saveAndResume'));
  if (given.length > 1) p.add(path, `a step does one thing: found ${given.join(' and ')}`);
  if (given.length === 0 && !saveAndResume) p.add(path, `a step needs one of: ${ACTIONS.join(', ')}, saveAndResume`);
  const action = checkAction(step, given[0] ?? 'run', path, p);
  const expect = checkExpectation(step.expect, pointer(path, 'expect'), p);
  return action && expect ? { action, saveAndResume, expect } : undefined;
}

function checkAction(step: Obj, kind: (typeof ACTIONS)[number], path: string, p: Problems): StepAction | undefined {
  const at = pointer(path, kind);
  switch (kind) {
    case 'run':
      if (step.run !== undefined) p.flag(step.run, at);
      return { kind: 'run' };
    case 'user': {
      const text = p.string(step.user, at);
      return text === undefined ? undefined : { kind: 'user', text };
    }
    case 'toolResults': {
      const results = (p.array(step.toolResults, at) ?? []).flatMap((r, i) => {
        const o = p.object(r, pointer(at, i), ['content'], ['content']);
        return o && o.content !== undefined ? [{ content: o.content }] : [];
      });
      return { kind: 'toolResults', results };
    }
    case 'decide': {
      const decisions = (p.array(step.decide, at) ?? []).flatMap((d, i) => {
        const o = p.object(d, pointer(at, i), ['decision', 'reason'], ['decision']);
        if (!o) return [];
        const decision = p.oneOf(o.decision, pointer(pointer(at, i), 'decision'), ['approve', 'reject'] as const);
        const reason = p.optionalString(o.reason, pointer(pointer(at, i), 'reason'));
        return decision ? [{ decision, ...(reason !== undefined ? { reason } : {}) }] : [];
      });
      return { kind: 'decide', decisions };
    }
  }
}

function checkExpectation(value: unknown, path: string, p: Problems): StepExpectation | undefined {
  const e = p.object(value, path, EXPECT_KEYS, ['status']);
  if (!e) return undefined;
  const status = p.oneOf(e.status, pointer(path, 'status'), STATUS_NAMES);
  if (!status) return undefined;
  for (const [key, statuses] of Object.entries(ONLY_FOR)) {
    if (e[key] !== undefined && !statuses.includes(status)) p.add(pointer(path, key), `cannot be checked when status is ${status}`);
  }
  if (status === 'error' && e.error === undefined) p.add(pointer(path, 'error'), 'is required when status is error');
  const outputs = e.outputs === undefined ? undefined : p.record(e.outputs, pointer(path, 'outputs'));
  const branch = p.optionalString(e.branch, pointer(path, 'branch'));
  const requests = e.requests === undefined ? undefined : checkCalls(e.requests, pointer(path, 'requests'), p);
  const messages = e.messages === undefined ? undefined
    : (p.array(e.messages, pointer(path, 'messages')) ?? []).flatMap((m, i) => checkMessage(m, pointer(pointer(path, 'messages'), i), p) ?? []);
  const error = e.error === undefined ? undefined : checkError(e.error, pointer(path, 'error'), p);
  return {
    status,
    ...(outputs ? { outputs } : {}),
    ...(branch !== undefined ? { branch } : {}),
    ...(requests ? { requests } : {}),
    ...(messages ? { messages } : {}),
    ...(error ? { error } : {}),
  };
}

/** `{ code, mentions? }` of an expected rejection. */
export function checkError(value: unknown, path: string, p: Problems): ExpectedError | undefined {
  const o = p.object(value, path, ['code', 'mentions'], ['code']);
  const code = o ? p.string(o.code, pointer(path, 'code')) : undefined;
  if (code === undefined) return undefined;
  return o?.mentions === undefined ? { code } : { code, mentions: p.strings(o.mentions, pointer(path, 'mentions')) };
}

function checkCalls(value: unknown, path: string, p: Problems): ExpectedToolCall[] {
  return (p.array(value, path) ?? []).flatMap((c, i) => {
    const o = p.object(c, pointer(path, i), ['name', 'args'], ['name']);
    if (!o) return [];
    const name = p.string(o.name, pointer(pointer(path, i), 'name'));
    const args = o.args === undefined ? undefined : p.record(o.args, pointer(pointer(path, i), 'args'));
    return name === undefined ? [] : [{ name, ...(args ? { args } : {}) }];
  });
}

function checkMessage(value: unknown, path: string, p: Problems): ExpectedMessage | undefined {
  const m = p.object(value, path, ['role', 'content', 'sender', 'toolCalls'], ['role']);
  if (!m) return undefined;
  const role = p.oneOf(m.role, pointer(path, 'role'), ['user', 'assistant', 'system', 'tool'] as const);
  const content = p.optionalString(m.content, pointer(path, 'content'));
  const sender = p.optionalString(m.sender, pointer(path, 'sender'));
  const toolCalls = m.toolCalls === undefined ? undefined : checkCalls(m.toolCalls, pointer(path, 'toolCalls'), p);
  if (!role) return undefined;
  return { role, ...(content !== undefined ? { content } : {}), ...(sender !== undefined ? { sender } : {}), ...(toolCalls ? { toolCalls } : {}) };
}

function checkLlmRequest(value: unknown, path: string, p: Problems): ExpectedLlmRequest | undefined {
  const r = p.object(value, path, ['systemPrompt', 'tools', 'parameters', 'responseFormat', 'lastMessage', 'messages']);
  if (!r) return undefined;
  const systemPrompt = p.optionalString(r.systemPrompt, pointer(path, 'systemPrompt'));
  const tools = r.tools === undefined ? undefined : (p.array(r.tools, pointer(path, 'tools')) ?? []).flatMap((t, i) => {
    const at = pointer(pointer(path, 'tools'), i);
    const o = p.object(t, at, ['name', 'description', 'parameters'], ['name']);
    const name = o ? p.string(o.name, pointer(at, 'name')) : undefined;
    const description = o ? p.optionalString(o.description, pointer(at, 'description')) : undefined;
    if (!o || name === undefined) return [];
    return [{ name, ...(description !== undefined ? { description } : {}), ...(o.parameters !== undefined ? { parameters: o.parameters } : {}) }];
  });
  const parameters = r.parameters === undefined ? undefined : p.record(r.parameters, pointer(path, 'parameters'));
  if (r.responseFormat !== undefined) p.record(r.responseFormat, pointer(path, 'responseFormat'));
  const last = r.lastMessage === undefined ? undefined : p.object(r.lastMessage, pointer(path, 'lastMessage'), ['role', 'content']);
  const role = last ? p.optionalString(last.role, pointer(pointer(path, 'lastMessage'), 'role')) : undefined;
  const content = last ? p.optionalString(last.content, pointer(pointer(path, 'lastMessage'), 'content')) : undefined;
  const messages = r.messages === undefined ? undefined : (p.array(r.messages, pointer(path, 'messages')) ?? []).flatMap((m, i) => {
    const at = pointer(pointer(path, 'messages'), i);
    const o = p.object(m, at, ['role', 'content'], ['role', 'content']);
    const mrole = o ? p.string(o.role, pointer(at, 'role')) : undefined;
    const mcontent = o ? p.string(o.content, pointer(at, 'content')) : undefined;
    return mrole === undefined || mcontent === undefined ? [] : [{ role: mrole, content: mcontent }];
  });
  return {
    ...(systemPrompt !== undefined ? { systemPrompt } : {}),
    ...(tools ? { tools } : {}),
    ...(parameters ? { parameters } : {}),
    ...(r.responseFormat !== undefined ? { responseFormat: r.responseFormat } : {}),
    ...(last ? { lastMessage: { ...(role !== undefined ? { role } : {}), ...(content !== undefined ? { content } : {}) } } : {}),
    ...(messages ? { messages } : {}),
  };
}
