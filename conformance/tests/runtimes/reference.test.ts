// Every conformance case on the reference interpreter, one vitest test per case.
import { referenceRuntime } from '@agentspec/runtime';
import { describeConformance } from '../../src/index.js';

await describeConformance(() => referenceRuntime());
