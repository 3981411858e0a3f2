# Sourced by the benchmarks that run ONNX Runtime and OpenVINO: makes
# bench/out/venv (onnxruntime, openvino, onnx, numpy; CPU wheels from PyPI)
# once and reuses it after, builds the tools unless SKIP_BUILD=1, and keeps
# helper libraries on one thread. Sets VENV.
VENV="$ROOT/bench/out/venv"
PY_PACKAGES=(onnxruntime openvino onnx numpy)
if ! "$VENV/bin/python" -c 'import onnxruntime, openvino, onnx, numpy' 2>/dev/null; then
    echo "$(basename "$0"): making $VENV (${PY_PACKAGES[*]})" >&2
    python3 -m venv "$VENV"
    "$VENV/bin/pip" install -q --disable-pip-version-check "${PY_PACKAGES[@]}"
fi
if [[ "${SKIP_BUILD:-0}" != 1 ]]; then
    cargo build --release -q -p strata-tools
fi
export OMP_NUM_THREADS=1 MKL_NUM_THREADS=1
