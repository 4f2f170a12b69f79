/**
 * The LangGraph types of compiled Agent Spec graphs. Their state keys come
 * from the spec (flow inputs and outputs), so they are typed as records.
 */
import type { AnnotationRoot, CompiledStateGraph, LangGraphRunnableConfig, StateDefinition, StateGraph } from '@langchain/langgraph';

export type GraphState = Record<string, unknown>;
export type GraphUpdate = Record<string, unknown>;

/** A StateGraph built from a spec. */
export type GraphBuilder = StateGraph<StateDefinition, GraphState, GraphUpdate, string>;
/** A compiled graph of a spec. */
export type LangGraph = CompiledStateGraph<GraphState, GraphUpdate, string>;
/** A node body as LangGraph calls it. */
export type NodeFn = (state: GraphState, config: LangGraphRunnableConfig) => Promise<GraphUpdate>;
/** The state schema, and the input and output schemas, of a graph. */
export interface GraphSchemas {
  readonly state: AnnotationRoot<StateDefinition>;
  readonly input: AnnotationRoot<StateDefinition>;
  readonly output: AnnotationRoot<StateDefinition>;
}
