#!/usr/bin/env bash
# Parse + print benchmark: strata-opt vs mlir-opt 22 on 200k unregistered ops
# in generic form (bench/gen_generic.py). Run: make bench (or this script).
#
# Env: RUNS (default 5), STRATA_OPT (default target/release/strata-opt),
#      MLIR_OPT (default /usr/lib/llvm-22/bin/mlir-opt), SKIP_BUILD=1.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
OUT=bench/out
mkdir -p "$OUT"
RUNS="${RUNS:-5}"
STRATA_OPT="${STRATA_OPT:-$ROOT/target/release/strata-opt}"
MLIR_OPT="${MLIR_OPT:-/usr/lib/llvm-22/bin/mlir-opt}"
INPUT="$OUT/generic_200k.mlir"
FUNCS=200 OPS=1000

if [[ "${SKIP_BUILD:-0}" != 1 ]]; then
    echo "building strata-opt (release) ..." >&2
    if ! cargo build --release -p strata-tools --bin strata-opt >"$OUT/build.log" 2>&1; then
        echo "warning: cargo build failed (see $OUT/build.log); strata-opt will be reported unavailable" >&2
        STRATA_OPT="$OUT/strata-opt-build-failed"  # never time a stale binary
    fi
fi

# Regenerate the input only when the generator changed.
if [[ ! -s "$INPUT" || bench/gen_generic.py -nt "$INPUT" ]]; then
    echo "generating $INPUT ..." >&2
    python3 bench/gen_generic.py --funcs "$FUNCS" --ops "$OPS" -o "$INPUT"
fi

# Every op in the output: FUNCS x (OPS test.addi + test.func + test.return).
EXPECTED_OPS=$((FUNCS * (OPS + 2)))

exec python3 -u bench/harness.py --runs "$RUNS" --input "$INPUT" --out-dir "$OUT" \
    --ops "$EXPECTED_OPS" \
    "mlir-opt=$MLIR_OPT --allow-unregistered-dialect {in} -o {out}" \
    "strata-opt=$STRATA_OPT --allow-unregistered-dialect {in} -o {out}"
