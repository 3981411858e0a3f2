#!/usr/bin/env bash
# Whole networks on one core: ResNet-18, ResNet-50, a BERT-base encoder
# layer and an int8 ResNet-18, built as ONNX files with seeded weights
# (bench/models/build.py), run by Strata's C target (`strata-run
# model.onnx --target c`), ONNX Runtime and OpenVINO on the same input;
# outputs checked against ONNX Runtime. Prints the CPU and a table; writes
# bench/out/models.json. See docs/onnx.md.
#
#   bench/models.sh                          # all four models
#   bench/models.sh --models resnet18 --repeat 5
#   bench/models.sh --help
#
# The peers come from PyPI into bench/out/venv (shared with
# bench/x86_kernels.sh). SKIP_BUILD=1 reuses the built tools.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
source "$ROOT/bench/peers_venv.sh"
exec "$VENV/bin/python" "$ROOT/bench/models/models.py" \
    --tools "${CARGO_TARGET_DIR:-$ROOT/target}/release" "$@"
