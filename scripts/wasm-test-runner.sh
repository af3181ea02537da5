#!/usr/bin/env bash
# Cargo's runner for wasm32 test binaries (.cargo/config.toml): wasm-bindgen-test-runner, plus
# the one thing it cannot do alone. src/wasm imports the hand-written pkg/chess_error.js and
# pkg/objects.js with `raw_module = "./chess_error.js"` (etc.), paths relative to the generated JS. The runner writes
# that JS to a fresh temporary directory, so:
#  - in headless browsers its server looks a file up in that directory, then in its working
#    directory: we run it from pkg/, so `/chess_error.js` is pkg/chess_error.js (same for
#    objects.js);
#  - in Node (tests configured with run_in_node_experimental, i.e. ES modules) a resolve hook
#    (scripts/wasm-test-resolve.mjs) sends `./chess_error.js` to pkg/chess_error.js (same for
#    any `./name.js` found in pkg/ and not beside the test JS).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
[ "$#" -ge 1 ] || { echo "usage: $0 TEST.wasm [ARGS...]" >&2; exit 2; }
wasm="$(realpath "$1")"; shift
export NODE_ARGS="${NODE_ARGS:+$NODE_ARGS,}--import=file://$root/scripts/wasm-test-register.mjs"
cd "$root/pkg"
exec wasm-bindgen-test-runner "$wasm" "$@"
