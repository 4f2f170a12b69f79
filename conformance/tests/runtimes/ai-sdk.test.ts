// Every conformance case on the AI SDK runtime, one vitest test per case.
import { aiSdkRuntime } from '@agentspec/ai-sdk';
import { describeConformance } from '../../src/index.js';

await describeConformance(() => aiSdkRuntime());
