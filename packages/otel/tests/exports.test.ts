import { expect, it } from 'vitest';
import * as api from '../src/index.js';

it('exports exactly the documented API', () => {
  expect(Object.keys(api).sort()).toEqual([
    'GEN_AI', 'GEN_AI_OPERATION', 'OPENINFERENCE', 'OtelSpanWriter', 'PROVIDER_BY_CONFIG', 'TOOL_TYPE',
    'exportTraces', 'genAiMessage', 'hrTime', 'otelListener', 'otlpTracesUrl', 'otlpTracing', 'outputMessages',
    'spanEnd', 'spanEvent', 'spanStart', 'splitPrompt', 'tokenUsage', 'toolCallParts', 'writeTraces',
  ]);
});
