// The concurrency benchmark's agent written by hand in LangGraph and in Mastra,
// the way each framework's docs write a tool-calling agent with a checkpointer
// or memory-less session: the floor the compiled runtimes are compared with
// (concurrency.ts). The agent looks a city up with its one tool, then calls
// submit_result with the answer, which ends the run — two LLM requests to the
// scripted server, as the spec'd agent makes.
import { tool } from '@langchain/core/tools';
import { HumanMessage, SystemMessage, type AIMessage, type BaseMessage } from '@langchain/core/messages';
import { Annotation, END, MemorySaver, MessagesAnnotation, START, StateGraph } from '@langchain/langgraph';
import { ToolNode } from '@langchain/langgraph/prebuilt';
import { ChatOpenAI } from '@langchain/openai';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { Agent } from '@mastra/core/agent';
import { createTool } from '@mastra/core/tools';
import { z } from 'zod';

/** A started session of a hand-written agent: its one run. */
export interface HandSession {
  run(): Promise<void>;
}

/** Sessions of one hand-written agent against the scripted LLM at `url`. */
export interface HandAgent {
  start(question: string): HandSession;
}

const INSTRUCTIONS = 'Look the city up, then submit the answer.';

/** LangGraph: a StateGraph with a model node (ChatOpenAI with the tools bound), a ToolNode, a MemorySaver, one thread per session. */
export function langGraphByHand(url: string): HandAgent {
  const lookup = tool(async () => JSON.stringify({ country: 'Italy' }), {
    name: 'lookup', description: 'Look a city up.', schema: z.object({ city: z.string() }),
  });
  const submitResult = tool(async () => 'Result submitted.', {
    name: 'submit_result', description: 'Submit the final answer.', schema: z.object({ answer: z.string() }),
  });
  const model = new ChatOpenAI({ model: 'scripted-model', apiKey: 'sk-bench', configuration: { baseURL: url } }).bindTools([lookup, submitResult]);
  const State = Annotation.Root({ ...MessagesAnnotation.spec, answer: Annotation<string | undefined>() });
  const graph = new StateGraph(State)
    .addNode('agent', async (state: typeof State.State) => ({ messages: [await model.invoke([new SystemMessage(INSTRUCTIONS), ...state.messages])] }))
    .addNode('tools', new ToolNode([lookup, submitResult]))
    .addNode('finish', (state: typeof State.State) => {
      const call = (state.messages.at(-2) as AIMessage).tool_calls?.find((c) => c.name === 'submit_result');
      return { answer: call?.args.answer as string | undefined };
    })
    .addEdge(START, 'agent')
    .addConditionalEdges('agent', (state) => ((state.messages.at(-1) as AIMessage).tool_calls?.length ? 'tools' : END), ['tools', END])
    .addConditionalEdges('tools', (state) => (submitted(state.messages) ? 'finish' : 'agent'), ['agent', 'finish'])
    .addEdge('finish', END)
    .compile({ checkpointer: new MemorySaver() });
  let thread = 0;
  return {
    start(question) {
      const config = { configurable: { thread_id: `t${++thread}` } };
      return {
        async run() {
          const out = await graph.invoke({ messages: [new HumanMessage(question)] }, config);
          if (out.answer !== 'Italy') throw new Error(`LangGraph by hand answered ${String(out.answer)}`);
        },
      };
    },
  };
}

function submitted(messages: readonly BaseMessage[]): boolean {
  return messages.at(-1)?.getType() === 'tool' && (messages.at(-1) as { name?: string }).name === 'submit_result';
}

/** Mastra: an Agent with two createTool tools on the OpenAI-compatible provider, stopping once submit_result ran. */
export function mastraByHand(url: string): HandAgent {
  const provider = createOpenAICompatible({ name: 'scripted', baseURL: url, apiKey: 'sk-bench' });
  const agent = new Agent<string>({
    id: 'busy_agent', name: 'busy agent', instructions: INSTRUCTIONS,
    model: provider.chatModel('scripted-model') as never,
    // a request on a keep-alive connection the server has just closed is retried, as the runtime's own fetch retries it
    // (500 sessions on 2 cores leave connections idle past the server's 5 s keep-alive timeout now and then)
    maxRetries: 2,
    tools: {
      lookup: createTool({ id: 'lookup', description: 'Look a city up.', inputSchema: z.object({ city: z.string() }), execute: async () => ({ country: 'Italy' }) }),
      submit_result: createTool({ id: 'submit_result', description: 'Submit the final answer.', inputSchema: z.object({ answer: z.string() }), execute: async () => 'Result submitted.' }),
    },
  });
  const stopWhen = ({ steps }: { readonly steps: readonly { readonly toolCalls?: readonly { readonly toolName?: string }[] }[] }) =>
    (steps.at(-1)?.toolCalls ?? []).some((c) => c.toolName === 'submit_result');
  return {
    start(question) {
      return {
        async run() {
          const out = await agent.generate(question, { maxSteps: 10, stopWhen: stopWhen as never });
          const call = out.toolCalls.find((c) => (c as { payload?: { toolName?: string } }).payload?.toolName === 'submit_result');
          if (!call) throw new Error('Mastra by hand did not submit');
        },
      };
    },
  };
}

/** The hand-written agents by the runtime they stand next to. */
export const BY_HAND: Readonly<Record<string, (url: string) => HandAgent>> = {
  langgraph: langGraphByHand,
  mastra: mastraByHand,
};
