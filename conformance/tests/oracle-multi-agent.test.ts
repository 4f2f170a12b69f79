// Oracle's published multi-agent documents (shared/corpus/oracle: two how-tos,
// pyagentspec's serialization examples and its LangGraph adapter's swarm
// calculator) run on all five runtimes against one scripted LLM each, with
// the same outcome everywhere: status, the conversation (who said what), the
// LLM requests (system prompts and tools offered) and the span tree.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deserialize, type Component } from '@agentspec/core';
import { startScriptedLlm, type Rule, type ScriptedLlm } from '@agentspec/testing';
import { compareTraces, serverToolNames, TraceRecorder, type Runtime, type ToolRegistry, type Trace } from '@agentspec/runtime';
import { RUNTIMES } from '../src/index.js';

/** shared/corpus/oracle beside the repository (AGENTSPEC_SHARED, `<repo>/..`, `<repo>/../..`). */
function oracleCorpus(): string | undefined {
  const repo = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
  for (const c of [process.env.AGENTSPEC_SHARED, join(repo, '..', 'shared'), join(repo, '..', '..', 'shared')]) {
    if (c && existsSync(join(c, 'corpus', 'oracle', 'pyagentspec-verdicts.tsv'))) return join(c, 'corpus', 'oracle');
  }
  return undefined;
}

const ROOT = oracleCorpus();
const EXAMPLES = 'docs/pyagentspec/source/agentspec_config_examples/';
const CONFIGS = 'pyagentspec/tests/agentspec_configs/';

interface Script {
  readonly file: string;
  /** Inputs of the session. */
  readonly inputs?: Readonly<Record<string, unknown>>;
  /** Version the document is read as, when core reads it otherwise than pyagentspec (see below). */
  readonly readAs?: string;
  /**
   * Runtimes left out, with why: a limit of the runtime that is not about multi-agent components (each stated where it
   * is found; the other runtimes still agree).
   */
  readonly except?: Readonly<Record<string, string>>;
  /** Runtimes whose span trees are not compared, with why (their outcome still is). */
  readonly traceExcept?: Readonly<Record<string, string>>;
  /** User messages, one per user_input pause; the run stops at any other status. */
  readonly say: readonly string[];
  readonly rules: readonly Rule[];
  /** What the last status must be (every runtime). */
  readonly status: string;
  /** The senders of the assistant messages, in order (who spoke when). */
  readonly speakers: readonly string[];
}

const text = (t: string) => ({ text: t });
const calls = (...c: { name: string; arguments: Record<string, unknown> }[]) => ({ toolCalls: c });

