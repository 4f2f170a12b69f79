import { defineConfig } from 'vitest/config';

// One root config; each package is a project so `pnpm test` runs everything
// and `pnpm test --project @agentspec/core` runs one package.
export default defineConfig({
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source'] } },
  test: {
    projects: ['packages/*', 'benchmarks'],
    testTimeout: 30_000,
  },
});
