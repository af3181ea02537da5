#!/usr/bin/env bash
# `npm start`: installs what is missing (no browser: the page is for your own), builds the
# wasm package, then serves the demo page with the Vite dev server and prints its URL.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
bash scripts/bootstrap.sh --no-browser
bash scripts/build.sh
exec node scripts/serve-www.mjs
