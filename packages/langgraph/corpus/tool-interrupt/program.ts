// Human-in-the-loop inside a tool of the prebuilt agent (the style of the
// agents guide "Human-in-the-loop"): the tool pauses with interrupt() and goes
// on when a person accepts the call.
import { ChatOpenAI } from "@langchain/openai";
import { interrupt, MemorySaver } from "@langchain/langgraph";
import { createReactAgent } from "@langchain/langgraph/prebuilt";
import { tool } from "@langchain/core/tools";
import { z } from "zod";

// An example of a sensitive tool that requires human review / approval
const bookHotel = tool(
  async (input: { hotelName: string }) => {
    let hotelName = input.hotelName;
    const response = interrupt(
      `Trying to call \`book_hotel\` with args {'hotel_name': ${hotelName}}. ` +
      `Please approve or suggest edits.`
    );
    if (response.type === "accept") {
      // proceed to execute the tool logic
    } else if (response.type === "edit") {
      hotelName = response.args["hotel_name"];
    } else {
      throw new Error(`Unknown response type: ${response.type}`);
    }
    return `Successfully booked a stay at ${hotelName}.`;
  },
  {
    name: "bookHotel",
    schema: z.object({
      hotelName: z.string().describe("Hotel to book"),
    }),
    description: "Book a hotel.",
  }
);

const checkpointer = new MemorySaver();

const llm = new ChatOpenAI({ model: "gpt-4o-mini" });

export const agent = createReactAgent({
  llm,
  tools: [bookHotel],
  checkpointer,
});