const SCRIPTS: readonly Script[] = [
  {
    // handoff optional (26.1.0): the sum agent hands a multiplication over, the multiply agent calls its tool and answers
    file: 'pyagentspec/tests/adapters/langgraph/configs/swarm_calculator.yaml',
    // 'optional' under 25.4.2, like example_serialized_swarm.yaml below
    readAs: '26.1.0',
    say: ['What is 3 times 4?'],
    rules: [
      { match: { systemPromptContains: 'You handle multiplication', lastToolResult: { tool: 'multiply' } }, answer: text('3 times 4 is 12.') },
      { match: { systemPromptContains: 'You handle multiplication' }, answer: calls({ name: 'multiply', arguments: { a: 3, b: 4 } }) },
      { match: { systemPromptContains: 'You handle addition' }, answer: calls({ name: 'transfer_to_multiply_agent', arguments: {} }) },
    ],
    status: 'user_input',
    speakers: ['sum_agent', 'multiply_agent', 'multiply_agent'],
  },
  {
    // handoff: true (25.4.2): the practitioner asks the dermatologist, who asks the pharmacist (send_message inside send_message)
    file: `${EXAMPLES}howto_swarm.yaml`,
    say: ['I have a red rash on my arm.'],
    rules: [
      { match: { systemPromptContains: 'Pharmacist LLM Agent' }, answer: text('Hydrocortisone cream is in stock.') },
      { match: { systemPromptContains: 'Dermatologist LLM Agent', lastToolResult: { tool: 'send_message_to_Pharmacist' } }, answer: text('Mild eczema: hydrocortisone cream twice a day.') },
      { match: { systemPromptContains: 'Dermatologist LLM Agent' }, answer: calls({ name: 'send_message_to_Pharmacist', arguments: { message: 'Is hydrocortisone cream available?' } }) },
      { match: { systemPromptContains: 'general practitioner', lastToolResult: { tool: 'send_message_to_Dermatologist' } }, answer: text('Apply hydrocortisone cream twice a day; the pharmacy has it.') },
      { match: { systemPromptContains: 'general practitioner' }, answer: calls({ name: 'send_message_to_Dermatologist', arguments: { message: 'Red rash on the arm: diagnosis?' } }) },
    ],
    status: 'user_input',
    speakers: ['GeneralPractitioner', 'GeneralPractitioner'],
  },
  {
    // handoff optional: the practitioner hands the patient over to the pharmacist, who stays with them on the next turn
    file: `${CONFIGS}example_serialized_swarm.yaml`,
    // it writes the 26.1.0 handoff mode 'optional' under agentspec_version 25.4.2, which pyagentspec reads and core's
    // version gate refuses (AS_VERSION_GATE): read as the 26.1.0 document it is
    readAs: '26.1.0',
    say: ['Do you have aspirin?', 'Thanks!'],
    rules: [
      { match: { systemPromptContains: 'You are a pharmacist', lastUserMessage: 'Thanks!' }, answer: text('You are welcome.') },
      { match: { systemPromptContains: 'You are a pharmacist' }, answer: text('Yes, aspirin is in stock.') },
      { match: { systemPromptContains: 'You are a general practitioner' }, answer: calls({ name: 'transfer_to_Pharmacist', arguments: {} }) },
    ],
    status: 'user_input',
    speakers: ['GeneralPractitioner', 'Pharmacist', 'Pharmacist'],
  },
  {
    // the manager gives the refund specialist a task; the specialist checks eligibility with its tool and reports back
    file: `${EXAMPLES}howto_managerworkers.yaml`,
    // the manager's system prompt reads two inputs: the session gives them (every member takes the inputs it declares)
    inputs: { company_policy_info: 'Refunds within 30 days.', customer_id: 'c1' },
    except: {
      // @openai/agents 0.20 (openaiChatCompletionsConverter) refuses a chat-completions history holding a call of a function
      // whose name is not [a-zA-Z0-9_-]+ ('Namespaced function call history is not supported'): any spec whose tools have
      // spaces in their names ('Check refund eligibility') fails on its second LLM request there, Agent or not
      'openai-agents': 'tool names with spaces: the SDK refuses them in a chat-completions history',
    },
    say: ['I want a refund for order 123.'],
    rules: [
      { match: { systemPromptContains: 'Refund Specialist agent', lastToolResult: { tool: 'Check refund eligibility' } }, answer: text('Order 123 is eligible.') },
      { match: { systemPromptContains: 'Refund Specialist agent' }, answer: calls({ name: 'Check refund eligibility', arguments: { order_id: '123', customer_id: 'c1' } }) },
      { match: { systemPromptContains: 'Customer Service Manager', lastToolResult: { tool: 'RefundSpecialist' } }, answer: text('Your order 123 is eligible for a refund.') },
      { match: { systemPromptContains: 'Customer Service Manager' }, answer: calls({ name: 'RefundSpecialist', arguments: { message: 'Check refund for order 123, customer c1.' } }) },
    ],
    status: 'user_input',
    speakers: ['CustomerServiceManager', 'CustomerServiceManager'],
  },
  {
    // the manager calls both workers in one answer
    file: `${CONFIGS}example_serialized_managerworkers.yaml`,
    say: ['My parcel arrived broken.'],
    rules: [
      { match: { systemPromptContains: 'Refund Specialist agent' }, answer: text('Refund issued.') },
      { match: { lastToolResult: { tool: 'SatisfactionSurveyor' } }, answer: text('Refund issued, and your feedback is recorded.') },
      { match: { lastUserMessage: 'Note the feedback: broken parcel.' }, answer: text('Feedback recorded.') },
      {
        match: { lastUserMessage: 'My parcel arrived broken.' },
        answer: calls({ name: 'RefundSpecialist', arguments: { message: 'Refund the broken parcel.' } }, { name: 'SatisfactionSurveyor', arguments: { message: 'Note the feedback: broken parcel.' } }),
      },
    ],
    status: 'user_input',
    speakers: ['CustomerServiceManager', 'CustomerServiceManager'],
  },
  {
    // the specialization's instructions follow the base prompt, its RemoteTool follows the base tools
    file: `${CONFIGS}example_serialized_specialized_agent.yaml`,
    say: ['Tell me about Rome.'],
    rules: [
      { match: { lastToolResult: { tool: 'get_city_history_info' } }, answer: text('Rome was founded by cats, they say.') },
      { match: { systemPromptContains: 'You are all about cats' }, answer: calls({ name: 'get_city_history_info', arguments: { city: 'Rome' } }) },
    ],
    status: 'user_input',
    speakers: ['Funny cat agent', 'Funny cat agent'],
    // it runs as a plain Agent, natively: the span trees of plain Agents on these two differ from the reference's already
    // (a LangGraph agent has no agent span, a Mastra agent's has no children; the same with conformance agents/one-server-tool)
    traceExcept: { langgraph: 'plain Agent traces differ', mastra: 'plain Agent traces differ' },
  },
];

