#!/usr/bin/env bash
# Installs Debian's WebKitGTK WebDriver (with MiniBrowser) and Xvfb for the WebKit lane when they
# are missing (the engine of iPad Safari; browser downloads do not work on these machines).
set -euo pipefail
if ! command -v WebKitWebDriver >/dev/null 2>&1 || ! command -v Xvfb >/dev/null 2>&1; then
  echo "install-webkit: installing Debian webkit2gtk-driver and xvfb" >&2
  sudo_cmd=""
  [ "$(id -u)" -ne 0 ] && sudo_cmd="sudo"
  export DEBIAN_FRONTEND=noninteractive
  $sudo_cmd apt-get update -qq >&2
  $sudo_cmd apt-get install -y -qq webkit2gtk-driver xvfb >&2
fi
