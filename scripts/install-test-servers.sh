#!/usr/bin/env bash
# Installs, with apt-get on Debian, the servers the test suite starts for itself: PostgreSQL,
# Chromium (with fonts for its screenshots), Redis and Dovecot (IMAP and LMTP, for e-mail). Only what is missing is installed; run as
# root (or with sudo). `.ci/run` calls it first; on a fresh machine it is the one set-up step.
# With --cluster it adds HAProxy, for `npm run cluster` and the cluster benchmarks.
set -euo pipefail

cluster=0
if [[ "${1:-}" == "--cluster" ]]; then
  cluster=1
fi

export DEBIAN_FRONTEND=noninteractive

packages=()
if ! compgen -G '/usr/lib/postgresql/*/bin/initdb' >/dev/null; then
  echo "PostgreSQL server binaries not found under /usr/lib/postgresql/*/bin"
  packages+=(postgresql postgresql-contrib)
fi
if [[ ! -x /usr/bin/chromium ]]; then
  echo "Chromium not found at /usr/bin/chromium"
  packages+=(chromium fonts-liberation)
fi
if [[ ! -x /usr/bin/redis-server ]]; then
  echo "Redis not found at /usr/bin/redis-server"
  packages+=(redis-server)
fi

if [[ ! -x /usr/sbin/dovecot || ! -x /usr/lib/dovecot/imap || ! -x /usr/lib/dovecot/lmtp ]]; then
  echo "Dovecot (IMAP and LMTP) not found under /usr/sbin and /usr/lib/dovecot"
  packages+=(dovecot-imapd dovecot-lmtpd)
fi

if ((cluster)) && [[ ! -x /usr/sbin/haproxy ]]; then
  echo "HAProxy not found at /usr/sbin/haproxy"
  packages+=(haproxy)
fi

if ((${#packages[@]} == 0)); then
  echo "PostgreSQL, Chromium, Redis and Dovecot already installed; skipping apt-get"
  exit 0
fi

echo "installing with apt-get: ${packages[*]}"
apt-get update </dev/null
apt-get install -y --no-install-recommends "${packages[@]}" </dev/null
# Debian starts Redis and Dovecot as services where it can; the tests start their own on free
# ports.
for service in redis-server dovecot; do
  if command -v systemctl >/dev/null 2>&1 && systemctl is-active --quiet "$service" 2>/dev/null; then
    systemctl stop "$service" || true
  fi
done
