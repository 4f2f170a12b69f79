#!/usr/bin/env bash
# The main job, offline (every LLM answer comes from the scripted server on
# loopback): install Node.js 22, pnpm and the lockfile, build, validate the
# example specs, run the one-spec-four-runtimes example on every registered
# runtime side by side, then run the whole conformance suite and print the
# matrix. This is the README's main-job command.
set -euo pipefail
shopt -s nullglob
cd "$(dirname "$0")/.."
source scripts/toolchain.sh
pnpm install --frozen-lockfile --reporter=silent
pnpm build --output-logs=errors-only >/dev/null
cli="node packages/cli/dist/bin.js"
example=examples/one-spec-four-runtimes
$cli validate examples/specs/*.yaml "$example/trip-planner.yaml" 2>&1
echo "== $example on every runtime (cities: Rome, Lisbon)"
echo "Rome, Lisbon" | $cli run "$example/trip-planner.yaml" --runtime all --offline "$example/llm.yaml" --tools "$example/tools.ts"
echo "== conformance matrix"
$cli conformance --report text
