#!/usr/bin/env bash
# Everything CI checks (`npm test`, called by .ci/run), in this order:
#   1. scripts/bootstrap.sh (installs what is missing)
#   2. formatting: cargo fmt --check (rustfmt.toml), the workspace and fuzz/
#   3. native Rust tests: cargo test --release (unit, integration tests/*.rs, doctests), then
#      the development tools' (bench/: rocada-datagen's records, rocada-train's net and trainer)
#   4. scripts/build.sh (the npm package in pkg/)
#   5. wasm tests through wasm-bindgen-test: tests/wasm_node.rs in Node, tests/wasm_browser.rs
#      in headless Chromium
#   6. JS tests: node --test test/*.test.mjs (the packed tarball installed into a scratch app;
#      the demo page in Chromium)
#   7. the demo page: tsc --noEmit and vite build
#   8. UCI through python-chess: test/uci_python.py against the native rocada-uci (release
#      build) and npx rocada-uci's script over pkg/ (its "test result:" line is counted)
#   9. the measuring scripts (scripts/match/: match.py, combine.py, pgnstats.py, tactics.py):
#      test/match_scripts.py, with the native rocada-uci on both sides (counted the same way)
#  10. the learned evaluation's Python tools (bench/tune/relabel.py): test/bench_tools.py
#      (Stockfish's part counted as ignored where there is no Stockfish)
# A failing test step does not stop the later ones; a failing bootstrap or build does. The last
# line is "N passed, N failed" (cargo and node tests counted one by one, tsc and vite build as
# one check each, as is formatting); the exit status is 1 if anything failed.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

logs="$(mktemp -d)"
trap 'rm -rf "$logs"' EXIT
passed=0
failed=0
skipped=0
failed_steps=()
started=$SECONDS

summary() {
  echo
  echo "== summary ($(( SECONDS - started ))s)"
  if [ "${#failed_steps[@]}" -gt 0 ]; then echo "failed steps: ${failed_steps[*]}"; fi
  if [ "$skipped" -gt 0 ]; then
    echo "$passed passed, $failed failed, $skipped skipped"
  else
    echo "$passed passed, $failed failed"
  fi
}

# Adds the counts of cargo's "test result:" lines or node's "ℹ pass N" lines in a log.
count() { # kind log -> "passed failed skipped"
  case "$1" in
    cargo)
      sed -nE 's/^test result: [A-Za-z]+\. ([0-9]+) passed; ([0-9]+) failed; ([0-9]+) ignored.*/\1 \2 \3/p' "$2" |
        awk '{p += $1; f += $2; s += $3} END {print p + 0, f + 0, s + 0}'
      ;;
    node)
      awk '/^(ℹ|#) pass [0-9]+$/ {p += $3} /^(ℹ|#) fail [0-9]+$/ {f += $3}
           /^(ℹ|#) (skipped|todo) [0-9]+$/ {s += $3} END {print p + 0, f + 0, s + 0}' "$2"
      ;;
    check | setup) echo "0 0 0" ;;
  esac
}

# step NAME KIND COMMAND...: runs COMMAND, shows and logs its output, adds its counts.
# Returns COMMAND's status. A failing command that reported no failed test counts as 1 failure;
# a passing "check" counts as 1 pass, a passing "setup" (bootstrap, build) as nothing.
step() {
  local name="$1" kind="$2"
  shift 2
  local log="$logs/$name.log" status=0 t0=$SECONDS
  echo
  echo "== $name: $*"
  "$@" 2>&1 | tee "$log" || status=$?
  local p f s
  read -r p f s < <(count "$kind" "$log")
  if [ "$status" -eq 0 ] && [ "$kind" = check ]; then p=1; fi
  if [ "$status" -ne 0 ]; then
    [ "$f" -gt 0 ] || f=1
    failed_steps+=("$name")
  fi
  passed=$(( passed + p ))
  failed=$(( failed + f ))
  skipped=$(( skipped + s ))
  echo "== $name: $([ "$status" -eq 0 ] && echo ok || echo "FAILED (status $status)") in $(( SECONDS - t0 ))s; $p passed, $f failed"
  return "$status"
}

fatal() { summary; exit 1; }

step bootstrap setup bash scripts/bootstrap.sh || fatal
step format check bash -c "cargo fmt --all --check && cargo fmt --check --manifest-path fuzz/Cargo.toml" || true
step native-tests cargo cargo test --no-fail-fast || true
step tools-tests cargo cargo test -p rocada-bench --no-fail-fast || true
step build setup bash scripts/build.sh || fatal
export CHROMEDRIVER="${CHROMEDRIVER:-$(command -v chromedriver || true)}"
step wasm-tests cargo cargo test -p rocada --no-fail-fast --target wasm32-unknown-unknown --test wasm_node --test wasm_browser || true
step js-tests node node --test --test-reporter=spec test/*.test.mjs || true
step www-typecheck check npx --no-install tsc --noEmit -p www || true
step www-build check npx --no-install vite build www || true
step uci-python cargo bash -c "cargo build --release --bin rocada-uci && python3 test/uci_python.py" || true
step match-scripts cargo bash -c "cargo build --release --bin rocada-uci && python3 test/match_scripts.py" || true
step bench-tools cargo python3 test/bench_tools.py || true

summary
[ "$failed" -eq 0 ]
