"""The runner of the Python test files (test/uci_python.py, test/match_scripts.py,
test/bench_tools.py): runs named checks one by one, a failure being any exception, and prints
each result and the closing "test result: ..." line in cargo's form, which scripts/test.sh
counts."""

import sys
import time
import traceback


def run(checks, ignored=()):
    """Runs `checks`, pairs of a name and a function of no arguments, and exits: status 1 if
    any failed. `ignored` names checks that cannot run here (counted as ignored, as cargo
    counts an `#[ignore]` test)."""
    passed = failed = 0
    t0 = time.monotonic()
    for name, fn in checks:
        t = time.monotonic()
        try:
            fn()
            passed += 1
            print(f"test {name} ... ok ({time.monotonic() - t:.1f}s)", flush=True)
        except Exception as err:
            failed += 1
            print(f"test {name} ... FAILED: {err}", flush=True)
            traceback.print_exc(limit=3)
    for name in ignored:
        print(f"test {name} ... ignored", flush=True)
    status = "ok" if failed == 0 else "FAILED"
    print(f"\ntest result: {status}. {passed} passed; {failed} failed; {len(ignored)} ignored; 0 measured; 0 filtered out; finished in {time.monotonic() - t0:.2f}s")
    sys.exit(1 if failed else 0)
