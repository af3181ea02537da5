#!/usr/bin/env bash
# Installs everything the build and the tests need, and nothing that is already there
# (idempotent; about 10 minutes on a fresh machine, a second when all is present):
#   - the wasm32-unknown-unknown Rust target;
#   - wasm-bindgen-cli, at exactly the version Cargo.toml pins for the wasm-bindgen crate;
#   - Debian's chromium and chromium-driver (headless browser tests), unless --no-browser;
#   - the npm workspace (`npm ci`) when node_modules is older than package-lock.json;
#   - python-chess (pip), for test/uci_python.py, when that version is not importable.
# Usage: scripts/bootstrap.sh [--no-browser]
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

browser=1
for arg in "$@"; do
  case "$arg" in
    --no-browser) browser=0 ;;
    *) echo "bootstrap: unknown argument $arg" >&2; exit 2 ;;
  esac
done

say() { echo "bootstrap: $*"; }
# cargo executes the wasm32 test runner directly (.cargo/config.toml): it must be executable
# even in a checkout that lost the mode bits.
[ -x scripts/wasm-test-runner.sh ] || chmod +x scripts/wasm-test-runner.sh
as_root() { if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi; }

# Node: Vite 8 needs ^20.19 or >= 22.12.
node_version="$(node --version 2>/dev/null || echo none)"
case "$node_version" in
  v20.19.* | v20.[2-9][0-9].* | v22.1[2-9].* | v22.[2-9][0-9].* | v2[3-9].* | v[3-9][0-9].*) ;;
  *) echo "bootstrap: Node.js ^20.19 or >= 22.12 is required (found $node_version)" >&2; exit 1 ;;
esac

if ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
  say "adding the wasm32-unknown-unknown target"
  rustup target add wasm32-unknown-unknown
fi

if ! rustup component list --installed | grep -q '^rustfmt'; then
  say "adding the rustfmt component"
  rustup component add rustfmt
fi

# The CLI must match the wasm-bindgen crate exactly (Cargo.toml pins it with `=`).
wb="$(sed -n 's/^wasm-bindgen *= *"=\([0-9.]*\)".*/\1/p' Cargo.toml | head -n1)"
[ -n "$wb" ] || { echo "bootstrap: no exact wasm-bindgen pin (\"=x.y.z\") in Cargo.toml" >&2; exit 1; }
if [ "$(wasm-bindgen --version 2>/dev/null)" != "wasm-bindgen $wb" ] \
  || [ "$(wasm-bindgen-test-runner --version 2>/dev/null)" != "wasm-bindgen-test-runner $wb" ]; then
  say "installing wasm-bindgen-cli $wb (a few minutes)"
  # No --locked: the CLI's lock file names a crate version the registry no longer serves.
  cargo install wasm-bindgen-cli --version "$wb" --force
fi

if [ "$browser" = 1 ] && { ! command -v chromium >/dev/null || ! command -v chromedriver >/dev/null; }; then
  say "installing chromium and chromium-driver (apt)"
  as_root apt-get update -qq
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends chromium chromium-driver
fi

# npm ci rewrites node_modules (and its .package-lock.json) from package-lock.json.
if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ] \
  || [ package.json -nt node_modules/.package-lock.json ] || [ pkg/package.json -nt node_modules/.package-lock.json ] \
  || [ www/package.json -nt node_modules/.package-lock.json ]; then
  say "npm ci"
  npm ci --no-audit --no-fund
fi

# python-chess drives rocada-uci as a real UCI client does (test/uci_python.py).
python_chess=1.11.2
if ! python3 -c "import sys, chess; sys.exit(chess.__version__ != '$python_chess')" 2>/dev/null; then
  say "installing python-chess $python_chess (pip)"
  python3 -m pip install --quiet --disable-pip-version-check "chess==$python_chess"
fi

say "ready"
