// createAgent with human-in-the-loop middleware (the style of LangChain v1's
// "Human-in-the-loop" guide): writing a file needs a person's approval,
// reading one does not.
import { createAgent, humanInTheLoopMiddleware, tool, type ReactAgent } from "langchain";
import { MemorySaver } from "@langchain/langgraph";
import { z } from "zod";

const files: Record<string, string> = { "notes.txt": "Buy milk" };

const readFile = tool(({ path }) => files[path] ?? `No file ${path}.`, {
  name: "read_file",
  description: "Read a file.",
  schema: z.object({ path: z.string() }),
});

const writeFile = tool(({ path, content }) => `Wrote ${content.length} characters to ${path}.`, {
  name: "write_file",
  description: "Write a file.",
  schema: z.object({ path: z.string(), content: z.string() }),
});

export const agent: ReactAgent = createAgent({
  model: "openai:gpt-4o-mini",
  tools: [readFile, writeFile],
  systemPrompt: "You keep the user's notes.",
  middleware: [
    humanInTheLoopMiddleware({
      interruptOn: {
        write_file: { allowedDecisions: ["approve", "reject"] },
        read_file: false,
      },
    }),
  ],
  checkpointer: new MemorySaver(),
});
