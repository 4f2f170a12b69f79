/**
 * The LLM requests LangGraph sends for the agent cases of the conformance
 * suite carry the same system prompt, tool schemas and generation parameters
 * as the reference runtime's: each case runs on both runtimes, each against
 * its own scripted LLM, and the recorded requests are compared one by one.
 * (The case format is read with the conformance package's own loader.)
 */
import { describe, expect, it } from 'vitest';
import { deserialize } from '@agentspec/core';
import { referenceRuntime, type Runtime, type RunStatus, type Session, type ToolRegistry } from '@agentspec/runtime';
import { startScriptedLlm, type RecordedRequest, type ScriptedLlmConfig } from '@agentspec/testing';
import { langgraphRuntime } from '../src/index.js';

interface Step { action: { kind: string; text?: string; results?: { content: unknown }[]; decisions?: { decision: 'approve' | 'reject'; reason?: string }[] }; saveAndResume: boolean }
interface Case { id: string; specText: string; tools: string[]; servers: string[]; llm: ScriptedLlmConfig; llmClient?: Record<string, unknown>; limits?: Record<string, unknown>; network?: Record<string, unknown>; runs: { inputs?: Record<string, unknown>; steps: Step[] }[] }
interface Conformance {
  discoverCases(dir: string): { id: string; dir: string; kind: string }[];
  loadCase(entry: unknown): Case;
  toolRegistry(names: readonly string[]): ToolRegistry;
  startLocalServers(names: readonly string[]): Promise<{ substitutions: Record<string, string>; close(): Promise<void> }>;
  substitute(text: string, values: Record<string, string>): string;
}

const conformance = (await import(/* @vite-ignore */ new URL('../../../conformance/src/index.ts', import.meta.url).href)) as Conformance;
const casesDir = new URL('../../../conformance/cases', import.meta.url).pathname;
const agentCases = conformance.discoverCases(casesDir).filter((e) => e.kind === 'run').map((e) => conformance.loadCase(e)).filter((c) => /component_type:\s*Agent\b/.test(c.specText))
  // not agents with BuiltinTools, which the reference runtime refuses (conformance/tests/builtin-tools.test.ts checks their requests)
  .filter((c) => !/component_type:\s*BuiltinTool\b/.test(c.specText));

/** Drive a case's runs on a runtime (expectations aside); returns what its LLM received. */
async function requestsOf(c: Case, runtime: Runtime): Promise<readonly RecordedRequest[]> {
  const llm = await startScriptedLlm(c.llm);
  const servers = await conformance.startLocalServers(c.servers);
  try {
    const app = await runtime.load(deserialize(conformance.substitute(c.specText, servers.substitutions)), {
      tools: conformance.toolRegistry(c.tools), llm: { override: { url: llm.url }, ...c.llmClient }, ...(c.limits ? { limits: c.limits } : {}), ...(c.network ? { network: c.network } : {}),
    }).catch(() => undefined); // a case whose spec is refused at load (faults/missing-server-tool) sends nothing
    if (!app) return [];
    try {
      for (const run of c.runs) {
        let session: Session = app.start(run.inputs ? { inputs: run.inputs } : {});
        let last: RunStatus | undefined;
        for (const step of run.steps) {
          if (step.saveAndResume) session = await app.resume(JSON.parse(JSON.stringify(await session.save())));
          const requests = last && 'requests' in last ? last.requests : [];
          if (step.action.kind === 'user') session.appendUserMessage(step.action.text as string);
          if (step.action.kind === 'toolResults') session.appendToolResults((step.action.results ?? []).map((r, i) => ({ id: requests[i]!.id, content: r.content })));
          if (step.action.kind === 'decide') (step.action.decisions ?? []).forEach((d, i) => session.decide(requests[i]!.id, d.decision, d.reason));
          last = await session.run().catch(() => undefined);
        }
      }
    } finally {
      await app.close();
    }
    return llm.requests;
  } finally {
    await Promise.all([servers.close(), llm.close()]);
  }
}

/** What the comparison looks at: system prompt, tools with their schemas, generation parameters (client plumbing such as `stream: false` aside). */
function essentials(r: RecordedRequest) {
  const { stream: _s, stream_options: _o, ...extra } = r.parameters.extra as Record<string, unknown>;
  return {
    systemPrompt: r.systemPrompt,
    tools: r.tools.map((t) => ({ name: t.name, description: t.description, parameters: t.parameters })),
    parameters: { temperature: r.parameters.temperature, topP: r.parameters.topP, maxTokens: r.parameters.maxTokens, extra },
    responseFormat: r.responseFormat,
  };
}

describe('LLM requests: langgraph sends what the reference runtime sends', { timeout: 30_000 }, () => {
  it('covers the agent cases', () => {
    expect(agentCases.length).toBeGreaterThanOrEqual(30);
  });

  it.each(agentCases.map((c) => [c.id, c] as const))('%s', async (_id, c) => {
    const [reference, langgraph] = [await requestsOf(c, referenceRuntime()), await requestsOf(c, langgraphRuntime())];
    expect(langgraph.map(essentials)).toEqual(reference.map(essentials));
  });
});
