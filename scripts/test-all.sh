#!/usr/bin/env bash
# Install from the lockfile, then build, typecheck, lint and run every test.
# This is the README's test command and what CI runs (.ci/run). It needs only
# npm on PATH: Node.js 22 and pnpm are installed into .tools/ from the npm
# registry by scripts/toolchain.sh.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/toolchain.sh
echo "test-all: node $(node --version), pnpm $(pnpm --version)"
pnpm install --frozen-lockfile
# A throwaway PostgreSQL server for the LangGraph checkpointer tests (installed from Debian's packages when absent).
AGENTSPEC_TEST_POSTGRES_URL="$(bash scripts/ensure-postgres.sh start)"
export AGENTSPEC_TEST_POSTGRES_URL
# A throwaway Redis server for the distributed eval tests (BullMQ workers; Debian's redis-server, installed when absent).
AGENTSPEC_TEST_REDIS_URL="$(bash scripts/ensure-redis.sh start)"
export AGENTSPEC_TEST_REDIS_URL
trap 'bash scripts/ensure-postgres.sh stop >/dev/null 2>&1 || true; bash scripts/ensure-redis.sh stop >/dev/null 2>&1 || true' EXIT
# Headless Chromium for the trace viewer's browser tests (Debian's chromium, installed when absent).
bash scripts/ensure-chromium.sh
pnpm build
pnpm typecheck
pnpm lint
# The install story: our packages packed, installed into a new project outside
# this workspace with npm, and the installed `agentspec` run there.
bash scripts/check-install.sh
# The benchmarks' quick run (~45 s): every ratio against its floor measured in
# the same run, exit 1 when one misses its target by more than 2× (a regression,
# not noise; benchmarks/README.md). Before the tests, on a quiet machine.
pnpm bench:quick
mkdir -p .reports
pnpm exec vitest run --reporter=default --reporter=json --outputFile.json=.reports/vitest.json
node scripts/summary.mjs .reports/vitest.json
