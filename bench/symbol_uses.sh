#!/usr/bin/env bash
# Symbol-use verification: strata-opt vs mlir-opt 22 parsing, verifying and
# printing modules of N private declarations and N functions that each call
# one of them (bench/gen_symbols.py), for N = 1000, 2000, 4000, 8000.
# Prints best-of-RUNS wall times, the mlir-opt/strata-opt ratio, and how the
# time grows when N doubles (about 2 when linear, 4 when quadratic).
#
# Env: RUNS (default 5), SIZES (default "1000 2000 4000 8000"),
#      STRATA_OPT (default target/release/strata-opt),
#      MLIR_OPT (default /usr/lib/llvm-22/bin/mlir-opt), SKIP_BUILD=1.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
OUT=bench/out
mkdir -p "$OUT"
RUNS="${RUNS:-5}"
SIZES="${SIZES:-1000 2000 4000 8000}"
STRATA_OPT="${STRATA_OPT:-$ROOT/target/release/strata-opt}"
MLIR_OPT="${MLIR_OPT:-/usr/lib/llvm-22/bin/mlir-opt}"

if [[ "${SKIP_BUILD:-0}" != 1 ]]; then
    echo "building strata-opt (release) ..." >&2
    if ! cargo build --release -p strata-tools --bin strata-opt >"$OUT/build.log" 2>&1; then
        echo "warning: cargo build failed (see $OUT/build.log)" >&2
        exit 1
    fi
fi

INPUTS=()
for n in $SIZES; do
    input="$OUT/symbols_$n.mlir"
    if [[ ! -s "$input" || bench/gen_symbols.py -nt "$input" ]]; then
        python3 bench/gen_symbols.py --n "$n" -o "$input"
    fi
    INPUTS+=("$n=$input")
done

exec python3 -u - "$RUNS" "$MLIR_OPT" "$STRATA_OPT" "${INPUTS[@]}" <<'PY'
import subprocess, sys, time

runs, mlir_opt, strata_opt, *inputs = sys.argv[1:]
runs = int(runs)

def best_time(exe, path):
    best = float("inf")
    for _ in range(runs):
        t0 = time.perf_counter()
        p = subprocess.run([exe, path, "-o", "/dev/null"],
                           stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        dt = time.perf_counter() - t0
        if p.returncode != 0:
            raise RuntimeError(f"{exe} failed on {path}: " + p.stderr.decode(errors="replace")[:500])
        best = min(best, dt)
    return best

print(f"{'N':>6} {'mlir-opt s':>11} {'strata-opt s':>13} {'ratio':>6} {'strata x per 2N':>16}")
previous = None
for item in inputs:
    n, path = item.split("=", 1)
    m = best_time(mlir_opt, path)
    s = best_time(strata_opt, path)
    growth = f"{s / previous:.2f}" if previous else "-"
    print(f"{n:>6} {m:>11.3f} {s:>13.3f} {m / s:>6.2f} {growth:>16}")
    previous = s
PY
