// Every conformance case on the Mastra runtime, one vitest test per case.
import { mastraRuntime } from '@agentspec/mastra';
import { describeConformance } from '../../src/index.js';

await describeConformance(() => mastraRuntime());
