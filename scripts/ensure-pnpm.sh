# Sourced by start.sh and test.sh: a fresh machine has Node and npm but not pnpm.
# corepack cannot verify signatures against this registry mirror, so npm installs pnpm.
PNPM_VERSION="10.34.9"
if ! command -v pnpm >/dev/null 2>&1 || [ "$(pnpm --version 2>/dev/null)" != "$PNPM_VERSION" ]; then
  echo "Installing pnpm $PNPM_VERSION with npm..."
  npm install -g "pnpm@$PNPM_VERSION" >/dev/null
fi
pnpm install --frozen-lockfile --prefer-offline
