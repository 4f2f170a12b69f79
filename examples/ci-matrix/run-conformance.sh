#!/usr/bin/env bash
# What the CI job runs: every case of ./conformance on the chosen runtimes,
# a JUnit report for the CI server, and an exit code that fails the job when a
# case fails (known gaps excepted).
set -euo pipefail
cd "$(dirname "$0")"
agentspec="${AGENTSPEC:-npx agentspec}"
mkdir -p reports
$agentspec conformance --cases conformance/cases --runtimes "${RUNTIMES:-reference}" --report junit --out reports/conformance.xml
$agentspec conformance --cases conformance/cases --runtimes "${RUNTIMES:-reference}" --report md --out reports/conformance.md
echo "JUnit report: reports/conformance.xml"
