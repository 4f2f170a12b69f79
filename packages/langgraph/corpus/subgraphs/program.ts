// Subgraphs (the style of "How to add and use subgraphs"): one subgraph shares
// state keys with its parent and is added as a node; another has a schema of
// its own and is invoked inside a node function that maps the state in and out.
import { Annotation, StateGraph } from "@langchain/langgraph";

// A subgraph sharing the key `text` with the parent
const CleanupAnnotation = Annotation.Root({
  text: Annotation<string>,
  words: Annotation<number>,
});

const trimSpaces = async (state: typeof CleanupAnnotation.State) => {
  return { text: state.text.trim().replace(/\s+/g, " ") };
};

const countWords = async (state: typeof CleanupAnnotation.State) => {
  return { words: state.text.split(" ").length };
};

const cleanup = new StateGraph(CleanupAnnotation)
  .addNode("trimSpaces", trimSpaces)
  .addNode("countWords", countWords)
  .addEdge("__start__", "trimSpaces")
  .addEdge("trimSpaces", "countWords")
  .compile();

// A subgraph with keys of its own, called from a node function
const ShoutAnnotation = Annotation.Root({
  input: Annotation<string>,
  output: Annotation<string>,
});

const shout = new StateGraph(ShoutAnnotation)
  .addNode("upper", async (state: typeof ShoutAnnotation.State) => ({ output: `${state.input.toUpperCase()}!` }))
  .addEdge("__start__", "upper")
  .compile();

// Define parent graph
const ParentAnnotation = Annotation.Root({
  text: Annotation<string>,
  words: Annotation<number>,
  title: Annotation<string>,
});

const makeTitle = async (state: typeof ParentAnnotation.State) => {
  const response = await shout.invoke({ input: state.text.split(" ").slice(0, 3).join(" ") });
  return { title: response.output };
};

export const graph = new StateGraph(ParentAnnotation)
  // the compiled subgraph as a node of the parent graph
  .addNode("cleanup", cleanup)
  .addNode("makeTitle", makeTitle)
  .addEdge("__start__", "cleanup")
  .addEdge("cleanup", "makeTitle")
  .compile();
