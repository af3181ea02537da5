#!/usr/bin/env bash
# Builds the npm package in pkg/ (`npm run build`): three WebAssembly modules of the crate, each
# with its own cargo feature (Cargo.toml says what each holds):
#   rocada_bg.wasm         (`js-rules`)  the page's module: Chess, Clock, PGN
#   rocada_engine_bg.wasm  (`js-engine`) the engine's, loaded by `Engine.create()` only
#   rocada_uci_bg.wasm     (`uci`)       `npx rocada-uci`'s protocol, loaded by the bin only
# each cargo (profile `wasm`, wasm32, lib only) -> wasm-bindgen --target web -> wasm-opt -O3
# (npm binaryen; not the bin's), then copies README.md and the license files into pkg/ for
# `npm pack`, and prints the sizes raw and gzip -9. Skips wasm-bindgen and wasm-opt when
# cargo's output is unchanged.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

crate=rocada
start=$SECONDS

# Profile `wasm` is release (LTO, opt-level 3) with LLVM limits, given to the crate's own
# compile, where LTO optimizes the whole program: inlining threshold 5 (225 at opt-level 3) and
# no loop unrolling. Measured on the whole module: -10% raw, -8% gzip against plain release
# with threshold 50, and 2.7 KB gzip less again from 50 to 5, with perft and the engine's bench
# in wasm as fast (scripts/bench, section perft: the hot paths are `#[inline(always)]`; loops
# that matter, such as castling's two sides in movegen.rs, are written out by hand).
# `#[inline]` functions (much of std: iterators, Vec, str) get threshold 25, not LLVM's 325 for
# an inline hint: 5.8 KB gzip less; perft in wasm as fast, the engine's bench 1.9% more
# instructions (valgrind --tool=cachegrind on node --no-liftoff --single-threaded), not
# measurable in its nps on this machine. Rejected, for the engine's speed (same count):
# -unswitch-threshold=0 (-0.5 KB, +3.5%), -inline-call-penalty=5 (-0.5 KB, +15%).
# The flags go to every crate of the workspace (the rules, game and engine crates are compiled
# separately and joined by LTO; flags after `cargo rustc --` would reach the root crate only:
# 408,528 B raw instead of 356 KB), through the target's RUSTFLAGS.
# --remap-path-prefix: the file names in panic locations (a bug's message) are the crate's
# folder and file (`rules/notation/san.rs`), not the workspace path (-20 B gzip).
# --no-default-features, then each module's features: the learned evaluation (`nnue`) is in
# the engine's and the bin's modules, not in the page's, which does not search.
flags="-C llvm-args=-inline-threshold=5 -C llvm-args=-inlinehint-threshold=25 -C llvm-args=-unroll-threshold=0"
flags="$flags --remap-path-prefix=src/rules/src=rules --remap-path-prefix=src/game/src=game --remap-path-prefix=src/engine/src=engine"
opt_flags=(-O3 --converge --low-memory-unused --one-caller-inline-max-function-size 20 --strip-producers --strip-target-features)

