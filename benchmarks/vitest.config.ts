import { defineProject } from 'vitest/config';

export default defineProject({
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source'] } },
  test: { name: '@agentspec/benchmarks', include: ['tests/**/*.test.ts'] },
});
