#!/usr/bin/env python3
"""Paired A/B of Strata kernel variants on one bench problem.

    bench/out/venv/bin/python bench/x86/ab.py conv 256,14,14,1024,1,0,1 path=flat path=blocked
    bench/out/venv/bin/python bench/x86/ab.py gemm 512x1500x1536 auto kc=384 \\
        /tmp/old/strata-opt@auto

Each variant is `[STRATA_OPT@]OPTIONS`: `auto` (the default
`x86-vectorize`), `x86-vectorize` options such as `path=blocked mr=7`, or
`PIPE:<pipeline>`; a path before `@` takes another `strata-opt` (an older
build). Problems: `gemm MxNxK` (the bench's naming) or `conv
C,H,W,F,R,PAD,STRIDE`, f32 (or `--dtype int8`: activations in [0, 31],
weights in [-32, 31] as in the bench, or `--int8-weights LO,HI`; outputs
compared exactly), constant weights as in the bench.

# Why

This machine's speed changes by up to 2x for seconds at a time (a
co-tenant), so two variants timed one after the other in separate bench
runs differ by more than most changes are worth. Here every variant is
compiled once (`strata-run --target c`, `STRATA_KEEP_C=1` keeps the
program), their outputs are checked against the first, and then the
programs run alternately `--rounds` times (`--warmup` + `--calls` calls
each): a slow phase hits neighbours alike, and the paired ratio of each
round's medians (geomean, with its range) is the evidence; single-run
GFLOP/s are printed for context only.
"""
import argparse
import math
import os
import re
import statistics
import subprocess
import sys

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
import problems  # noqa: E402
import strata  # noqa: E402


def problem_of(kind, spec):
    if kind == "gemm":
        m, n, k = map(int, spec.split("x"))
        return problems.Gemm(m, n, k, "ab")
    c, h, w, f, r, pad, stride = map(int, spec.split(","))
    return problems.Conv(c, h, w, f, r, r, pad, stride, "ab")


def pipeline_of(options):
    if options.startswith("PIPE:"):
        return options[5:]
    if options == "auto":
        return strata.VECTOR_PIPELINE
    return strata.vector_pipeline(options)


def build(variant, text, x, work, tools):
    """The kept program directory and the output of `variant`."""
    opt, options = variant.split("@", 1) if "@" in variant else (tools["opt"], variant)
    os.makedirs(work, exist_ok=True)
    src, low, xf, yf = (os.path.join(work, n) for n in ("k.mlir", "k.low.mlir", "x.npy", "y.npy"))
    with open(src, "w") as f:
        f.write(text)
    np.save(xf, x)
    subprocess.run([opt, src, f"--pass-pipeline={pipeline_of(options)}", "-o", low], check=True)
    done = subprocess.run(
        [tools["run"], low, "--entry", "kernel", "--target", "c", "--input", xf, "--random-inputs",
         "--output", os.devnull, "--output", yf, "--repeat", "2", "--time", "--no-bounds-checks",
         f"--cflags={strata.CFLAGS}"],
        capture_output=True, text=True, env=dict(os.environ, STRATA_KEEP_C="1"))
    kept = re.search(r"kept (\S+)", done.stderr)
    if done.returncode != 0 or not kept:
        sys.exit(f"{variant}: strata-run failed:\n{done.stderr}")
    return kept.group(1), np.load(yf)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("kind", choices=("gemm", "conv"))
    ap.add_argument("spec")
    ap.add_argument("variants", nargs="+")
    ap.add_argument("--dtype", choices=("f32", "int8"), default="f32")
    ap.add_argument("--rounds", type=int, default=10)
    ap.add_argument("--calls", type=int, default=15)
    ap.add_argument("--warmup", type=int, default=3)
    ap.add_argument("--tools", default=os.path.join(ROOT, "target", "release"))
    ap.add_argument("--int8-weights", default="-32,31",
                    help="int8 weights' range LO,HI (the bench's; -128,127 is full range, where the "
                         "AVX2 u8 x s8 product does not apply)")
    args = ap.parse_args()
    tools = {"opt": os.path.join(args.tools, "strata-opt"), "run": os.path.join(args.tools, "strata-run")}
    p = problem_of(args.kind, args.spec)
    rng = np.random.default_rng(7)
    _, xs, ws, _ = strata.mlir(p, args.dtype, None)
    if args.dtype == "f32":
        x = rng.standard_normal(xs).astype(np.float32)
        w = rng.standard_normal(ws).astype(np.float32)
    else:
        x = rng.integers(0, 32, xs).astype(np.int8)
        lo, hi = map(int, args.int8_weights.split(","))
        w = rng.integers(lo, hi + 1, ws).astype(np.int8)
    text, *_ = strata.mlir(p, args.dtype, w)
    built = []
    for i, v in enumerate(args.variants):
        kept, y = build(v, text, x, os.path.join(ROOT, "bench", "out", "ab", str(i)), tools)
        if built:
            ref = built[0][1]
            d = np.abs(y.astype(np.float64) - ref.astype(np.float64))
            err = float(np.max(d) / (np.max(np.abs(ref)) + 1e-30))
            if err > (1e-4 if args.dtype == "f32" else 0):
                sys.exit(f"{v}: output differs from {args.variants[0]} (relative error {err:.1e})")
        built.append((kept, y))
    medians = [[] for _ in built]
    mins = [[] for _ in built]
    for _ in range(args.rounds):
        for i, (kept, _) in enumerate(built):
            t = strata.call_times(kept, args.warmup, args.calls)
            medians[i].append(statistics.median(t))
            mins[i].append(min(t))
    for i, v in enumerate(args.variants):
        ratios = [a / b for a, b in zip(medians[0], medians[i])]
        gm = math.exp(sum(map(math.log, ratios)) / len(ratios))
        print(f"{p.name:30} {v:36} median {p.ops / statistics.median(medians[i]) / 1e9:7.1f} "
              f"min {p.ops / min(mins[i]) / 1e9:7.1f} GFLOP/s  paired speed over "
              f"{args.variants[0]}: {gm:.3f} (rounds {min(ratios):.2f}-{max(ratios):.2f})", flush=True)
    for kept, _ in built:
        subprocess.run(["rm", "-rf", kept], check=False)


if __name__ == "__main__":
    main()
