# Sourced by test.sh: the Debian programs the tests drive, installed with one apt-get when any is
# missing (no browser or server downloads here): Chromium for the browser tests, OpenSSH's server
# for the SFTP backup target, nginx and Caddy for the reverse proxy recipes (deploy/).
CHROMIUM_PATH="${CHROMIUM_PATH:-/usr/bin/chromium}"
missing=()
[ -x "$CHROMIUM_PATH" ] || missing+=(chromium)
[ -x /usr/sbin/sshd ] || missing+=(openssh-server)
[ -x /usr/sbin/nginx ] || missing+=(nginx)
[ -x /usr/bin/caddy ] || missing+=(caddy)
if [ "${#missing[@]}" -gt 0 ]; then
  if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
    echo "Installing Debian's ${missing[*]} for the tests..."
    # Installing must not start them as services: the tests start their own, on free ports.
    policy=/usr/sbin/policy-rc.d
    made_policy=0
    if [ ! -e "$policy" ]; then
      printf '#!/bin/sh\nexit 101\n' >"$policy"
      chmod +x "$policy"
      made_policy=1
    fi
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
    if [ "$made_policy" = 1 ]; then rm -f "$policy"; fi
  else
    echo "The tests need Debian's ${missing[*]}. Install them with: sudo apt-get install -y ${missing[*]}" >&2
    echo "(or set CHROMIUM_PATH to a Chromium binary)." >&2
    exit 1
  fi
fi
export CHROMIUM_PATH
