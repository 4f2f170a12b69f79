import { readdirSync } from 'node:fs';
import { validateComponent, type Component } from '@agentspec/core';
import { hasBuiltinTools, referenceRuntime, type ToolRegistry } from '@agentspec/runtime';
import { loadRulesFile, startScriptedLlm } from '@agentspec/testing';
import { InputGuardrailTripwireTriggered, run, setDefaultOpenAIClient, setTracingDisabled, type Agent } from '@openai/agents';
import OpenAI from 'openai';
import { afterAll, describe, expect, it } from 'vitest';
import type { CorpusCase, CorpusRun } from '../corpus/corpus-case.js';
import { importOpenAiAgents, openaiAgentsRuntime } from '../src/index.js';

// Both runs talk to one scripted LLM: the SDK through its default client, the spec's LLM configs overridden to it.
const llm = await startScriptedLlm({ strict: true, rules: [] });
setDefaultOpenAIClient(new OpenAI({ baseURL: llm.url, apiKey: 'test' }));
setTracingDisabled(true);
afterAll(() => llm.close());

const corpus = new URL('../corpus/', import.meta.url);
const names = readdirSync(corpus, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name).sort();

interface Outcome {
  /** Who answered last and what: the text, the structured output, the input guardrail that tripped, or the error that stopped the run. */
  readonly result: { readonly agent: string; readonly output: unknown } | { readonly tripwire: string } | { readonly error: string };
  /** The tool results the LLM was last sent, in order. */
  readonly toolResults: readonly unknown[];
}

const parsed = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
};

/** What the run sent the LLM as tool results in its last request (since `from`), each as JSON when it is. */
function toolResults(from: number): unknown[] {
  const last = llm.requests.slice(from).at(-1);
  return (last?.messages ?? []).filter((m) => m.role === 'tool').map((m) => parsed(String(m.content)));
}

/** The SDK's run(), every approval asked for approved. */
async function nativeRun(agent: Agent, message: string): Promise<Outcome> {
  const from = llm.requests.length;
  try {
    let result = await run(agent, message);
    while (result.interruptions.length > 0) {
      for (const i of result.interruptions) result.state.approve(i);
      result = await run(agent, result.state);
    }
    return { result: { agent: result.lastAgent?.name ?? '', output: result.finalOutput }, toolResults: toolResults(from) };
  } catch (e) {
    if (e instanceof InputGuardrailTripwireTriggered) return { result: { tripwire: e.result.guardrail.name }, toolResults: toolResults(from) };
    return { result: { error: (e as Error).constructor.name }, toolResults: toolResults(from) };
  }
}

/** The spec on the reference runtime (on this package's when it has BuiltinTools, which the provider runs), every confirmation approved. */
async function specRun(component: Component, tools: ToolRegistry, message: string): Promise<Outcome> {
  const from = llm.requests.length;
  const runtime = hasBuiltinTools(component) ? openaiAgentsRuntime() : referenceRuntime();
  const app = await runtime.load(component, { tools, llm: { override: { url: llm.url } } });
  try {
    const session = app.start();
    session.appendUserMessage(message);
    let status = await session.run();
    while (status.type === 'tool_confirmation') {
      for (const r of status.requests) session.decide(r.id, 'approve');
      status = await session.run();
    }
    // an input guardrail that tripped: the guarded flow finished on its EndNode, which names it
    if (status.type === 'finished' && status.branch === 'guardrail_tripped') return { result: { tripwire: String(status.outputs.guardrail) }, toolResults: toolResults(from) };
    const last = status.messages.filter((m) => m.role === 'assistant').at(-1);
    // the outputs of an agent that has some (a guarded flow's, without its `guardrail`); else its text
    const { guardrail: _none, ...agentOutputs } = status.type === 'finished' ? status.outputs : {};
    const outputs = component.component_type === 'Flow' ? agentOutputs : status.type === 'finished' ? status.outputs : {};
    const output = status.type === 'finished' && Object.keys(outputs).length > 0 ? outputs : last?.content;
    // who answered: the sender of the last answer (in a Swarm, the agent owning the conversation then)
    return { result: { agent: last?.sender ?? (component as { name: string }).name, output }, toolResults: toolResults(from) };
  } finally {
    await app.close();
  }
}

describe('the OpenAI Agents corpus: each program imports, validates and runs as it does on the SDK', () => {
  it('has the programs', () => expect(names.length).toBeGreaterThanOrEqual(6));

  describe.each(names)('%s', (name) => {
    it('imports with exactly the expected warnings, validates, and agrees with its native run', async () => {
      const c = (await import(new URL(`${name}/case.ts`, corpus).href)).default as CorpusCase;
      const program = (await import(new URL(`${name}/program.ts`, corpus).href)) as Record<string, unknown>;
      llm.setRules((await loadRulesFile(new URL(`${name}/llm.yaml`, corpus).pathname)).rules);
      const agent = program[c.export] as Agent;
      const imported = await importOpenAiAgents(agent);
      expect(imported.warnings.map((w) => w.code)).toEqual(c.warnings);
      expect(validateComponent(imported.component).filter((d) => d.severity === 'error')).toEqual([]);
      if (c.component) expect(imported.component).toMatchObject(c.component);
      for (const r of c.runs as readonly CorpusRun[]) {
        const native = await nativeRun(agent, r.message);
        const spec = await specRun(imported.component, imported.tools, r.message);
        if (r.differs) {
          expect(imported.warnings.map((w) => w.code)).toContain(r.differs.because);
          expect({ native: native.result, spec: spec.result }).toEqual({ native: r.differs.native, spec: r.differs.spec });
          continue;
        }
        if (r.trips) expect(native.result).toEqual({ tripwire: r.trips });
        expect(spec.result).toEqual(native.result);
        const submissions = 'tripwire' in native.result ? [] : Array<string>(c.guardrails ?? 0).fill('Result submitted.');
        expect(spec.toolResults).toEqual([...submissions, ...native.toolResults]);
      }
    });
  });
});
