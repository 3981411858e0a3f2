#!/bin/sh
# Times e-graph saturation + extraction (default limits) for every conv layer
# of ResNet-18 (specs/vta-isa.md §8) and the 107 DeepBench inference_server
# layers, prints one row per layer (chosen vs padded MACs, strategy, stop
# reason, times) and the slowest layer.
#   bench/egraph.sh [--target vta|vnni|amx] [--extract greedy|ilp] [--disable im2col]
set -e
cd "$(dirname "$0")/.."
cargo build --release -q -p strata-egraph --no-default-features --example egraph_bench
exec "${CARGO_TARGET_DIR:-target}/release/examples/egraph_bench" --csv "${DEEPBENCH_CSV:-${STRATA_SHARED_DATA:-../shared/data}/deepbench_conv.csv}" "$@"
