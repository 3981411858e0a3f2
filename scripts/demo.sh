#!/usr/bin/env bash
# The demo run by `make demo` (after `make build`).
#
# Each step is one `step "title" command...` line: to change the demo (e.g. to
# the VTA pipeline), edit the STEPS section below.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BIN="${STRATA_BIN_DIR:-$ROOT/target/release}"
export PATH="$BIN:$PATH"
cd "$ROOT"

step() {
    local title="$1"; shift
    printf '\n== %s\n$ %s\n' "$title" "$*"
    "$@"
}

[[ -x "$BIN/strata-opt" ]] || { echo "demo: $BIN/strata-opt not found; run 'make build' first" >&2; exit 1; }

# ---- STEPS ----------------------------------------------------------------
# A ResNet-18 layer (C5: 28x28, 128 -> 128, 3x3, pad 1) in int8 linalg,
# lowered to VTA (linalg-to-vta, vta-lower-tiles), run on the timed
# simulator and checked bit for bit against the reference interpreter.
EX=examples/resnet18_c5.mlir
OUT="${TMPDIR:-/tmp}/strata-demo"
mkdir -p "$OUT"
step "input: $EX (conv2d + >>8, +bias, clip in linalg)" grep -v '^//' "$EX"
step "linalg-to-vta: packed DRAM buffers and the tile program (first ops)" \
    bash -c "strata-opt $EX --linalg-to-vta | awk 'NR <= 12'"
step "vta-lower-tiles: micro-op kernels and instructions with tokens (first instructions)" \
    bash -c "strata-opt $EX --linalg-to-vta --vta-lower-tiles | awk '/vta[.](load|gemm|alu|store) / && n < 10 { print; n++ }'"
step "compile to a VTA program file" \
    strata-translate --mlir-to-vta "$EX" -o "$OUT/resnet18_c5.vta"
step "run on the VTA simulator (random int8 inputs), check against the interpreter" \
    strata-run --target vta "$EX" --entry conv --random-inputs --seed 1 --stats --check --output "$OUT/c5_out.npy"
# ---------------------------------------------------------------------------
