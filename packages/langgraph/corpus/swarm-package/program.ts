// A swarm made with @langchain/langgraph-swarm (the style of its README):
// createReactAgent agents with handoff tools from createHandoffTool, put
// together by createSwarm, compiled with a checkpointer so that the next
// turn starts at the agent that spoke last.
import { ChatOpenAI } from "@langchain/openai";
import { tool } from "@langchain/core/tools";
import { MemorySaver } from "@langchain/langgraph";
import { createReactAgent } from "@langchain/langgraph/prebuilt";
import { createHandoffTool, createSwarm } from "@langchain/langgraph-swarm";
import { z } from "zod";

const model = new ChatOpenAI({ modelName: "gpt-4o" });

// Create specialized tools
const add = tool(
  async (args) => String(args.a + args.b),
  {
    name: "add",
    description: "Add two numbers.",
    schema: z.object({
      a: z.number(),
      b: z.number(),
    }),
  },
);

// Create agents with handoff tools
const alice = createReactAgent({
  llm: model,
  tools: [add, createHandoffTool({ agentName: "Bob" })],
  name: "Alice",
  prompt: "You are Alice, an addition expert.",
});

const bob = createReactAgent({
  llm: model,
  tools: [createHandoffTool({
    agentName: "Alice",
    description: "Transfer to Alice, she can help with math",
  })],
  name: "Bob",
  prompt: "You are Bob, you speak like a pirate.",
});

// Create swarm workflow
const checkpointer = new MemorySaver();
const workflow = createSwarm({
  agents: [alice, bob],
  defaultActiveAgent: "Alice",
});

export const app = workflow.compile({
  checkpointer,
});
