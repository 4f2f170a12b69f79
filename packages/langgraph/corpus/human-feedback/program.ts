// Wait for user input (the style of LangGraph.js's "How to wait for user input"):
// a node drafts a headline with the model, a node asks a person for feedback
// with interrupt(), a last node puts both together.
import { ChatOpenAI } from "@langchain/openai";
import { Annotation, END, interrupt, MemorySaver, START, StateGraph } from "@langchain/langgraph";

const model = new ChatOpenAI({ model: "gpt-4o-mini", temperature: 0 });

const StateAnnotation = Annotation.Root({
  topic: Annotation<string>,
  draft: Annotation<string>,
  feedback: Annotation<string>,
  headline: Annotation<string>,
});

const writeDraft = async (state: typeof StateAnnotation.State) => {
  const response = await model.invoke(`Write a one-line headline about ${state.topic}.`);
  return { draft: response.content as string };
};

const humanFeedback = (_state: typeof StateAnnotation.State) => {
  const feedback: string = interrupt("Please review the draft headline");
  return { feedback };
};

const finalize = (state: typeof StateAnnotation.State) => {
  return { headline: `${state.draft} [reviewed: ${state.feedback}]` };
};

const builder = new StateGraph(StateAnnotation)
  .addNode("writeDraft", writeDraft)
  .addNode("humanFeedback", humanFeedback)
  .addNode("finalize", finalize)
  .addEdge(START, "writeDraft")
  .addEdge("writeDraft", "humanFeedback")
  .addEdge("humanFeedback", "finalize")
  .addEdge("finalize", END);

// Set up memory
const memory = new MemorySaver();

export const graph = builder.compile({ checkpointer: memory });
