#!/usr/bin/env bash
# Install from the lockfile, then build, typecheck, lint and run every test.
# This is the README's test command and what CI runs (.ci/run).
set -euo pipefail
cd "$(dirname "$0")/.."
PNPM_VERSION=12.21.0
if ! command -v pnpm >/dev/null 2>&1 || [ "$(pnpm --version)" != "$PNPM_VERSION" ]; then
  npm install -g "pnpm@$PNPM_VERSION" >/dev/null
fi
# Native addons must build against this Node's headers, never downloaded ones.
if [ -d /usr/include/node ]; then export npm_config_nodedir=/usr; fi
pnpm install --frozen-lockfile
# A throwaway PostgreSQL server for the LangGraph checkpointer tests (installed from Debian's packages when absent).
AGENTSPEC_TEST_POSTGRES_URL="$(bash scripts/ensure-postgres.sh start)"
export AGENTSPEC_TEST_POSTGRES_URL
trap 'bash scripts/ensure-postgres.sh stop >/dev/null 2>&1 || true' EXIT
pnpm build
pnpm typecheck
pnpm lint
mkdir -p .reports
pnpm exec vitest run --reporter=default --reporter=json --outputFile.json=.reports/vitest.json
node scripts/summary.mjs .reports/vitest.json
