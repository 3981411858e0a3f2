#!/usr/bin/env bash
# CPU kernel benchmark, one core: Strata's C path against ONNX Runtime and
# OpenVINO on DeepBench's inference GEMMs and ResNet-50's 3x3 / 1x1
# convolutions (batch 1), f32 and int8, same inputs, same timing method
# (warm-up, median of N calls), outputs checked against each other.
# Prints a table (GFLOP/s or GOP/s, Strata/peer ratios, fraction of this
# core's measured AVX-512 peak, geomean per dtype) and writes
# bench/out/x86_kernels.json. See docs/benchmarks.md.
#
#   bench/x86_kernels.sh                      # quick sets, a few minutes
#   bench/x86_kernels.sh --kinds conv --dtypes f32 --filter 3x3
#   bench/x86_kernels.sh --gemm-set device --repeat 9
#   STRATA_PIPELINE='builtin.module(...)' bench/x86_kernels.sh   # another Strata pipeline
#   bench/x86_kernels.sh --help
#
# The peers come from PyPI into bench/out/venv (made once, reused after):
# onnxruntime, openvino, onnx, numpy (CPU wheels). SKIP_BUILD=1 reuses the
# built tools.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
source "$ROOT/bench/peers_venv.sh"
exec "$VENV/bin/python" "$ROOT/bench/x86/x86_kernels.py" \
    --tools "${CARGO_TARGET_DIR:-$ROOT/target}/release" "$@"
