// The prebuilt ReAct agent with a tool whose result is the answer
// (`returnDirect`): after that tool the run ends, the model is not asked again.
import { ChatOpenAI } from "@langchain/openai";
import { tool } from "@langchain/core/tools";
import { createReactAgent } from "@langchain/langgraph/prebuilt";
import { z } from "zod";

const model = new ChatOpenAI({ model: "gpt-4o-mini", temperature: 0 });

const convert = tool(({ amount, from, to }) => {
  const rates: Record<string, number> = { "EUR:CHF": 0.94, "CHF:EUR": 1.06 };
  const rate = rates[`${from}:${to}`] ?? 1;
  return `${amount} ${from} = ${(amount * rate).toFixed(2)} ${to}`;
}, {
  name: "convert_currency",
  description: "Convert an amount between currencies.",
  schema: z.object({ amount: z.number(), from: z.string(), to: z.string() }),
  returnDirect: true,
});

const weather = tool(({ city }) => `Sunny in ${city}.`, {
  name: "weather",
  description: "The weather in a city.",
  schema: z.object({ city: z.string() }),
});

export const agent = createReactAgent({
  llm: model,
  tools: [convert, weather],
  prompt: "You are a travel helper.",
});
