#!/usr/bin/env bash
# Sets up and runs every test: install, then type-check, lint and build the production app for the
# browser tests side by side, then every Vitest project. Ends with the line "N passed, N failed".
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/ensure-node.sh
source scripts/ensure-debian-packages.sh
source scripts/ensure-pnpm.sh
debian_packages_ready

# The three checks read the sources and write nothing the others read (build writes dist/, which
# lint ignores): on two cores, side by side they take about half as long as one after another.
# Each one's output is shown whole when it ends, so that the lines of one do not cut another's.
logs="$(mktemp -d)"
check() {
  local name="$1"
  shift
  if "$@" >"$logs/$name.log" 2>&1; then
    echo "$name: passed"
  else
    cat "$logs/$name.log"
    echo "$name: failed" >&2
    return 1
  fi
}
check typecheck pnpm typecheck &
typecheck=$!
check lint pnpm lint &
lint=$!
check build pnpm build &
build=$!
failed=0
for job in "$typecheck" "$lint" "$build"; do wait "$job" || failed=1; done
rm -rf "$logs"
if [ "$failed" = 1 ]; then exit 1; fi

# Every test's files (databases, uploads, browser profiles) go to one folder in memory, removed when
# the run ends: each synced write (the database's synchronous=FULL commit) waited about 2.8 ms on
# this disk, and the API tests commit thousands of times (decision 124).
test_files="$(mktemp -d -p /dev/shm atlas-tests-XXXXXX 2>/dev/null || mktemp -d)"
trap 'rm -rf "$test_files"' EXIT
TMPDIR="$test_files" pnpm exec vitest run "$@"
