// This example runs inside the repository without installing anything: it takes
// LangGraph from where @agentspec/langgraph has it. In your project, import
// from '@langchain/langgraph' instead.
export * from '../../../packages/langgraph/node_modules/@langchain/langgraph/dist/index.js';
