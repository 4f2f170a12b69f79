import { defineProject } from 'vitest/config';

export default defineProject({
  resolve: { conditions: ['@agentspec/source'] },
  ssr: { resolve: { conditions: ['@agentspec/source'] } },
  test: { name: '@agentspec/conformance', include: ['tests/**/*.test.ts'] },
});
