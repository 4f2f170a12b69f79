#!/usr/bin/env bash
# Print a command exactly as README.md gives it: the first ```sh block after
# the paragraph that starts with **<label>** ("The main job", "All tests").
#   bash scripts/readme-command.sh "The main job"
set -euo pipefail
label="$1"
readme="${2:-$(dirname "$0")/../README.md}"
awk -v label="**$label**" '
  index($0, label) == 1 { found = 1; next }
  found && /^```sh$/ { inblock = 1; next }
  inblock && /^```$/ { exit }
  inblock { print }
' "$readme" | grep . || { echo "readme-command: no sh block after **$label** in $readme" >&2; exit 1; }
