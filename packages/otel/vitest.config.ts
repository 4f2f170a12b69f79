import { defineProject } from 'vitest/config';

export default defineProject({
  resolve: { conditions: ['@agentspec/source'] },
  test: { name: '@agentspec/otel', testTimeout: 30_000, hookTimeout: 60_000, include: ['tests/**/*.test.ts'] },
});
