#!/usr/bin/env bash
# From a fresh clone: install everything the tests need, then run the whole gate.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-system-deps.sh
npm ci --no-audit --no-fund
npm run gate
