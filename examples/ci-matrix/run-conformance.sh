#!/usr/bin/env bash
# What the CI job runs: every case of ./conformance on the chosen runtimes,
# a JUnit report for the CI server and a Markdown matrix (one run, two
# reports), and an exit code that fails the job when a case fails (known gaps
# excepted).
#
# It runs the agentspec installed in this folder's node_modules
# (npm install ./packs/*.tgz, see README.md), or $AGENTSPEC when set. It never
# lets npx fetch the bare name: on the npm registry that is an unrelated package.
set -euo pipefail
cd "$(dirname "$0")"
if [ -z "${AGENTSPEC:-}" ] && [ ! -x node_modules/.bin/agentspec ]; then
  echo "run-conformance.sh: node_modules/.bin/agentspec not found: install @agentspec/cli first (npm install ./packs/*.tgz, see README.md), or set AGENTSPEC" >&2
  exit 2
fi
agentspec="${AGENTSPEC:-node_modules/.bin/agentspec}"
mkdir -p reports
$agentspec conformance --cases conformance/cases --runtimes "${RUNTIMES:-reference}" \
  --report junit:reports/conformance.xml --report md:reports/conformance.md
echo "JUnit report: reports/conformance.xml"
