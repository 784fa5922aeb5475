#!/usr/bin/env bash
# Sets up and runs every test: install, type-check, lint, build the production app for the
# browser tests, then every Vitest project. Ends with the line "N passed, N failed".
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/ensure-node.sh
source scripts/ensure-pnpm.sh
source scripts/ensure-debian-packages.sh
pnpm typecheck
pnpm lint
pnpm build
pnpm exec vitest run "$@"
