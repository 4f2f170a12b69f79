// Map-reduce with Send (the style of "How to create map-reduce branches for
// parallel execution"): the model lists a few aspects of a subject, a Send per
// aspect writes one fact about it, the facts are gathered by a reducer, and a
// last node picks the best one.
import { z } from "zod";
import { ChatOpenAI } from "@langchain/openai";
import { Annotation, END, Send, START, StateGraph } from "@langchain/langgraph";

const aspectsPrompt = "List two to four aspects of {subject}.";
const factPrompt = "Give one short fact about {aspect}.";
const bestFactPrompt = `Below are facts about {subject}. Return the index of the most surprising one.

{facts}`;

// Zod schemas for getting structured output from the LLM
const Aspects = z.object({ aspects: z.array(z.string()) });
const Fact = z.object({ fact: z.string() });
const BestFact = z.object({ id: z.number() });

const model = new ChatOpenAI({ model: "gpt-4o-mini", temperature: 0 });

// The overall state: a subject from the user, the aspects, and the facts
// gathered from every Send (the reducer concatenates them)
const OverallState = Annotation.Root({
  subject: Annotation<string>,
  aspects: Annotation<string[]>,
  facts: Annotation<string[]>({
    reducer: (state, update) => state.concat(update),
    default: () => [],
  }),
  bestFact: Annotation<string>,
});

// The state each Send gives the node that writes a fact
interface FactState {
  aspect: string;
}

const listAspects = async (state: typeof OverallState.State): Promise<Partial<typeof OverallState.State>> => {
  const prompt = aspectsPrompt.replace("{subject}", state.subject);
  const response = await model.withStructuredOutput(Aspects, { name: "aspects" }).invoke(prompt);
  return { aspects: response.aspects };
};

const writeFact = async (state: FactState): Promise<{ facts: string[] }> => {
  const prompt = factPrompt.replace("{aspect}", state.aspect);
  const response = await model.withStructuredOutput(Fact, { name: "fact" }).invoke(prompt);
  return { facts: [response.fact] };
};

// Map out over the aspects: one Send per aspect
const continueToFacts = (state: typeof OverallState.State) => {
  return state.aspects.map((aspect) => new Send("writeFact", { aspect }));
};

const pickBest = async (state: typeof OverallState.State): Promise<Partial<typeof OverallState.State>> => {
  const prompt = bestFactPrompt.replace("{subject}", state.subject).replace("{facts}", state.facts.join("\n\n"));
  const response = await model.withStructuredOutput(BestFact, { name: "best_fact" }).invoke(prompt);
  return { bestFact: state.facts[response.id] };
};

const graph = new StateGraph(OverallState)
  .addNode("listAspects", listAspects)
  .addNode("writeFact", writeFact)
  .addNode("pickBest", pickBest)
  .addEdge(START, "listAspects")
  .addConditionalEdges("listAspects", continueToFacts)
  .addEdge("writeFact", "pickBest")
  .addEdge("pickBest", END);

export const app = graph.compile();
