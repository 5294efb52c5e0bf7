#!/usr/bin/env bash
# What the test suite needs besides node_modules, prepared in one place: `npm test` runs this first
# (pretest) and CI's .ci/run goes through the same `npm test`. A missing Debian package is
# installed when this runs as root; otherwise it stops with one line saying how to install it.
set -euo pipefail

# package → a command it provides
declare -A NEEDED=([chromium]=chromium [dovecot-imapd]=dovecot)

missing=()
for package in "${!NEEDED[@]}"; do
  command -v "${NEEDED[$package]}" >/dev/null 2>&1 || missing+=("$package")
done

if ((${#missing[@]})); then
  if [[ $(id -u) -eq 0 ]] && command -v apt-get >/dev/null 2>&1; then
    echo "prepare-tests: installing ${missing[*]}"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq >/dev/null
    apt-get install -y -qq "${missing[@]}" >/dev/null
  else
    echo "prepare-tests: missing ${missing[*]}; install with: sudo apt-get install -y ${missing[*]}" >&2
    exit 1
  fi
fi

# Connections: the lanes run side by side, and a lane may hold several servers' and kernels' pools
# at once (about 40 in the multi-process tests); PostgreSQL's default of 100 runs out at the peaks,
# and a test then fails with "sorry, too many clients already". The local cluster is given room for
# the run when this runs as root; otherwise the run is told how.
WANTED_CONNECTIONS=300
pg_url="${TEST_POSTGRES_URL:-postgresql://postgres@127.0.0.1:5432/postgres}"
if command -v psql >/dev/null 2>&1 && have="$(psql "$pg_url" -Atqc 'show max_connections' 2>/dev/null)"; then
  if ((have < WANTED_CONNECTIONS)); then
    if [[ $(id -u) -eq 0 && -z "${TEST_POSTGRES_URL:-}" ]] && command -v pg_ctlcluster >/dev/null 2>&1; then
      echo "prepare-tests: PostgreSQL takes $have connections; setting max_connections = $WANTED_CONNECTIONS and restarting it"
      psql "$pg_url" -Atqc "alter system set max_connections = $WANTED_CONNECTIONS" >/dev/null
      pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql)" main restart
      for _ in $(seq 1 30); do pg_isready -h 127.0.0.1 -p 5432 -q && break; sleep 1; done
    else
      echo "prepare-tests: PostgreSQL takes $have connections and the run's lanes may open up to $WANTED_CONNECTIONS; raise it with: psql -c 'alter system set max_connections = $WANTED_CONNECTIONS' and a restart of PostgreSQL" >&2
    fi
  fi
fi

# The direct session service's own dependencies (its Baileys engine), in its own folder.
bash "$(dirname "$0")/session-service-deps.sh"
