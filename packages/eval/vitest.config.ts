import { defineProject } from 'vitest/config';

export default defineProject({
  resolve: { conditions: ['@agentspec/source'] },
  test: { name: '@agentspec/eval', testTimeout: 60_000, hookTimeout: 60_000, include: ['tests/**/*.test.ts'] },
});
