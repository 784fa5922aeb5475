# Sourced by test.sh before ensure-pnpm.sh: the Debian programs the tests drive, installed with one
# apt-get for all that are missing (no browser or server downloads here): Chromium's headless shell
# for the browser tests (decision 124), OpenSSH's server for the SFTP backup target, nginx and Caddy
# for the reverse proxy recipes (deploy/). The apt-get runs in the background while pnpm installs; test.sh waits for it with
# debian_packages_ready before the first check.
CHROMIUM_PATH="${CHROMIUM_PATH:-/usr/bin/chromium-headless-shell}"
export CHROMIUM_PATH
debian_missing=()
[ -x "$CHROMIUM_PATH" ] || debian_missing+=(chromium-headless-shell)
# The full browser is for the benchmark's Lighthouse rows (pnpm bench), which measure what a
# visitor's browser does.
[ -x /usr/bin/chromium ] || debian_missing+=(chromium)
[ -x /usr/sbin/sshd ] || debian_missing+=(openssh-server)
[ -x /usr/sbin/nginx ] || debian_missing+=(nginx)
[ -x /usr/bin/caddy ] || debian_missing+=(caddy)
debian_install=""

install_debian_packages() {
  # Installing must not start them as services: the tests start their own, on free ports.
  local policy=/usr/sbin/policy-rc.d made_policy=0 status=0
  if [ ! -e "$policy" ]; then
    printf '#!/bin/sh\nexit 101\n' >"$policy"
    chmod +x "$policy"
    made_policy=1
  fi
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" >/dev/null ||
    status=$?
  if [ "$made_policy" = 1 ]; then rm -f "$policy"; fi
  return "$status"
}

if [ "${#debian_missing[@]}" -gt 0 ]; then
  if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
    echo "Installing Debian's ${debian_missing[*]} for the tests (in the background)..."
    install_debian_packages "${debian_missing[@]}" &
    debian_install=$!
  else
    echo "The tests need Debian's ${debian_missing[*]}. Install them with: sudo apt-get install -y ${debian_missing[*]}" >&2
    echo "(or set CHROMIUM_PATH to a Chromium binary)." >&2
    exit 1
  fi
fi

debian_packages_ready() {
  if [ -n "$debian_install" ] && ! wait "$debian_install"; then
    echo "Installing Debian's ${debian_missing[*]} failed." >&2
    exit 1
  fi
}
