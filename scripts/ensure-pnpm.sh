# Sourced by start.sh and test.sh after ensure-node.sh: pnpm at the version package.json names,
# from the npm registry into .node/ (linked as .node/bin/pnpm) when the machine has no such pnpm;
# corepack cannot verify signatures against this registry mirror. Then the workspace's packages.
PNPM_VERSION="$(node -p 'require("./package.json").packageManager.split("@")[1]')"
if [ "$(pnpm --version 2>/dev/null)" != "$PNPM_VERSION" ]; then
  export PATH="$PWD/.node/bin:$PATH"
  hash -r
  if [ "$(pnpm --version 2>/dev/null)" != "$PNPM_VERSION" ]; then
    echo "Installing pnpm $PNPM_VERSION from the npm registry into .node/..."
    npm install --prefix .node/pnpm --no-save --no-package-lock --no-audit --no-fund --loglevel=error \
      "pnpm@$PNPM_VERSION" >/dev/null
    mkdir -p .node/bin
    ln -sf ../pnpm/node_modules/pnpm/bin/pnpm.cjs .node/bin/pnpm
    hash -r
  fi
fi
pnpm install --frozen-lockfile --prefer-offline