# build_module NAME FEATURES [opt] [RUSTFLAGS] [GLUE]: cargo into target/NAME (its own
# directory, so that the builds do not evict each other), wasm-bindgen into pkg/NAME.js +
# NAME_bg.wasm, and wasm-opt when `opt` is given (the pages' modules; the bin's is an npm
# download, not a page's). GLUE: the module whose glue (pkg/GLUE.js) instantiates this one:
# wasm-bindgen names it (the .wasm imports from `./GLUE_bg.js`), and its glue must come out the
# same as GLUE's, which is checked; then only the .wasm goes to pkg/.
build_module() {
  local name=$1 features=$2 opt=${3:-} extra=${4:-} glue=${5:-$1}
  local wasm_in="target/$name/wasm32-unknown-unknown/wasm/$crate.wasm"
  local wasm_out="pkg/${name}_bg.wasm"
  local stamp="target/$name.stamp"
  CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUSTFLAGS="$flags $extra" \
    cargo rustc -p rocada --no-default-features --features "$features" --profile wasm --target wasm32-unknown-unknown --target-dir "target/$name" --lib
  # Everything that decides the generated files: cargo's output, the tools' versions and
  # wasm-opt's flags.
  local want
  want="$(sha256sum "$wasm_in" | cut -d' ' -f1) $(wasm-bindgen --version) ${opt:+binaryen-$(npx --no-install wasm-opt --version | head -n1) ${opt_flags[*]}}"
  if [ "$want" = "$(cat "$stamp" 2>/dev/null || true)" ] && [ -f "$wasm_out" ] && { [ "$glue" != "$name" ] || [ -f "pkg/$name.js" ]; }; then
    echo "build: $wasm_out unchanged"
    return
  fi
  rm -f "$stamp"
  rm -rf "target/$name/bindgen"
  if [ "$name" = "$crate" ]; then
    wasm-bindgen --target web --out-dir "target/$name/bindgen" "$wasm_in"
  else
    wasm-bindgen --target web --no-typescript --out-name "$glue" --out-dir "target/$name/bindgen" "$wasm_in"
  fi
  if [ "$glue" = "$name" ]; then
    cp "target/$name/bindgen/"* pkg/
  else
    if ! cmp -s "target/$name/bindgen/$glue.js" "target/$glue/bindgen/$glue.js"; then
      echo "build: $name's glue differs from $glue's: the two builds no longer share it" >&2
      return 1
    fi
    cp "target/$name/bindgen/${glue}_bg.wasm" "$wasm_out"
  fi
  if [ -n "$opt" ]; then
    # npm binaryen (132), not Debian's wasm-opt 108, which mis-writes wasm-bindgen's externref
    # table export. The features come from the module's target_features section, which is then
    # dropped from the output with the producers section (no runtime reads them; -200 B gzip).
    # --converge repeats -O3 while the module still shrinks: -270 B gzip, as fast (-Oz would
    # save 0.4 KB more but costs the engine 1.4% more instructions).
    # --low-memory-unused lets wasm-opt fold `load(p + c)`, c < 1024, into `load offset=c (p)`:
    # the two differ only when p + c wraps past 2^32, which no Rust pointer arithmetic does (an
    # object never ends past the last address; the stack at the bottom of memory is reached
    # through pointers that do not wrap). -0.8 KB gzip, -2.3 KB raw, and fewer instructions:
    # the engine's bench -2%, perft -0.4% (cachegrind as above).
    # --one-caller-inline-max-function-size 20: wasm-opt inlines a function that has one caller
    # only if it is that small (by default, whatever its size). Functions LLVM left out of line
    # stay so: +3.6 KB raw but -1.8 KB gzip (gzip finds more repeats among separate bodies than
    # in one merged body), as fast (engine's bench and perft 0.1-0.2% fewer instructions; the
    # API calls too). 0 to 50 give within 150 B of it. Not taken: -fimfs 10 (150 B less; it
    # limits the inlining of small functions with several callers, which the hot paths get).
    # No gain: --merge-similar-functions (+40 B gzip), --gufa, --zero-filled-memory (the memory
    # is the module's own, already known to start zeroed); talc's features disable-grow-in-place
    # and disable-realloc-in-place (-36 B and -13 B, for slower growing Vecs and Strings).
    npx --no-install wasm-opt "${opt_flags[@]}" "$wasm_out" -o "$wasm_out"
  fi
  echo "$want" > "$stamp"
}

build_module rocada js-rules opt
build_module rocada_engine js-engine,nnue opt
# The same with WebAssembly SIMD (simd128), which every current browser and Node have: the
# learned evaluation's vector loops then run 4 to 8 lanes at a time (1.45x the nodes per
# second with a 128-neuron net; the hand-written evaluation gains nothing). `Engine` loads it
# where `WebAssembly.validate` accepts a simd128 instruction, and the scalar module elsewhere;
# the two give the same search to the node. rocada_engine.js instantiates either.
build_module rocada_engine_simd js-engine,nnue opt "-C target-feature=+simd128" rocada_engine
# The protocol's module (`UciProtocol` and the engine it benches with) for pkg/bin only, with
# simd128 (Node has it) as the engine's module that its searches run in.
build_module rocada_uci uci "" "-C target-feature=+simd128"

# The page's and the engine's .wasm (both engines) inlined, deflated then base64 (pkg/index.js
# compiles the page's synchronously at import, `Engine.create()` imports an engine's), with fflate's
# inflateSync (pkg/inflate.js); `any` out of the generated .d.ts; no default .wasm address in
# the glue.
node scripts/finish-pkg.mjs pkg

# What `npm pack` ships besides the code (the repo root holds the originals).
for f in README.md LICENSE-MIT LICENSE-APACHE; do
  if [ -f "$f" ]; then cp "$f" "pkg/$f"; else echo "build: note: $f is missing at the repo root, not packed"; fi
done

for f in pkg/rocada_bg.wasm pkg/rocada_engine_bg.wasm pkg/rocada_engine_simd_bg.wasm; do
  raw=$(stat -c %s "$f")
  gz=$(gzip -9 -c "$f" | wc -c)
  printf 'build: %s %s bytes (%s KiB), gzip -9 %s bytes (%s KiB)\n' "$f" "$raw" "$(( (raw + 512) / 1024 ))" "$gz" "$(( (gz + 512) / 1024 ))"
done
echo "build: done in $(( SECONDS - start ))s"
