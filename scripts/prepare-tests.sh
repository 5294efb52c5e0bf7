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
