#!/usr/bin/env bash
# canonicalize + cse benchmark: strata-opt vs mlir-opt 22 on 200 functions
# of 1000 func/arith ops (bench/gen_arith.py: repeated constants,
# identities, constant arithmetic, recomputations, dead values), with
#   --pass-pipeline='builtin.module(func.func(canonicalize,cse))'
# once with threads (the default: one per core) and once with
# --mlir-disable-threading. Both tools must leave the same number of ops.
# Prints best-of-RUNS wall times, the mlir-opt/strata-opt time ratio
# (target: >= 1.5) and each tool's speedup of threads over one thread.
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
INPUT="$OUT/arith_200k.mlir"
FUNCS=200 OPS=1000

if [[ "${SKIP_BUILD:-0}" != 1 ]]; then
    echo "building strata-opt (release) ..." >&2
    if ! cargo build --release -p strata-tools --bin strata-opt >"$OUT/build.log" 2>&1; then
        echo "warning: cargo build failed (see $OUT/build.log); strata-opt will be reported unavailable" >&2
        STRATA_OPT="$OUT/strata-opt-build-failed"  # never time a stale binary
    fi
fi

if [[ ! -s "$INPUT" || bench/gen_arith.py -nt "$INPUT" ]]; then
    echo "generating $INPUT ..." >&2
    python3 bench/gen_arith.py --funcs "$FUNCS" --ops "$OPS" -o "$INPUT"
fi

exec python3 -u - "$RUNS" "$INPUT" "$OUT" "$MLIR_OPT" "$STRATA_OPT" <<'PY'
import os, re, subprocess, sys, time

runs, input_path, out_dir, mlir_opt, strata_opt = int(sys.argv[1]), *sys.argv[2:]
PIPELINE = "--pass-pipeline=builtin.module(func.func(canonicalize,cse))"
OP_LINE = re.compile(rb"^\s*(?:%[^=]+= )?(?:arith\.|func\.|return\b|call\b)")

def count_ops(path):
    with open(path, "rb") as f:
        return sum(1 for line in f if OP_LINE.match(line))

def time_tool(exe, threads):
    argv = [exe, input_path, PIPELINE] + ([] if threads else ["--mlir-disable-threading"])
    best = float("inf")
    for _ in range(runs):
        t0 = time.perf_counter()
        p = subprocess.run(argv + ["-o", "/dev/null"], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        dt = time.perf_counter() - t0
        if p.returncode != 0:
            raise RuntimeError(p.stderr.decode(errors="replace")[:500])
        best = min(best, dt)
    return best

tools = {"mlir-opt": mlir_opt, "strata-opt": strata_opt}
print(f"input: {input_path} ({count_ops(input_path)} ops), best of {runs} runs, {os.cpu_count()} cores")
results, counts = {}, {}
for name, exe in tools.items():
    if not (os.path.isfile(exe) and os.access(exe, os.X_OK)):
        print(f"{name}: unavailable ({exe})")
        continue
    out = os.path.join(out_dir, f"canonicalize_cse.{name}.mlir")
    p = subprocess.run([exe, input_path, PIPELINE, "-o", out], stderr=subprocess.PIPE)
    if p.returncode != 0:
        print(f"{name}: failed: {p.stderr.decode(errors='replace')[:300]}")
        continue
    counts[name] = count_ops(out)
    results[name] = (time_tool(exe, True), time_tool(exe, False))

print(f"{'tool':<12} {'ops after':>10} {'threads (s)':>12} {'1 thread (s)':>13} {'speedup':>8}")
for name, (mt, st) in results.items():
    print(f"{name:<12} {counts[name]:>10} {mt:>12.3f} {st:>13.3f} {st / mt:>7.2f}x")
if len(results) == 2:
    m, s = results["mlir-opt"], results["strata-opt"]
    same = counts["mlir-opt"] == counts["strata-opt"]
    print(f"same op count: {'yes' if same else 'NO'} ({counts['mlir-opt']} vs {counts['strata-opt']})")
    print(f"mlir-opt / strata-opt time: {m[0] / s[0]:.2f}x with threads, {m[1] / s[1]:.2f}x on one thread (target >= 1.5x)")
    sys.exit(0 if same else 1)
PY
