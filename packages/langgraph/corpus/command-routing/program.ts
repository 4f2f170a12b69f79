// Control flow and state updates with Command (the style of "How to combine
// control flow and state updates with Command"): the triage node asks the model
// for a department and goes there with a Command; no edges between the nodes,
// `ends` tells LangGraph where it may go, and both departments end the run.
import { ChatOpenAI } from "@langchain/openai";
import { Annotation, Command, StateGraph } from "@langchain/langgraph";

const model = new ChatOpenAI({ model: "gpt-4o-mini", temperature: 0 });

// Define graph state
const StateAnnotation = Annotation.Root({
  ticket: Annotation<string>,
  department: Annotation<string>,
  reply: Annotation<string>,
});

// Define the nodes
const triage = async (state: typeof StateAnnotation.State) => {
  const response = await model.invoke(
    `Answer with one word, billing or shipping: which department handles "${state.ticket}"?`,
  );
  const department = String(response.content).trim().toLowerCase();
  // Command both updates the state and routes to the next node
  return new Command({
    update: { department },
    goto: department === "billing" ? "billingDesk" : "shippingDesk",
  });
};

const billingDesk = async (state: typeof StateAnnotation.State) => {
  return { reply: `Billing will look at "${state.ticket}" today.` };
};

const shippingDesk = async (state: typeof StateAnnotation.State) => {
  return { reply: `Shipping is tracking "${state.ticket}".` };
};

// NOTE: there are no edges between triage and the desks, and none after the desks
export const graph = new StateGraph(StateAnnotation)
  .addNode("triage", triage, {
    ends: ["billingDesk", "shippingDesk"],
  })
  .addNode("billingDesk", billingDesk)
  .addNode("shippingDesk", shippingDesk)
  .addEdge("__start__", "triage")
  .compile();
