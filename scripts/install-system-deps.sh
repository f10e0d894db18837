#!/usr/bin/env bash
# Installs what the tests need from Debian: Chromium and its headless shell (the tests drive the
# shell, the benchmark the full browser), Firefox ESR and
# WebKitGTK's WebDriver (the other engines' suite), Xvfb and PulseAudio (the screen and sound server
# those browsers need; the suite starts its own), ffmpeg/ffprobe (fixture media and checking output
# files), and redis-server, coturn and janus (the signaling tests start their own, on free loopback
# ports).
# Never downloads a browser of its own.
set -euo pipefail
missing=()
command -v chromium >/dev/null 2>&1 || missing+=(chromium)
[ -x /usr/lib/chromium/chromium-headless-shell ] || missing+=(chromium-headless-shell)
command -v ffmpeg >/dev/null 2>&1 && command -v ffprobe >/dev/null 2>&1 || missing+=(ffmpeg)
command -v redis-server >/dev/null 2>&1 || missing+=(redis-server)
command -v turnserver >/dev/null 2>&1 || missing+=(coturn)
command -v janus >/dev/null 2>&1 || missing+=(janus)
command -v firefox-esr >/dev/null 2>&1 || missing+=(firefox-esr)
command -v WebKitWebDriver >/dev/null 2>&1 || missing+=(webkit2gtk-driver)
command -v Xvfb >/dev/null 2>&1 || missing+=(xvfb xauth)
command -v pulseaudio >/dev/null 2>&1 || missing+=(pulseaudio)
if [ ${#missing[@]} -eq 0 ]; then
  echo "system deps present: $(chromium --version 2>/dev/null | head -1); $(ffmpeg -version | head -1); $(redis-server --version | head -1)"
  exit 0
fi
SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO="sudo"
echo "installing: ${missing[*]}"
$SUDO apt-get update -qq
# The packages' own services are not wanted: the tests start their own servers on free ports.
DEBIAN_FRONTEND=noninteractive RUNLEVEL=1 $SUDO apt-get install -y -qq "${missing[@]}" >/dev/null
