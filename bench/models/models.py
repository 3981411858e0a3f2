#!/usr/bin/env python3
"""Whole networks, one thread: Strata's C target against ONNX Runtime and
OpenVINO on the same ONNX file and the same input (bench/models/build.py
makes them, seeded, no downloads). Per model: each runtime's latency
(median of --repeat calls after --warmup), Strata / peer ratios, Strata's
output checked against ONNX Runtime's, and Strata's compile time. Prints
the CPU it ran on and a markdown table; writes bench/out/models.json.

Run through bench/models.sh, which makes the Python environment.
"""

import argparse
import json
import os
import re
import subprocess
import sys
import time

import numpy as np
import onnx

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "x86"))
from peers import ort_runner, ov_runner, time_calls  # noqa: E402
from x86_kernels import cpu_name  # noqa: E402

# Strata against ONNX Runtime: f32 within this (relative to the output's
# largest magnitude: the convolutions' FMA and summation order differ);
# int8 models dequantize at the end, so one requantization step of
# difference shows as one step of the last scale.
TOLERANCE = {"resnet18": 1e-4, "resnet50": 1e-4, "bert": 1e-4, "resnet18_int8": 0.1}


def strata(tools, model, x_path, out_path, warmup, repeat):
    """(seconds per call, seconds to compile) of strata-run --target c."""
    cmd = [os.path.join(tools, "strata-run"), model, "--target", "c", "--input", x_path,
           "--output", out_path, "--time", "--warmup", str(warmup), "--repeat", str(repeat),
           "--no-bounds-checks"]
    start = time.perf_counter()
    run = subprocess.run(cmd, capture_output=True, text=True)
    total = time.perf_counter() - start
    if run.returncode != 0:
        raise RuntimeError(f"{' '.join(cmd)}\n{run.stderr}")
    median = float(re.search(r"median ([0-9.]+) ms", run.stderr).group(1)) * 1e-3
    return median, total - (warmup + repeat) * median


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--tools", required=True, help="folder of strata-run")
    ap.add_argument("--models", default="resnet18,resnet50,bert,resnet18_int8")
    ap.add_argument("--dir", default=os.path.join(HERE, "..", "out", "models"))
    ap.add_argument("--warmup", type=int, default=2)
    ap.add_argument("--repeat", type=int, default=10)
    ap.add_argument("--json", default=os.path.join(HERE, "..", "out", "models.json"))
    args = ap.parse_args()
    names = args.models.split(",")
    missing = [n for n in names if not os.path.exists(os.path.join(args.dir, f"{n}.onnx"))]
    if missing:
        subprocess.run([sys.executable, os.path.join(HERE, "build.py"), args.dir, "--models", ",".join(missing)],
                       check=True)
    print(f"CPU: {cpu_name()}, one thread; median of {args.repeat} calls after {args.warmup}")
    rows = []
    for name in names:
        path = os.path.join(args.dir, f"{name}.onnx")
        x_path = os.path.join(args.dir, f"{name}.input.npy")
        out_path = os.path.join(args.dir, f"{name}.strata.npy")
        model = onnx.load(path)
        x = np.load(x_path)
        output = model.graph.output[0].name
        y_ort, ort_call = ort_runner(model, x, model.graph.input[0].name, output)
        ort_s = float(np.median(time_calls(ort_call, args.warmup, args.repeat)))
        try:
            y_ov, ov_call, _ = ov_runner(model, x, os.path.join(args.dir, f"{name}.ov.onnx"))
            ov_s = float(np.median(time_calls(ov_call, args.warmup, args.repeat)))
        except RuntimeError as e:  # a model OpenVINO cannot convert
            reason = next((l for l in str(e).splitlines() if l.startswith("-- ")), str(e).splitlines()[0])
            print(f"{name}: OpenVINO fails: {reason}", file=sys.stderr)
            y_ov, ov_s = None, None
        strata_s, compile_s = strata(args.tools, path, x_path, out_path, args.warmup, args.repeat)
        y = np.load(out_path)
        scale = float(np.abs(y_ort).max()) or 1.0
        error = float(np.abs(y.astype(np.float64) - y_ort).max()) / scale
        ok = error <= TOLERANCE[name]
        peers = [t for t in (ort_s, ov_s) if t is not None]
        rows.append(dict(model=name, strata_ms=strata_s * 1e3, ort_ms=ort_s * 1e3,
                         ov_ms=None if ov_s is None else ov_s * 1e3,
                         vs_ort=ort_s / strata_s, vs_ov=None if ov_s is None else ov_s / strata_s,
                         vs_better=min(peers) / strata_s, compile_s=compile_s,
                         max_rel_error=error, checked=ok,
                         ov_vs_ort_rel_error=None if y_ov is None else float(np.abs(y_ov - y_ort).max()) / scale))
        print(f"{name}: strata {strata_s * 1e3:.2f} ms, ORT {ort_s * 1e3:.2f} ms, OpenVINO "
              f"{'n/a' if ov_s is None else f'{ov_s * 1e3:.2f} ms'}, error {error:.2e} ({'ok' if ok else 'MISMATCH'})",
              file=sys.stderr)
    print()
    print("| model | Strata C (ms) | ONNX Runtime (ms) | OpenVINO (ms) | vs ORT | vs OpenVINO | vs better | "
          "Strata compile (s) | max error / max |output| |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|---|")
    for r in rows:
        ov_ms = "n/a" if r["ov_ms"] is None else f"{r['ov_ms']:.2f}"
        vs_ov = "n/a" if r["vs_ov"] is None else f"{r['vs_ov']:.3f}"
        print(f"| {r['model']} | {r['strata_ms']:.2f} | {r['ort_ms']:.2f} | {ov_ms} | {r['vs_ort']:.3f} | "
              f"{vs_ov} | {r['vs_better']:.3f} | {r['compile_s']:.0f} | "
              f"{r['max_rel_error']:.1e} {'ok' if r['checked'] else 'MISMATCH'} |")
    print("\nratios: peer time / Strata time (above 1: Strata faster); n/a: OpenVINO cannot convert the model")
    os.makedirs(os.path.dirname(args.json), exist_ok=True)
    with open(args.json, "w") as f:
        json.dump(dict(cpu=cpu_name(), rows=rows), f, indent=1)
    if not all(r["checked"] for r in rows):
        sys.exit(1)


if __name__ == "__main__":
    main()
