#!/usr/bin/env bash
# `npm run bench`: builds what the benchmark needs, then prints the tables
# (scripts/bench/run.mjs). Only what is out of date is rebuilt.
#
#   BENCH_QUICK=1 npm run bench        # one ply less, 5 rounds: a fast pass
#   BENCH_ONLY=perft npm run bench     # sections (see scripts/bench/run.mjs)
#   BENCH_PEERS_ONLY=1 npm run bench   # build bench/ without Rocada (peers alone)
#   BENCH_NO_WASM_OPT=1 npm run bench  # skip wasm-opt on bench/pkg
#
# Builds: bench/ native release binary (rocada + shakmaty + cozy-chess); bench/ as wasm32
# cdylib -> wasm-bindgen --target experimental-nodejs-module -> wasm-opt -O3 into bench/pkg (gitignored);
# the shipped package pkg/ via scripts/build.sh (itself incremental).
set -euo pipefail
cd "$(dirname "$0")/.."

WB=0.2.130   # == wasm-bindgen pinned in bench/Cargo.toml (and Cargo.toml)
MANIFEST=bench/Cargo.toml
FEATURES=()
[ "${BENCH_PEERS_ONLY:-0}" = 1 ] && FEATURES=(--no-default-features)
step() { printf '[bench] %s\n' "$*" >&2; }

if [ "$(wasm-bindgen --version 2>/dev/null)" != "wasm-bindgen $WB" ]; then
  echo "bench: wasm-bindgen CLI $WB is needed: cargo install wasm-bindgen-cli --version $WB" >&2
  exit 1
fi
[ -d node_modules/chess.js ] && [ -d node_modules/chessops ] || npm ci --no-audit --no-fund

TARGET_DIR=$(cargo metadata --manifest-path "$MANIFEST" --format-version 1 --no-deps \
  | node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>console.log(JSON.parse(s).target_directory))')

step "cargo build --release (native bench binary)"
cargo build --release --manifest-path "$MANIFEST" --bin rocada-bench "${FEATURES[@]}"

step "cargo rustc --release --target wasm32-unknown-unknown (bench cdylib)"
cargo rustc --release --manifest-path "$MANIFEST" --target wasm32-unknown-unknown --lib \
  --crate-type cdylib "${FEATURES[@]}"
WASM="$TARGET_DIR/wasm32-unknown-unknown/release/rocada_bench.wasm"
OUT=bench/pkg/rocada_bench_bg.wasm
if [ ! "$OUT" -nt "$WASM" ]; then
  step "wasm-bindgen --target experimental-nodejs-module -> bench/pkg"
  wasm-bindgen --target experimental-nodejs-module --out-dir bench/pkg "$WASM"
  if [ "${BENCH_NO_WASM_OPT:-0}" != 1 ]; then
    step "wasm-opt -O3 (as for the shipped package)"
    npx --no-install wasm-opt -O3 "$OUT" -o "$OUT"
  fi
fi
# Rocada's wasm adapter imports hand-written JS modules of pkg/ (`raw_module`, e.g.
# chess_error.js); the bench glue imports them from beside itself.
# Either quote: wasm-bindgen writes `from './objects.js'` for named imports and
# `from "./read.js"` for namespace ones.
for m in $(grep -oE "from ['\"]\./[A-Za-z0-9_.-]+\.js['\"]" bench/pkg/rocada_bench.js | grep -oE "[A-Za-z0-9_.-]+\.js" | sort -u); do
  if [ -f "pkg/$m" ]; then cp -p "pkg/$m" "bench/pkg/$m"; fi
done

if [ "${BENCH_PEERS_ONLY:-0}" != 1 ]; then
  step "scripts/build.sh (the shipped package; a no-op when it is up to date)"
  bash scripts/build.sh >&2
fi

exec node scripts/bench/run.mjs --native "$TARGET_DIR/release/rocada-bench" "$@"