interface Outcome {
  readonly status: string;
  readonly messages: unknown[];
  readonly requests: unknown[];
  readonly trace: Trace;
  readonly runtime: string;
}

async function runOn(runtime: Runtime, spec: Component, script: Script, llm: ScriptedLlm): Promise<Outcome> {
  llm.clear();
  const tools: ToolRegistry = Object.fromEntries(serverToolNames(spec).map((n) => [n, (args: Record<string, unknown>) => `${n}: ok for ${JSON.stringify(args)}`]));
  const app = await runtime.load(spec, { tools, llm: { override: { url: llm.url } } });
  try {
    const recorder = new TraceRecorder({ spec, runtime: runtime.name });
    const session = app.start(script.inputs ? { inputs: script.inputs } : {});
    let status = '';
    for (const say of script.say) {
      session.appendUserMessage(say);
      for await (const e of recorder.record(session.stream())) status = e.type === 'RunStatus' ? e.status.type : e.type === 'RunError' ? `error ${e.error.code}: ${e.error.message}` : status;
      if (status !== 'user_input') break;
    }
    return {
      status,
      messages: session.messages.map((m) => ({ role: m.role, content: m.content, sender: m.role === 'assistant' ? m.sender : undefined, calls: m.toolCalls?.map((c) => [c.name, c.args]) })),
      requests: llm.requests.map((r) => {
        const body = r.body as { messages?: { role: string; content: unknown }[]; tools?: { function: { name: string } }[] };
        return { system: body.messages?.find((m) => m.role === 'system')?.content, tools: (body.tools ?? []).map((t) => t.function.name) };
      }),
      trace: recorder.finish(),
      runtime: runtime.name,
    };
  } finally {
    await app.close();
  }
}

describe.skipIf(!ROOT)('Oracle\'s multi-agent documents on every runtime', () => {
  let llm: ScriptedLlm;
  beforeAll(async () => {
    llm = await startScriptedLlm({ strict: true, rules: [] });
  });
  afterAll(() => llm?.close());

  for (const script of SCRIPTS) {
    it(`${script.file}: the same outcome on ${Object.keys(RUNTIMES).filter((n) => !script.except?.[n]).join(', ')}`, async () => {
      const source = readFileSync(join(ROOT!, script.file), 'utf8').replace(/\[\[([A-Za-z0-9_]+)\]\]/g, (_m, name: string) => `http://127.0.0.1:8000/${name.toLowerCase()}`);
      const spec = deserialize(script.readAs ? source.replace(/^agentspec_version: .*$/m, `agentspec_version: ${script.readAs}`) : source);
      llm.setRules(script.rules);
      const outcomes: Outcome[] = [];
      for (const [name, make] of Object.entries(RUNTIMES)) if (!script.except?.[name]) outcomes.push(await runOn(make(), spec, script, llm));
      const [first, ...others] = outcomes;
      expect(first!.status).toBe(script.status);
      expect((first!.messages as { role: string; sender?: string }[]).filter((m) => m.role === 'assistant').map((m) => m.sender)).toEqual(script.speakers);
      for (const o of others) {
        expect({ status: o.status, messages: o.messages, requests: o.requests }).toEqual({ status: first!.status, messages: first!.messages, requests: first!.requests });
      }
      expect(compareTraces(outcomes.filter((o) => !script.traceExcept?.[o.runtime]).map((o) => o.trace)).differences).toEqual([]);
    }, 60_000);
  }
});
