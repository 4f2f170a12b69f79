import { defineProject } from 'vitest/config';

export default defineProject({
  resolve: { conditions: ['@agentspec/source'] },
  ssr: { resolve: { conditions: ['@agentspec/source'] } },
  test: {
    name: '@agentspec/langgraph',
    testTimeout: 30_000, hookTimeout: 60_000,
    include: ['tests/**/*.test.ts'],
    // a PostgreSQL server for the cross-process checkpointer tests (scripts/ensure-postgres.sh)
    globalSetup: ['tests/setup/postgres.ts'],
  },
});
