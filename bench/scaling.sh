#!/usr/bin/env bash
# Scaling: does time per op stay flat as the program grows? strata-opt vs
# mlir-opt 22 on three families of generated modules:
#   functions  F functions with symbol references, F = 1k .. 64k
#              (bench/gen_symbols.py with N = F/2: N private declarations,
#              N functions each calling one, directly and through
#              func.constant + call_indirect);
#   blocks     one function of B chained blocks, B = 12.5k .. 100k
#              (bench/gen_scaling.py blocks);
#   switch     one cf.switch of C cases, C = 12.5k .. 100k
#              (bench/gen_scaling.py switch);
# each run two ways: parse + verify + print, and the pipeline
#   --pass-pipeline='builtin.module(canonicalize,cse,symbol-dce,inline)'.
# Prints best-of-RUNS wall times, mlir-opt/strata-opt (target >= 1.0 at
# every size), strata-opt's microseconds per unit of size (function, block
# or case) and that time relative to the family's smallest size (target
# <= 1.5 at the largest: flat when linear). Both tools'
# outputs are compared byte for byte (an untimed run each); a difference is
# reported in the table and makes the exit status 1.
#
# Env: RUNS (default 3), FAMILIES (default "functions blocks switch"),
#      STRATA_OPT (default target/release/strata-opt),
#      MLIR_OPT (default /usr/lib/llvm-22/bin/mlir-opt), SKIP_BUILD=1.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
OUT=bench/out
mkdir -p "$OUT"
RUNS="${RUNS:-3}"
FAMILIES="${FAMILIES:-functions blocks switch}"
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
generate() {  # family size path command...
    local family=$1 size=$2 path=$3
    shift 3
    if [[ ! -s "$path" || "$1" -nt "$path" ]]; then
        python3 "$@" -o "$path"
    fi
    INPUTS+=("$family=$size=$path")
}
for family in $FAMILIES; do
    case $family in
        functions) for f in 1000 2000 4000 8000 16000 32000 64000; do
                       generate functions "$f" "$OUT/scaling_functions_$f.mlir" \
                           bench/gen_symbols.py --n $((f / 2)); done ;;
        blocks|switch) for n in 12500 25000 50000 100000; do
                       generate "$family" "$n" "$OUT/scaling_${family}_$n.mlir" \
                           bench/gen_scaling.py "$family" --n "$n"; done ;;
        *) echo "unknown family $family" >&2; exit 2 ;;
    esac
done

exec python3 -u - "$RUNS" "$MLIR_OPT" "$STRATA_OPT" "$OUT" "${INPUTS[@]}" <<'PY'
import os, re, subprocess, sys, time
sys.path.insert(0, "bench")
from harness import cpu_model

runs, mlir_opt, strata_opt, out_dir, *inputs = sys.argv[1:]
runs = int(runs)
MODES = {
    "print": [],
    "pipeline": ["--pass-pipeline=builtin.module(canonicalize,cse,symbol-dce,inline)"],
}
# A line holding an op: a result assignment, a dialect op, or one of func's
# ops in their short form inside func.func.
OP_LINE = re.compile(rb"^\s*(?:%[^=]+= )?(?:[a-z_]+\.[a-z_.]+|return|call|call_indirect|constant)\b")

def count_ops(path):
    with open(path, "rb") as f:
        return sum(1 for line in f if OP_LINE.match(line))

def best_time(argv):
    best = float("inf")
    for _ in range(runs):
        t0 = time.perf_counter()
        p = subprocess.run(argv + ["-o", "/dev/null"], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        dt = time.perf_counter() - t0
        if p.returncode != 0:
            raise RuntimeError(f"{argv} failed: " + p.stderr.decode(errors="replace")[:500])
        best = min(best, dt)
    return best

def output(argv, name):
    path = os.path.join(out_dir, name)
    subprocess.run(argv + ["-o", path], check=True, stderr=subprocess.DEVNULL)
    with open(path, "rb") as f:
        return f.read()

print(f"CPU: {cpu_model()}, {os.cpu_count()} cores; best of {runs} runs")
print(f"{'family':<10} {'size':>7} {'ops':>7} {'mode':<9} {'mlir-opt s':>10} {'strata s':>9} "
      f"{'ratio':>6} {'us/unit':>7} {'vs smallest':>11}  output")
all_same, smallest = True, {}
for item in inputs:
    family, size, path = item.split("=", 2)
    ops = count_ops(path)
    for mode, flags in MODES.items():
        margv, sargv = [mlir_opt, path] + flags, [strata_opt, path] + flags
        same = output(margv, "scaling.mlir-opt.out") == output(sargv, "scaling.strata-opt.out")
        all_same &= same
        m, s = best_time(margv), best_time(sargv)
        per_op = s / int(size) * 1e6
        base = smallest.setdefault((family, mode), per_op)
        print(f"{family:<10} {size:>7} {ops:>7} {mode:<9} {m:>10.3f} {s:>9.3f} {m / s:>6.2f} "
              f"{per_op:>7.2f} {per_op / base:>11.2f}  {'same' if same else 'DIFFERS'}")
sys.exit(0 if all_same else 1)
PY
