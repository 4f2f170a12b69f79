// Fan out, fan in (the style of "How to create branches for parallel node
// execution"): a node fans out to two nodes, both feed one node, and a
// reducer gathers what each adds.
import { END, START, StateGraph, Annotation } from "@langchain/langgraph";

const StateAnnotation = Annotation.Root({
  log: Annotation<string[]>({
    reducer: (x, y) => x.concat(y),
  }),
  order: Annotation<string>,
});

// Create the graph
const receive = (state: typeof StateAnnotation.State) => {
  return { log: [`received ${state.order}`] };
};
const checkStock = (_state: typeof StateAnnotation.State) => {
  return { log: ["stock checked"] };
};
const checkPayment = (_state: typeof StateAnnotation.State) => {
  return { log: ["payment checked"] };
};
const confirm = (state: typeof StateAnnotation.State) => {
  return { log: [`confirmed after ${state.log.length} steps`] };
};

const builder = new StateGraph(StateAnnotation)
  .addNode("receive", receive)
  .addEdge(START, "receive")
  .addNode("checkStock", checkStock)
  .addNode("checkPayment", checkPayment)
  .addNode("confirm", confirm)
  .addEdge("receive", "checkStock")
  .addEdge("receive", "checkPayment")
  .addEdge("checkStock", "confirm")
  .addEdge("checkPayment", "confirm")
  .addEdge("confirm", END);

export const graph = builder.compile();
