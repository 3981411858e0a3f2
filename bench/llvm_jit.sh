#!/usr/bin/env bash
# JIT benchmark: the 64x64x64 f32 matmul of examples/matmul (cf form) and an
# int8 3x3 convolution (test/Target/LLVM/conv-matmul.mlir after
# convert-linalg-to-loops), each run by `strata-run` with the interpreter,
# the C target (cc -O2, compile included) and the LLVM JIT (O2, compile
# included), on the same seeded inputs. Prints best-of-RUNS wall times of the
# whole command, the interp/jit and c/jit ratios, and whether the three .npy
# outputs are byte-identical (they must be).
#
# Env: RUNS (default 3), SKIP_BUILD=1 (reuse target/release built with
#      --features llvm).
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
OUT=bench/out/llvm_jit
mkdir -p "$OUT"
RUNS="${RUNS:-3}"
export LLVM_SYS_221_PREFIX="${LLVM_SYS_221_PREFIX:-/usr/lib/llvm-22}"
if [[ "${SKIP_BUILD:-0}" != 1 ]]; then
    echo "building strata-tools --features llvm (release) ..." >&2
    cargo build --release -p strata-tools --features llvm --bins >"$OUT/build.log" 2>&1 ||
        { echo "cargo build failed (see $OUT/build.log)" >&2; exit 1; }
fi
RUN="${STRATA_RUN:-$ROOT/target/release/strata-run}"
OPT="${STRATA_OPT:-$ROOT/target/release/strata-opt}"
"$OPT" test/Target/LLVM/conv-matmul.mlir --convert-linalg-to-loops --lower-affine -o "$OUT/conv_loops.mlir"

best() { # best wall time (s) of RUNS runs of "$@"
    local b=""
    for _ in $(seq "$RUNS"); do
        local s e t
        s=$(date +%s.%N); "$@" >/dev/null || { echo "failed: $*" >&2; exit 1; }; e=$(date +%s.%N)
        t=$(echo "$e - $s" | bc -l)
        if [[ -z "$b" ]] || (( $(echo "$t < $b" | bc -l) )); then b=$t; fi
    done
    printf '%.3f' "$b"
}

printf '%-10s %10s %10s %10s %12s %10s %s\n' kernel interp_s c_s jit_s interp/jit c/jit identical
for spec in "matmul examples/matmul/matmul_cf.mlir matmul 1" "conv_i8 $OUT/conv_loops.mlir conv_i8 3"; do
    read -r name file entry nout <<<"$spec"
    times=()
    for t in interp c jit; do
        outs=()
        for k in $(seq "$nout"); do outs+=(--output "$OUT/${name}_${t}_$k.npy"); done
        times+=("$(best "$RUN" "$file" --entry "$entry" --random-inputs --seed 5 --target "$t" "${outs[@]}")")
    done
    same=yes
    for k in $(seq "$nout"); do
        cmp -s "$OUT/${name}_interp_$k.npy" "$OUT/${name}_jit_$k.npy" || same=no
        cmp -s "$OUT/${name}_c_$k.npy" "$OUT/${name}_jit_$k.npy" || same=no
    done
    printf '%-10s %10s %10s %10s %12.1f %10.1f %s\n' "$name" "${times[0]}" "${times[1]}" "${times[2]}" \
        "$(echo "${times[0]} / ${times[2]}" | bc -l)" "$(echo "${times[1]} / ${times[2]}" | bc -l)" "$same"
    [[ "$same" == yes ]] || { echo "outputs differ" >&2; exit 1; }
done
