#!/usr/bin/env bash
# Installs Debian's Chromium for the browser tests when it is missing (browser downloads do
# not work on these machines; the Debian package does).
set -euo pipefail
if [ ! -x /usr/bin/chromium ]; then
  echo "install-browsers: installing Debian chromium" >&2
  sudo_cmd=""
  [ "$(id -u)" -ne 0 ] && sudo_cmd="sudo"
  export DEBIAN_FRONTEND=noninteractive
  $sudo_cmd apt-get update -qq >&2
  $sudo_cmd apt-get install -y -qq chromium >&2
fi
