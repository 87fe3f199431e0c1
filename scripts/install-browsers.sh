#!/usr/bin/env bash
# Installs Debian's Chromium and poppler-utils for the browser tests when they are missing
# (browser downloads do not work on these machines; the Debian packages do).
set -euo pipefail
if [ ! -x /usr/bin/chromium ]; then
  echo "install-browsers: installing Debian chromium" >&2
  sudo_cmd=""
  [ "$(id -u)" -ne 0 ] && sudo_cmd="sudo"
  export DEBIAN_FRONTEND=noninteractive
  $sudo_cmd apt-get update -qq >&2
  $sudo_cmd apt-get install -y -qq chromium >&2
fi
# pdftoppm and pdftotext: the browser tests render a downloaded feedback packet to read it.
if ! command -v pdftoppm >/dev/null 2>&1; then
  echo "install-browsers: installing Debian poppler-utils" >&2
  sudo_cmd=""
  [ "$(id -u)" -ne 0 ] && sudo_cmd="sudo"
  export DEBIAN_FRONTEND=noninteractive
  $sudo_cmd apt-get update -qq >&2
  $sudo_cmd apt-get install -y -qq poppler-utils >&2
fi
