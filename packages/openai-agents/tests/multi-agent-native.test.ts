import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agent, buildLater, clientTool, openAiCompatibleConfig, type Component } from '@agentspec/core';
import { compareTraces, referenceRuntime, TraceRecorder, type Runtime, type Session, type Trace } from '@agentspec/runtime';
import { loadRulesFile, startScriptedLlm, type ScriptedLlm } from '@agentspec/testing';
import type { Agent } from '@openai/agents';
import { importOpenAiAgents, openaiAgentsRuntime } from '../src/index.js';
import { nativeGroup } from '../src/runtime/multi-agent/native-members.js';

// The SDK's quickstart (corpus/homework-tutors): a triage agent and two tutors handing the conversation to one another.
const { triageAgent } = (await import('../corpus/homework-tutors/program.js')) as { triageAgent: Agent };
const swarm = (await importOpenAiAgents(triageAgent)).component;

const llmConfig = openAiCompatibleConfig({ id: 'llm', name: 'scripted', model_id: 'scripted-model', url: 'http://127.0.0.1:1' });
const manager = agent({ id: 'manager', name: 'Manager', system_prompt: 'Manage.', llm_config: llmConfig, tools: [] });
const worker = agent({ id: 'worker', name: 'Worker', system_prompt: 'Work.', llm_config: llmConfig, tools: [] });

let llm: ScriptedLlm;
beforeAll(async () => {
  llm = await startScriptedLlm({ strict: true, rules: (await loadRulesFile(new URL('../corpus/homework-tutors/llm.yaml', import.meta.url).pathname)).rules });
});
afterAll(() => llm.close());

const load = (runtime: Runtime, component: Component) => runtime.load(component, { llm: { override: { url: llm.url } } });

/** Run the turns, recording the trace; the conversation (who said what). */
async function converse(session: Session, recorder: TraceRecorder, turns: readonly string[]) {
  for (const t of turns) {
    session.appendUserMessage(t);
    for await (const e of recorder.record(session.stream())) if (e.type === 'RunError') throw e.error;
  }
  return session.messages.map((m) => ({ role: m.role, content: m.content, sender: m.role === 'assistant' ? m.sender : undefined, calls: m.toolCalls?.map((c) => c.name) }));
}

describe('openaiAgentsRuntime: a Swarm of handoffs and a ManagerWorkers run natively (SDK handoffs, workers as tools)', () => {
  it('maps a Swarm with handoff: always and a ManagerWorkers of plain agents; leaves send_message modes and interruptions to the interpreter', () => {
    expect(nativeGroup(swarm)?.kind).toBe('swarm');
    expect(nativeGroup({ ...(swarm as object), handoff: 'optional' } as unknown as Component)).toBeUndefined();
    const mw = buildLater('ManagerWorkers', { id: 'team', name: 'Team', group_manager: manager, workers: [worker] }) as unknown as Component;
    expect(nativeGroup(mw)?.kind).toBe('manager-workers');
    const asking = agent({ ...worker, id: 'asking', name: 'Asking', tools: [clientTool({ id: 'pick', name: 'pick', inputs: [] })] });
    expect(nativeGroup(buildLater('ManagerWorkers', { id: 't2', name: 'T2', group_manager: manager, workers: [asking] }) as unknown as Component)).toBeUndefined();
  });

  it('runs the swarm as the interpreter does — who spoke when, the LLM requests, the span tree — and keeps the owner across turns and a save', async () => {
    const turns = ['When was Rome founded?', 'And what is 7 × 8?'];
    const outcomes: { messages: unknown; requests: unknown; trace: Trace }[] = [];
    for (const runtime of [referenceRuntime(), openaiAgentsRuntime()]) {
      llm.clear();
      const app = await load(runtime, swarm);
      const recorder = new TraceRecorder({ spec: swarm, runtime: runtime.name });
      try {
        const messages = await converse(app.start(), new TraceRecorder({ spec: swarm }), turns);
        const requests = llm.requests.map((r) => ({ system: r.systemPrompt, tools: r.tools.map((t) => t.name) }));
        // the span tree of one turn with three handoffs (across turns the reference interpreter on main does not yet
        // continue the spans of the run before: its later turns' spans have no parent)
        await converse(app.start(), recorder, turns.slice(0, 1));
        const trace = recorder.finish();
        // a session saved after the first turn goes on with the agent owning the conversation then
        const first = app.start();
        await converse(first, new TraceRecorder({ spec: swarm }), turns.slice(0, 1));
        const saved = await first.save();
        if (runtime.name === 'openai-agents') expect((JSON.parse(JSON.stringify(saved)) as { state: { owner: string } }).state.owner).toBe('history_tutor');
        expect(await converse(await app.resume(saved), new TraceRecorder({ spec: swarm }), turns.slice(1))).toEqual(messages);
        outcomes.push({ messages, requests, trace });
      } finally {
        await app.close();
      }
    }
    const [reference, native] = outcomes;
    expect(native!.messages).toEqual(reference!.messages);
    expect((native!.messages as { sender?: string }[]).map((m) => m.sender).filter(Boolean)).toEqual([
      'Triage Agent', 'Math Tutor', 'Triage Agent', 'History Tutor', // triage → math → back to triage → history
      'History Tutor', 'Triage Agent', 'Math Tutor', // the history tutor hands back, triage to math
    ]);
    expect(native!.requests).toEqual(reference!.requests);
    expect(compareTraces([reference!.trace, native!.trace]).differences).toEqual([]);
  });
});
