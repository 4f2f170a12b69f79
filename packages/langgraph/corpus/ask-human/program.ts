// An agent that can ask the user (the style of "How to wait for user input",
// agent part): the model calls an askHuman tool, the askHuman node waits with
// interrupt() and answers the call with what the user said.
import type { AIMessage} from "@langchain/core/messages";
import { ToolMessage } from "@langchain/core/messages";
import { tool } from "@langchain/core/tools";
import { ChatOpenAI } from "@langchain/openai";
import { END, MemorySaver, MessagesAnnotation, START, StateGraph, interrupt } from "@langchain/langgraph";
import { ToolNode } from "@langchain/langgraph/prebuilt";
import { z } from "zod";

const forecast = tool((input) => {
  return `Rain all day in ${input.city}.`;
}, {
  name: "forecast",
  description: "Get tomorrow's forecast for a city.",
  schema: z.object({ city: z.string() }),
});

const tools = [forecast];
const toolNode = new ToolNode<typeof MessagesAnnotation.State>(tools);

const askHumanTool = tool((_) => {
  return "The human said XYZ";
}, {
  name: "askHuman",
  description: "Ask the human for input.",
  schema: z.string(),
});

const model = new ChatOpenAI({ model: "gpt-4o-mini", temperature: 0 });
const modelWithTools = model.bindTools([...tools, askHumanTool]);

// Define the function that determines whether to continue or not
function shouldContinue(state: typeof MessagesAnnotation.State): "action" | "askHuman" | typeof END {
  const lastMessage = state.messages[state.messages.length - 1] as AIMessage;
  // If there is no function call, then we finish
  if (lastMessage && !lastMessage.tool_calls?.length) {
    return END;
  }
  // If tool call is askHuman, we return that node
  if (lastMessage.tool_calls?.[0]?.name === "askHuman") {
    return "askHuman";
  }
  // Otherwise if it isn't, we continue with the action node
  return "action";
}

// Define the function that calls the model
async function callModel(state: typeof MessagesAnnotation.State): Promise<Partial<typeof MessagesAnnotation.State>> {
  const response = await modelWithTools.invoke(state.messages);
  return { messages: [response] };
}

// We define a fake node to ask the human
function askHuman(state: typeof MessagesAnnotation.State): Partial<typeof MessagesAnnotation.State> {
  const lastMessage = state.messages[state.messages.length - 1] as AIMessage;
  const toolCallId = lastMessage.tool_calls?.[0]?.id;
  const location: string = interrupt("Please provide your location:");
  const newToolMessage = new ToolMessage({
    tool_call_id: toolCallId!,
    content: location,
  });
  return { messages: [newToolMessage] };
}

// Define a new graph
const messagesWorkflow = new StateGraph(MessagesAnnotation)
  .addNode("agent", callModel)
  .addNode("action", toolNode)
  .addNode("askHuman", askHuman)
  .addConditionalEdges("agent", shouldContinue)
  .addEdge("action", "agent")
  .addEdge("askHuman", "agent")
  .addEdge(START, "agent");

export const messagesApp = messagesWorkflow.compile({
  checkpointer: new MemorySaver(),
});
