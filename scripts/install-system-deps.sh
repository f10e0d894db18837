#!/usr/bin/env bash
# Installs what the tests need from Debian: Chromium (driven by Playwright) and ffmpeg/ffprobe
# (fixture media and checking output files). Never downloads a browser of its own.
set -euo pipefail
missing=()
command -v chromium >/dev/null 2>&1 || missing+=(chromium)
command -v ffmpeg >/dev/null 2>&1 && command -v ffprobe >/dev/null 2>&1 || missing+=(ffmpeg)
if [ ${#missing[@]} -eq 0 ]; then
  echo "system deps present: $(chromium --version 2>/dev/null | head -1); $(ffmpeg -version | head -1)"
  exit 0
fi
SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO="sudo"
echo "installing: ${missing[*]}"
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${missing[@]}" >/dev/null
