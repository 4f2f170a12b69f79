// Returning tool results directly (the style of "How to let agent return tool
// results directly"): the model may ask for a search result to go to the user
// as it is; a messages key with a concat reducer, two nodes sharing one ToolNode.
import type { AIMessage, BaseMessage } from "@langchain/core/messages";
import { DynamicStructuredTool } from "@langchain/core/tools";
import type { RunnableConfig } from "@langchain/core/runnables";
import { ChatOpenAI } from "@langchain/openai";
import { Annotation, END, START, StateGraph } from "@langchain/langgraph";
import { ToolNode } from "@langchain/langgraph/prebuilt";
import { z } from "zod";

const SearchTool = z.object({
  query: z.string().describe("query to look up"),
  // used by the graph, not by the tool: whether to give the result to the user as it is
  return_direct: z.boolean().describe("Whether to return the result directly to the user").default(false),
});

const searchTool = new DynamicStructuredTool({
  name: "search",
  description: "Search the train timetable.",
  schema: SearchTool,
  func: async ({ query }: { query: string }) => {
    return `Next train for "${query}": 14:05 from platform 3.`;
  },
});

const tools = [searchTool];
const toolNode = new ToolNode(tools);

const model = new ChatOpenAI({ temperature: 0, model: "gpt-4o-mini" });
const boundModel = model.bindTools(tools);

const AgentState = Annotation.Root({
  messages: Annotation<BaseMessage[]>({
    reducer: (x, y) => x.concat(y),
  }),
});

// Define the function that determines whether to continue or not
const shouldContinue = (state: typeof AgentState.State) => {
  const { messages } = state;
  const lastMessage = messages[messages.length - 1] as AIMessage;
  // If there is no function call, then we finish
  if (!lastMessage?.tool_calls?.length) {
    return END;
  } // Otherwise if there is, we check if it's suppose to return direct
  else {
    const args = lastMessage.tool_calls[0]!.args;
    if (args?.return_direct) {
      return "final";
    } else {
      return "tools";
    }
  }
};

// Define the function that calls the model
const callModel = async (state: typeof AgentState.State, config?: RunnableConfig) => {
  const response = await boundModel.invoke(state.messages, config);
  return { messages: [response] };
};

const workflow = new StateGraph(AgentState)
  .addNode("agent", callModel)
  // Note the "tools" and "final" nodes are identical!
  .addNode("tools", toolNode)
  .addNode("final", toolNode)
  .addEdge(START, "agent")
  .addConditionalEdges("agent", shouldContinue)
  .addEdge("tools", "agent")
  .addEdge("final", END);

export const app = workflow.compile();
