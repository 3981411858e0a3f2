#!/usr/bin/env bash
# Idempotent machine setup for Strata on Debian 12 (run as root, or via sudo).
#
# Installs the LLVM/MLIR 22 Debian packages (lit, FileCheck, mlir-opt, the
# MLIR/LLVM libraries melior and inkwell link against) and `time` (for the
# benchmarks' max-RSS measurement) only when one of them is missing, and checks
# that a Rust toolchain is present. When everything is already there it is a
# fast no-op (a single dpkg-query call).
#
# Safe with CI=true and no stdin: apt runs non-interactively.
set -euo pipefail

PACKAGES=(
    llvm-22-dev libmlir-22-dev mlir-22-tools libclang-22-dev clang-22
    llvm-22-tools libpolly-22-dev libzstd-dev
    time
)
LLVM_BIN=/usr/lib/llvm-22/bin

log() { printf 'setup: %s\n' "$*"; }
die() { printf 'setup: error: %s\n' "$*" >&2; exit 1; }

command -v dpkg-query >/dev/null 2>&1 ||
    die "dpkg-query not found: this script supports Debian 12 (bookworm) only"

# Which packages are not fully installed?
missing=()
status="$(dpkg-query -W -f='${Package} ${db:Status-Status}\n' "${PACKAGES[@]}" 2>/dev/null || true)"
for pkg in "${PACKAGES[@]}"; do
    if ! grep -qx "$pkg installed" <<<"$status"; then
        missing+=("$pkg")
    fi
done

if ((${#missing[@]} == 0)); then
    log "all ${#PACKAGES[@]} Debian packages present (LLVM/MLIR 22, time): nothing to install"
else
    log "missing Debian packages: ${missing[*]}"
    SUDO=()
    if [[ "$(id -u)" != 0 ]]; then
        command -v sudo >/dev/null 2>&1 ||
            die "not root and sudo is not available; run as root: apt-get install ${missing[*]}"
        SUDO=(sudo -n)
    fi
    export DEBIAN_FRONTEND=noninteractive
    log "running apt-get update"
    "${SUDO[@]}" env DEBIAN_FRONTEND=noninteractive apt-get update -q </dev/null
    log "installing: ${missing[*]}"
    "${SUDO[@]}" env DEBIAN_FRONTEND=noninteractive \
        apt-get install -y -q "${missing[@]}" </dev/null ||
        die "apt-get install failed; LLVM 22 comes from bookworm-security (or apt.llvm.org): check /etc/apt/sources.list.d"
    log "installed: ${missing[*]}"
fi

# The test suite needs these exact tools.
for tool in lit FileCheck not split-file mlir-opt; do
    [[ -x "$LLVM_BIN/$tool" ]] || die "$LLVM_BIN/$tool is missing after install"
done

# Rust toolchain: not installed here (rustup is the user's choice), only checked.
if ! command -v cargo >/dev/null 2>&1; then
    if [[ -x "${CARGO_HOME:-$HOME/.cargo}/bin/cargo" ]]; then
        die "cargo is installed at ${CARGO_HOME:-$HOME/.cargo}/bin but not on PATH; run: source \"${CARGO_HOME:-$HOME/.cargo}/env\""
    fi
    die "cargo not found; install Rust >= 1.85 (https://rustup.rs): curl --proto '=https' --tlsv1.2 -sSf https://sh.rustup.rs | sh -s -- -y"
fi
log "cargo: $(cargo --version 2>/dev/null || echo unknown)"
log "ok"
