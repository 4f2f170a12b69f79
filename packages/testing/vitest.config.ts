import { defineProject } from 'vitest/config';

export default defineProject({
  resolve: { conditions: ['@agentspec/source'] },
  test: { name: '@agentspec/testing', include: ['tests/**/*.test.ts'] },
});
