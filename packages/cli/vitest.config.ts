import { defineProject } from 'vitest/config';

export default defineProject({
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source'] } },
  test: { name: '@agentspec/cli', include: ['tests/**/*.test.ts'] },
});
