// Every conformance case on the langgraph runtime (@agentspec/langgraph), one vitest test per case.
import { langgraphRuntime } from '@agentspec/langgraph';
import { describeConformance } from '../../src/index.js';

await describeConformance(() => langgraphRuntime());
