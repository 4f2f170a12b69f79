import { defineConfig } from 'vitest/config';

// One root config; each package is a project so `pnpm test` runs everything
// and `pnpm test --project @agentspec/core` runs one package.
export default defineConfig({
  resolve: { conditions: ['@agentspec/source'] },
  ssr: { resolve: { conditions: ['@agentspec/source'] } },
  test: {
    projects: ['packages/*', 'conformance', 'benchmarks'],
    testTimeout: 30_000, hookTimeout: 60_000,
  },
});
