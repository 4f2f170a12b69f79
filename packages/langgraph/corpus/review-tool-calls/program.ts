// Review tool calls (the style of LangGraph.js's "Review Tool Calls"): the
// model proposes a tool call, a review node waits for a person with interrupt()
// and goes on with a Command — run the tool, or send feedback to the model.
import type { AIMessage} from "@langchain/core/messages";
import { ToolMessage } from "@langchain/core/messages";
import { tool } from "@langchain/core/tools";
import { ChatOpenAI } from "@langchain/openai";
import { Command, END, interrupt, MemorySaver, MessagesAnnotation, START, StateGraph } from "@langchain/langgraph";
import { z } from "zod";

const bookTable = tool((input: { restaurant: string; people: number }) => {
  return `Booked a table for ${input.people} at ${input.restaurant}.`;
}, {
  name: "book_table",
  description: "Book a table at a restaurant",
  schema: z.object({ restaurant: z.string(), people: z.number() }),
});

const model = new ChatOpenAI({ model: "gpt-4o-mini", temperature: 0 }).bindTools([bookTable]);

const callLLM = async (state: typeof MessagesAnnotation.State) => {
  const response = await model.invoke(state.messages);
  return { messages: [response] };
};

const humanReviewNode = async (state: typeof MessagesAnnotation.State): Promise<Command> => {
  const lastMessage = state.messages[state.messages.length - 1] as AIMessage;
  const toolCall = lastMessage.tool_calls![lastMessage.tool_calls!.length - 1]!;

  const humanReview = interrupt<{ question: string; toolCall: typeof toolCall }, { action: string; data?: string }>({
    question: "Is this correct?",
    toolCall,
  });

  if (humanReview.action === "continue") {
    return new Command({ goto: "run_tool" });
  }
  if (humanReview.action === "feedback") {
    const toolMessage = new ToolMessage({
      name: toolCall.name,
      content: humanReview.data ?? "",
      tool_call_id: toolCall.id!,
    });
    return new Command({ goto: "call_llm", update: { messages: [toolMessage] } });
  }
  throw new Error("Invalid review action");
};

const runTool = async (state: typeof MessagesAnnotation.State) => {
  const newMessages: ToolMessage[] = [];
  const lastMessage = state.messages[state.messages.length - 1] as AIMessage;
  for (const toolCall of lastMessage.tool_calls!) {
    const result = await bookTable.invoke(toolCall.args as { restaurant: string; people: number });
    newMessages.push(new ToolMessage({ name: toolCall.name, content: result, tool_call_id: toolCall.id! }));
  }
  return { messages: newMessages };
};

const routeAfterLLM = (state: typeof MessagesAnnotation.State): typeof END | "human_review_node" => {
  const lastMessage = state.messages[state.messages.length - 1] as AIMessage;
  if (!lastMessage.tool_calls?.length) {
    return END;
  }
  return "human_review_node";
};

const workflow = new StateGraph(MessagesAnnotation)
  .addNode("call_llm", callLLM)
  .addNode("run_tool", runTool)
  .addNode("human_review_node", humanReviewNode, {
    ends: ["run_tool", "call_llm"],
  })
  .addEdge(START, "call_llm")
  .addConditionalEdges("call_llm", routeAfterLLM, ["human_review_node", END])
  .addEdge("run_tool", "call_llm");

export const graph = workflow.compile({ checkpointer: new MemorySaver() });
