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
step "input: examples/hello.mlir" cat examples/hello.mlir
step "parse, verify and print (custom form)" \
    strata-opt --allow-unregistered-dialect examples/hello.mlir
step "print in generic form" \
    strata-opt --allow-unregistered-dialect --mlir-print-op-generic examples/hello.mlir
# ---------------------------------------------------------------------------
