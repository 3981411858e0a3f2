#!/usr/bin/env bash
# Convergence of strata-tune's explorers on this CPU: for GEMM shapes of
# Heron's Table 9 (f32), the best GFLOP/s found within the first N trials
# by CGA, random search, the plain GA and simulated annealing, for several
# seeds, each trial measured natively (x86-vectorize with the trial's block
# options, the C back end, median of timed calls) and checked against the
# interpreter. Prints the CPU, then one row per shape and explorer: the
# median over seeds at each N (and the seeds' minimum and maximum), and
# x86-vectorize's own choice (isa=native) on the same harness.
#
#   bench/tune_convergence.sh                          # G3 G4 G5, 50/100/200 trials, seeds 1-3
#   SHAPES="G3" TRIALS="10 25 50" bench/tune_convergence.sh   # a small budget
#
# A trial is 1 to 10 s, mostly the C compiler (large mr x nr kernels are
# the slow ones), so the default budget (3 shapes x 4 explorers x 3 seeds
# x 200 trials) is hours; SHAPES=G3 TRIALS="10 25 50" took 34 minutes.
#
# Environment: SHAPES (G1..G5; default G3 G4 G5), TRIALS (the N
# columns; the longest is the run's budget), SEEDS, EXPLORERS (cga random
# ga annealing), REPEAT and WARMUP (timed and untimed calls per trial),
# OUT (the logs' folder, default bench/out/tune), MAX_STEPS (the
# interpreter's op limit for the reference run, strata-tune --max-steps),
# SKIP_BUILD=1.
#
# One JSON-lines log per shape in $OUT: a second run with the same
# settings measures nothing and prints the same table; a larger TRIALS
# continues each run where its log ends. G1 (1024^3) and G2 (4096^3) are
# not in the default set: their reference runs pass the interpreter's
# default limit of 2*10^9 ops (MAX_STEPS raises it; G2's reference is 69 G
# multiply-adds in the interpreter, for every explorer and seed).
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
SHAPES=${SHAPES:-"G3 G4 G5"}
TRIALS=${TRIALS:-"50 100 200"}
SEEDS=${SEEDS:-"1 2 3"}
EXPLORERS=${EXPLORERS:-"cga random ga annealing"}
REPEAT=${REPEAT:-5}
WARMUP=${WARMUP:-1}
MAX_STEPS=${MAX_STEPS:-2000000000}
OUT=${OUT:-$ROOT/bench/out/tune}
TARGET_DIR=${CARGO_TARGET_DIR:-$ROOT/target}
if [[ "${SKIP_BUILD:-0}" != 1 ]]; then
    cargo build --release -q -p strata-tune
fi
TUNE="$TARGET_DIR/release/strata-tune"
mkdir -p "$OUT"

# Heron, Table 9: GEMM names and M N K.
declare -A SHAPE=(
    [G1]="1024 1024 1024"
    [G2]="4096 4096 4096"
    [G3]="32 1000 2048"
    [G4]="32 4096 4096"
    [G5]="32 1000 4096"
)
BUDGET=$(printf '%s\n' $TRIALS | sort -n | tail -1)

echo "cpu model: $(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -1)"
for g in $SHAPES; do
    [[ -n "${SHAPE[$g]:-}" ]] || { echo "tune_convergence: unknown shape '$g' (G1..G5)" >&2; exit 1; }
    read -r m n k <<<"${SHAPE[$g]}"
    file="$OUT/$g.mlir"
    cat >"$file" <<EOF
// Heron Table 9 $g: ${m}x${n}x${k} f32.
func.func @gemm(%a: memref<${m}x${k}xf32>, %b: memref<${k}x${n}xf32>, %c: memref<${m}x${n}xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%c : memref<${m}x${n}xf32>)
  linalg.matmul ins(%a, %b : memref<${m}x${k}xf32>, memref<${k}x${n}xf32>) outs(%c : memref<${m}x${n}xf32>)
  return
}
EOF
    first=1
    for e in $EXPLORERS; do
        for s in $SEEDS; do
            extra=()
            if [[ $first == 1 ]]; then
                extra=(--baseline)
            fi
            "$TUNE" "$file" --entry gemm --trials "$BUDGET" --seed "$s" --explorer "$e" \
                --log "$OUT/$g.jsonl" --repeat "$REPEAT" --warmup "$WARMUP" --max-steps "$MAX_STEPS" --quiet --top 1 \
                "${extra[@]}" >"$OUT/$g.$e.$s.txt"
            if [[ $first == 1 ]]; then
                sed -n 's/^cpu: /cpu (strata-tune): /p' "$OUT/$g.$e.$s.txt"
                first=0
            fi
            echo "  $g $e seed $s: $(grep -E '^[0-9]+ trials' "$OUT/$g.$e.$s.txt")" >&2
        done
    done
done

echo "best GFLOP/s within the first N trials: median over seeds $(echo $SEEDS | tr ' ' ','), (min-max)"
echo "repeat $REPEAT, warmup $WARMUP per trial; default = x86-vectorize{isa=native}, measured once"
python3 - "$OUT" "$TRIALS" "$SEEDS" "$EXPLORERS" "$SHAPES" <<'EOF'
import json, re, statistics, sys
out, trials, seeds, explorers, shapes = sys.argv[1:]
trials = sorted(int(t) for t in trials.split())
seeds = [int(s) for s in seeds.split()]
header = f"| shape | M x N x K | explorer | " + " | ".join(f"{t} trials" for t in trials) + " | invalid | default |"
print(header)
print("|" + "---|" * (header.count("|") - 1))
for g in shapes.split():
    text = open(f"{out}/{g}.mlir").read()
    m, k = map(int, re.search(r"%a: memref<(\d+)x(\d+)xf32>", text).groups())
    n = int(re.search(r"%b: memref<\d+x(\d+)xf32>", text).group(1))
    flops = 2.0 * m * n * k
    runs = {}
    for line in open(f"{out}/{g}.jsonl"):
        r = json.loads(line)
        runs.setdefault((r["explorer"], r["seed"]), []).append(r)
    default = ""
    for path in __import__("glob").glob(f"{out}/{g}.*.txt"):
        for line in open(path):
            if "default: isa=native" in line:
                default = f"{float(line.split()[-1]):.1f}"
    for e in explorers.split():
        name = "anneal" if e == "annealing" else e
        cells, invalid, total = [], 0, 0
        for t in trials:
            best = []
            for s in seeds:
                rs = sorted(runs.get((name, s), []), key=lambda r: r["trial"])[:t]
                costs = [r["cost"] for r in rs if "cost" in r]
                best.append(flops / min(costs) / 1e9 if costs else 0.0)
            cells.append(f"{statistics.median(best):.1f} ({min(best):.1f}-{max(best):.1f})")
        for s in seeds:
            rs = runs.get((name, s), [])
            invalid += sum(1 for r in rs if "invalid" in r)
            total += len(rs)
        print(f"| {g} | {m}x{n}x{k} | {e} | " + " | ".join(cells) + f" | {invalid}/{total} | {default} |")
EOF
