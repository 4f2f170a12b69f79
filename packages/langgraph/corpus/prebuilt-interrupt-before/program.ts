// The prebuilt ReAct agent with a breakpoint before its tools (the style of
// "How to use the prebuilt ReAct agent" and the breakpoints guide): the run
// pauses before any tool runs, and goes on when resumed.
import { ChatOpenAI } from "@langchain/openai";
import { tool } from "@langchain/core/tools";
import { MemorySaver } from "@langchain/langgraph";
import { createReactAgent } from "@langchain/langgraph/prebuilt";
import { z } from "zod";

const model = new ChatOpenAI({
  model: "gpt-4o",
});

const transferMoney = tool((input) => {
  return `Transferred ${input.amount} EUR to ${input.to}.`;
}, {
  name: "transfer_money",
  description: "Transfer money to an account.",
  schema: z.object({
    to: z.string().describe("The account to pay."),
    amount: z.number().describe("How much, in EUR."),
  }),
});

export const agent = createReactAgent({
  llm: model,
  tools: [transferMoney],
  prompt: "You are a careful banking assistant.",
  checkpointSaver: new MemorySaver(),
  interruptBefore: ["tools"],
});
