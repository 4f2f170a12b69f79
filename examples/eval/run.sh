#!/usr/bin/env bash
# The three bundled evals, offline (scripted LLM), on all five runtimes:
#   bash examples/eval/run.sh            → examples/eval/out/<name>/report.html
# Needs a build of agentspec-ts (source scripts/toolchain.sh && pnpm install && pnpm build).
set -euo pipefail
cd "$(dirname "$0")/../.."
OUT=examples/eval/out
for name in qa text-to-sql customer-service; do
  echo "== $name"
  node packages/cli/dist/bin.js eval "examples/eval/$name/eval.yaml" --out "$OUT/$name" --fresh "$@"
done
echo
echo "open the reports:"
for name in qa text-to-sql customer-service; do echo "  $OUT/$name/report.html"; done
