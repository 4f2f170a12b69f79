// A ReAct agent written as a graph (the style of LangGraph.js's quickstart):
// MessagesAnnotation, a model node with tools bound, the prebuilt ToolNode, and
// a conditional edge whose router returns the next node's name (no path map).
import type { AIMessage } from "@langchain/core/messages";
import { tool } from "@langchain/core/tools";
import { ChatOpenAI } from "@langchain/openai";
import { MessagesAnnotation, StateGraph } from "@langchain/langgraph";
import { ToolNode } from "@langchain/langgraph/prebuilt";
import { z } from "zod";

const lookupPlanet = tool(async ({ planet }) => {
  return planet.toLowerCase() === "mars" ? "Mars has two moons: Phobos and Deimos." : `No data about ${planet}.`;
}, {
  name: "lookup_planet",
  description: "Look up facts about a planet.",
  schema: z.object({ planet: z.string().describe("The planet's name") }),
});

// Define the tools for the agent to use
const tools = [lookupPlanet];
const toolNode = new ToolNode(tools);

// Create a model and give it access to the tools
const model = new ChatOpenAI({ model: "gpt-4o-mini", temperature: 0 }).bindTools(tools);

// Define the function that determines whether to continue or not
function shouldContinue({ messages }: typeof MessagesAnnotation.State) {
  const lastMessage = messages[messages.length - 1] as AIMessage;

  // If the LLM makes a tool call, then we route to the "tools" node
  if (lastMessage.tool_calls?.length) {
    return "tools";
  }
  // Otherwise, we stop (reply to the user) using the special "__end__" node
  return "__end__";
}

// Define the function that calls the model
async function callModel(state: typeof MessagesAnnotation.State) {
  const response = await model.invoke(state.messages);

  // We return a list, because this will get added to the existing list
  return { messages: [response] };
}

// Define a new graph
const workflow = new StateGraph(MessagesAnnotation)
  .addNode("agent", callModel)
  .addEdge("__start__", "agent") // __start__ is a special name for the entrypoint
  .addNode("tools", toolNode)
  .addEdge("tools", "agent")
  .addConditionalEdges("agent", shouldContinue);

// Finally, we compile it into a LangChain Runnable.
export const app = workflow.compile();
