// A multi-agent network written by hand (the style of LangGraph.js's
// "How to implement handoffs between agents" and its travel-assistant
// example): two prebuilt agents as nodes of one graph, each with a handoff
// tool that returns a Command going to the other agent in the parent graph.
import { ChatOpenAI } from "@langchain/openai";
import { ToolMessage } from "@langchain/core/messages";
import { tool } from "@langchain/core/tools";
import { Command, getCurrentTaskInput, MessagesAnnotation, StateGraph } from "@langchain/langgraph";
import { createReactAgent } from "@langchain/langgraph/prebuilt";
import { z } from "zod";

const model = new ChatOpenAI({ model: "gpt-4o-mini" });

// A tool that hands the conversation over to another agent of the graph
const makeHandoffTool = ({ agentName, description }: { agentName: string; description: string }) => {
  const toolName = `transfer_to_${agentName}`;
  return tool(async (_, config) => {
    const toolMessage = new ToolMessage({
      content: `Successfully transferred to ${agentName}`,
      name: toolName,
      tool_call_id: config.toolCall.id,
    });
    // inject the current agent's message history into the next agent's
    const state = getCurrentTaskInput() as typeof MessagesAnnotation.State;
    return new Command({
      goto: agentName,
      graph: Command.PARENT,
      update: { messages: state.messages.concat(toolMessage) },
    });
  }, {
    name: toolName,
    schema: z.object({}),
    description,
  });
};

const getTravelRecommendations = tool(async () => {
  return ["aruba", "turks and caicos"][0]!;
}, {
  name: "get_travel_recommendations",
  description: "Get recommendation for travel destinations",
  schema: z.object({}),
});

const getHotelRecommendations = tool(async (input) => {
  const hotels: Record<string, string[]> = {
    aruba: ["The Ritz-Carlton, Aruba (Palm Beach)", "Bucuti & Tara Beach Resort (Eagle Beach)"],
    "turks and caicos": ["Grace Bay Club", "COMO Parrot Cay"],
  };
  return JSON.stringify(hotels[input.location]);
}, {
  name: "get_hotel_recommendations",
  description: "Get hotel recommendations for a given destination.",
  schema: z.object({ location: z.enum(["aruba", "turks and caicos"]) }),
});

const travelAdvisor = createReactAgent({
  llm: model,
  tools: [getTravelRecommendations, makeHandoffTool({ agentName: "hotel_advisor", description: "Hotel advisor: recommends hotels." })],
  prompt: "You are a general travel expert that can recommend travel destinations (e.g. countries, cities, etc). If you need hotel recommendations, ask 'hotel_advisor' for help.",
});

const hotelAdvisor = createReactAgent({
  llm: model,
  tools: [getHotelRecommendations, makeHandoffTool({ agentName: "travel_advisor", description: "Travel advisor: recommends destinations." })],
  prompt: "You are a hotel expert that can provide hotel recommendations for a given destination. If you need help picking travel destinations, ask 'travel_advisor' for help.",
});

export const graph = new StateGraph(MessagesAnnotation)
  .addNode("travel_advisor", travelAdvisor, { ends: ["hotel_advisor"] })
  .addNode("hotel_advisor", hotelAdvisor, { ends: ["travel_advisor"] })
  .addEdge("__start__", "travel_advisor")
  .compile();
