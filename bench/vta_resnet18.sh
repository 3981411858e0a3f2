#!/usr/bin/env bash
# ResNet-18 layers C2-C11 (TVM's VTA benchmark, shared/specs/vta-isa.md §8)
# compiled by linalg-to-vta + vta-lower-tiles and run on the timed VTA
# simulator (default configuration: 64-bit bus at 100 MHz, 16-cycle DRAM
# latency), each checked bit-exact against the interpreter; then the
# DeepBench inference_server conv layers with 1 or 3 input channels
# (channel padding to 16), checked the same way.
#
# Per layer: cycles, GEMM utilisation (non-reset GEMM micro-ops / cycles),
# DRAM bytes per memory, compile time. Three tails:
#   none - only trunci (no ALU work): the GEMM schedule alone;
#   tvm  - >> 8, clip [0, 127], no bias: the tail of TVM's VTA conv2d
#          benchmark (3 immediate ALU micro-ops per output element);
#   full - >> 8, + bias, clip [0, 127] (4 ALU micro-ops per output element
#          on the compute module, 5 cycles: ADD reads a tensor).
# The "alu bound" column is the utilisation the tail allows even with
# perfect overlap: gemm / (gemm + reset + alu cycles).
#
# "useful" = the layer's own MACs (unpadded channels) / (256 x cycles):
# equal to util when channels are whole 16-blocks, c/16 of it for the
# DeepBench layers with 1 or 3 input channels (zero-padded to 16).
# Last, a few matmuls (rows x K -> N): the model's tiling (--tune 1) against
# the tuned one (--tune $TUNE), same shared cost model and tuner as conv.
#
# Environment: CHECK=0 skips the interpreter comparisons (faster);
# DEEPBENCH=0 skips the DeepBench part, MATMUL=0 the matmuls; TUNE=N
# measures the model's N best tilings (default 32; DB_TUNE for the large
# DeepBench layers, default 4).
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
BIN="${CARGO_TARGET_DIR:-$ROOT/target}/release"
[[ "${SKIP_BUILD:-0}" == 1 ]] || cargo build --release -q -p strata-tools
OUT="$ROOT/bench/out/vta"
mkdir -p "$OUT"
CHECK="${CHECK:-1}"
check_flag=()
[[ "$CHECK" == 1 ]] && check_flag=(--check)

run_layer() { # name file tail useful-macs [tune] -> prints one table row, appends utilisation
    local name="$1" file="$2" tail="$3" macs="$4" tune="${5:-${TUNE:-32}}"
    local log="$OUT/$name-$tail.log"
    if ! "$BIN/strata-run" --target vta "$file" --entry conv --random-inputs --seed 7 --stats --tune "$tune" "${check_flag[@]}" >"$log" 2>&1; then
        echo "FAILED: $name ($tail), see $log"; cat "$log"; exit 1
    fi
    python3 - "$log" "$name" "$tail" "$macs" <<'PY'
import re, sys
text = open(sys.argv[1]).read()
g = lambda pat: re.search(pat, text)
cyc = int(g(r"cycles: (\d+)").group(1))
util = float(g(r"utilization: ([0-9.]+)").group(1))
m = g(r"gemm micro-ops: (\d+) \(\+(\d+) reset\), alu micro-ops: (\d+)")
gemm, reset, alu = map(int, m.groups())
b = g(r"bytes read: inp (\d+) wgt (\d+) acc (\d+) uop (\d+); bytes written: out (\d+)")
inp, wgt, acc, uop, out = map(int, b.groups())
ct = float(g(r"compile time: ([0-9.]+) s").group(1))
tiles = g(r"tile-sizes: ([0-9,]+)").group(1)
exact = "yes" if "check: OK" in text else ("-" if "check" not in text else "NO")
# ALU cycles: ADD with a tensor operand (the bias, one of the full tail's
# four steps) takes 2 cycles per micro-op.
alu_cycles = alu + alu // 4 if sys.argv[3] not in ("none", "tvm") else alu
bound = gemm / (gemm + reset + alu_cycles)
exact_u = gemm / cyc
useful = int(sys.argv[4]) / (256 * cyc)
print(f"| {sys.argv[2]:<5} | {sys.argv[3]:<4} | {tiles:<11} | {cyc:>9} | {exact_u:6.3f} | {useful:6.3f} | {bound:5.3f} | {inp:>8} | {wgt:>8} | {acc:>5} | {uop:>6} | {out:>7} | {ct*1000:6.1f} | {exact:<5} |")
open(sys.argv[1] + ".util", "w").write(f"{exact_u}\n")
PY
}

layers=(
  "C2 1 64 56 56 64 3 3 1 1 1 1"
  "C3 1 64 56 56 128 3 3 1 1 2 2"
  "C4 1 64 56 56 128 1 1 0 0 2 2"
  "C5 1 128 28 28 128 3 3 1 1 1 1"
  "C6 1 128 28 28 256 3 3 1 1 2 2"
  "C7 1 128 28 28 256 1 1 0 0 2 2"
  "C8 1 256 14 14 256 3 3 1 1 1 1"
  "C9 1 256 14 14 512 3 3 1 1 2 2"
  "C10 1 256 14 14 512 1 1 0 0 2 2"
  "C11 1 512 7 7 512 3 3 1 1 1 1"
)

header() {
    echo "| layer | tail | tiles | cycles | util | useful | alu bound | inp B | wgt B | acc B | uop B | out B | compile ms | exact |"
    echo "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|"
}

conv_macs() { # n c h w k kh kw ph pw sh sw -> MACs of the unpadded layer
    python3 -c 'import sys; n,c,h,w,k,kh,kw,ph,pw,sh,sw=map(int,sys.argv[1:]); print(n*k*c*kh*kw*((h+2*ph-kh)//sh+1)*((w+2*pw-kw)//sw+1))' "$@"
}

geomean() { # files...
    python3 -c 'import math,sys; v=[float(open(f).read()) for f in sys.argv[1:]]; print(f"{math.exp(sum(map(math.log,v))/len(v)):.3f}")' "$@"
}

echo "## ResNet-18 C2-C11 on the VTA simulator (bit-exact check: $CHECK)"
header
for tail in none tvm full; do
    for l in "${layers[@]}"; do
        set -- $l
        name="$1"; shift
        f="$OUT/$name-$tail.mlir"
        python3 bench/gen_vta_conv.py "$@" --tail "$tail" >"$f"
        run_layer "$name" "$f" "$tail" "$(conv_macs "$@")"
    done
done
echo
for tail in none tvm full; do
    files=()
    for l in "${layers[@]}"; do set -- $l; files+=("$OUT/$1-$tail.log.util"); done
    echo "geomean GEMM utilisation ($tail tail): $(geomean "${files[@]}")"
done

if [[ "${DEEPBENCH:-1}" == 1 ]]; then
    echo
    echo "## DeepBench inference_server conv layers with c in {1, 3} (channels zero-padded to 16)"
    header
    while IFS=, read -r set index w h c n k s r pad_w pad_h stride_w stride_h; do
        f="$OUT/db$index.mlir"
        # DeepBench: s = filter width, r = filter height.
        dims=("$n" "$c" "$h" "$w" "$k" "$r" "$s" "$pad_h" "$pad_w" "$stride_h" "$stride_w")
        python3 bench/gen_vta_conv.py "${dims[@]}" >"$f"
        run_layer "db$index" "$f" full "$(conv_macs "${dims[@]}")" "${DB_TUNE:-4}"
    done < <(awk -F, '$1=="inference_server_set" && ($5==1 || $5==3)' "${STRATA_SHARED_DATA:-../shared/data}/deepbench_conv.csv")
fi

if [[ "${MATMUL:-1}" == 1 ]]; then
    echo
    echo "## Matmuls (rows x K -> N, full tail): the model's tiling (tune 1) vs the tuned one (tune ${TUNE:-32}); tiles = rows,n-blocks,k-blocks"
    header
    # DeepBench inference GEMMs with their batch as rows (35x2048 -> 700,
    # 4x1024 -> 3072), and a square 256x256 -> 256.
    for mm in "35 700 2048" "4 3072 1024" "256 256 256"; do
        set -- $mm
        f="$OUT/mm$1x$3x$2.mlir"
        python3 bench/gen_vta_conv.py --matmul "$1" "$2" "$3" >"$f"
        for tune in 1 "${TUNE:-32}"; do
            run_layer "mm$1x$3x$2" "$f" "t$tune" "$(($1 * $2 * $3))" "$tune"
        done
    done
fi
