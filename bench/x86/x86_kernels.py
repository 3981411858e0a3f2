"""CPU kernel benchmark: Strata's C path against ONNX Runtime and OpenVINO, one core.

For each problem (bench/x86/problems.py) and dtype, the same seeded inputs
go to the three implementations; each is timed with the same method
(`--warmup` untimed calls, then the median and minimum of `--repeat`
calls, each call timed alone), the outputs are checked against each other,
and the table gives GFLOP/s (GOP/s for int8: 2 x multiply-adds), the ratio
Strata / each peer, and the fraction of this core's measured peak (AVX-512, or AVX2 + FMA)
(bench/x86/peak.c). The geomean of Strata / max(ORT, OpenVINO) is printed
per dtype. Results go to bench/out/x86_kernels.json.

Run through bench/x86_kernels.sh, which makes the virtual environment and
builds the tools; `--help` lists the options to pick a subset.
"""

import argparse
import json
import math
import os
import platform
import re
import shutil
import subprocess
import sys
import time

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import peers  # noqa: E402
import problems  # noqa: E402
import strata  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(HERE))


def measure_peak(out_dir):
    exe = os.path.join(out_dir, "peak")
    subprocess.run([os.environ.get("CC", "cc"), "-O3", "-march=native", "-o", exe,
                    os.path.join(HERE, "peak.c")], check=True)
    peak = json.loads(subprocess.run([exe], capture_output=True, text=True, check=True).stdout)
    # What the measured clock allows: 2 FMA ports x the f32 lanes x 2
    # flops. Informative only: the multiply chain that measures the clock
    # slows down when the sibling vCPU is busy, so the fractions use the
    # measured throughputs.
    peak["f32_theoretical_gflops"] = round(peak["clock_ghz"] * 2 * peak["f32_lanes"] * 2, 1)
    return peak


def cpu_name():
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine()


def inputs(problem, dtype, rng, int8_weights=(-32, 31)):
    if problem.kind == "gemm":
        xs, ws = (problem.n, problem.k), (problem.k, problem.m)
    else:
        xs, ws = (problem.n, problem.c, problem.h, problem.w), (problem.k, problem.c, problem.r, problem.s)
    if dtype == "f32":
        return (rng.uniform(-1, 1, xs).astype(np.float32), rng.uniform(-1, 1, ws).astype(np.float32))
    # u8 activations in [0, 31], s8 weights in [-32, 31] (`--int8-weights`):
    # |sums| < 2**24 for K < 16912 (K < 8456 with [-64, 63]), so OpenVINO's
    # f32 output holds them exactly.
    lo, hi = int8_weights
    return (rng.integers(0, 32, xs, dtype=np.uint8), rng.integers(lo, hi + 1, ws, dtype=np.int8))


def out_shape(problem):
    if problem.kind == "gemm":
        return (problem.n, problem.m)
    return (problem.n, problem.k, problem.oh, problem.ow)


def compare(dtype, a, b, a_kind="exact", b_kind="exact"):
    """(ok, text) for two outputs of the same problem."""
    if a_kind == "requantized" or b_kind == "requantized":
        qa = a if a_kind == "requantized" else peers.requantize(a)
        qb = b if b_kind == "requantized" else peers.requantize(b)
        d = int(np.abs(qa.astype(np.int32) - qb.astype(np.int32)).max())
        return d <= 1, f"requantized max|d|={d}"
    if dtype == "int8":
        fa, fb = a.astype(np.float64), b.astype(np.float64)
        d = np.abs(fa - fb)
        if d.max() == 0:
            return True, "exact"
        if a.dtype.kind == "f" or b.dtype.kind == "f":
            # OpenVINO's f32 output: exact below 2**24, one f32 rounding above
            # (only for K >= 16912, the k = 500000 server rows).
            bound = np.maximum(np.abs(fa), np.abs(fb)) * 2.0**-24
            ok = bool(np.all(d <= bound))
            return ok, f"within f32 rounding (max|d|={d.max():g})" if ok else f"max|d|={d.max():g}"
        return False, f"max|d|={d.max():g}"
    scale = max(float(np.abs(b).max()), 1e-30)
    rel = float(np.abs(a.astype(np.float64) - b.astype(np.float64)).max()) / scale
    return rel <= 1e-4, f"rel {rel:.1e}"


def geomean(xs):
    xs = [x for x in xs if x and x > 0]
    return math.exp(sum(math.log(x) for x in xs) / len(xs)) if xs else None


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--kinds", default="gemm,conv", help="gemm, conv or both (default gemm,conv)")
    ap.add_argument("--dtypes", default="f32,int8", help="f32, int8 or both")
    ap.add_argument("--gemm-set", default="quick", help="quick (10 rows, default), device, server, all")
    ap.add_argument("--conv-set", default="quick", help="quick (8 ResNet-50 layers, default), all (23)")
    ap.add_argument("--filter", default="", help="regex on the problem name, e.g. '3x3|1024'")
    ap.add_argument("--peers", default="ort,ov", help="comma-separated: ort,ov (default), ort, ov, or '' for Strata alone")
    ap.add_argument("--no-strata", action="store_true", help="time the peers only")
    ap.add_argument("--pipeline", default=os.environ.get("STRATA_PIPELINE"),
                    help="strata-opt --pass-pipeline for Strata (default: x86-vectorize when "
                         "registered, else the scalar C path; env STRATA_PIPELINE)")
    ap.add_argument("--int8-weights", default="-32,31",
                    help="range LO,HI of the int8 weights (default -32,31; -64,63 is 7-bit, ONNX "
                         "Runtime's reduce_range; Strata's AVX2 u8 x s8 form depends on it)")
    ap.add_argument("--const-weights", default="f32,int8",
                    help="dtypes whose weights Strata gets as a constant global, as the peers get "
                         "initializers (default f32,int8; '' = all as arguments)")
    # 5, not 2: Strata's calls run in a fresh process per round, whose first
    # calls are slow (page faults, cold TLB and caches): measured over 12
    # processes of one conv, calls 1-2 took 1.20 / 1.11 x the steady state
    # and calls 3-12 a median 1.035 x; the peers' sessions stay warm in
    # this process. Every implementation gets the same warm-up.
    ap.add_argument("--warmup", type=int, default=5, help="untimed calls first (default 5)")
    ap.add_argument("--repeat", type=int, default=10, help="timed calls, median reported (default 10)")
    ap.add_argument("--rounds", type=int, default=1,
                    help="alternate the implementations this many times (each: warm-up + repeat calls); "
                         "3 evens out a machine whose load changes")
    ap.add_argument("--stat", choices=("median", "min"), default="median",
                    help="per-call time the table uses (both go to the JSON); min resists a busy sibling vCPU")
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--out", default=os.path.join(ROOT, "bench", "out"))
    ap.add_argument("--tools", default=os.path.join(ROOT, "target", "release"))
    args = ap.parse_args()

    out_dir = args.out
    os.makedirs(out_dir, exist_ok=True)
    tools = {"opt": os.path.join(args.tools, "strata-opt"), "run": os.path.join(args.tools, "strata-run")}
    use = {p for p in args.peers.split(",") if p}
    dtypes = [d for d in args.dtypes.split(",") if d]
    todo = []
    kinds = args.kinds.split(",")
    if "gemm" in kinds:
        todo += problems.gemms(args.gemm_set)
    if "conv" in kinds:
        todo += problems.convs(args.conv_set)
    if args.filter:
        todo = [p for p in todo if re.search(args.filter, p.name)]

    peak = measure_peak(out_dir)
    pipeline, why = (None, "not run") if args.no_strata else strata.choose_pipeline(tools["opt"], args.pipeline)
    import onnxruntime
    import openvino

    versions = {"onnxruntime": onnxruntime.__version__, "openvino": openvino.__version__,
                "numpy": np.__version__, "python": platform.python_version()}
    print(f"cpu: {cpu_name()}; "
          f"measured peak ({peak['simd']}) f32 {peak['f32_fma_gflops']:.0f} GFLOP/s (FMA), int8 "
          f"{peak['int8_gops']:.0f} GOP/s ({peak['int8_instr']}), int8 AMX {peak['int8_amx_gops']:.0f} GOP/s "
          f"(tdpbusd, -1: unavailable), exact AVX2 int8 {peak.get('int8_exact_avx2_gops', -1):.0f} GOP/s "
          f"(vpmaddwd+vpaddd, Strata's isa=avx2; -1: not measured); one thread; "
          f"%pk = fraction of the FMA / int8 peak")
    print(f"peers: onnxruntime {versions['onnxruntime']}, openvino {versions['openvino']}")
    print(f"strata pipeline: {why}" + (f"\n  {pipeline}" if pipeline else ""))
    if "int8" in dtypes:
        print(f"int8 data: activations in [0, 31], weights in [{args.int8_weights.replace(',', ', ')}]")
    print(f"method: {args.rounds} round(s) of {args.warmup} warm-up + {args.repeat} calls, {args.stat}, "
          f"seed {args.seed}\n")

    rng = np.random.default_rng(args.seed)
    rows = []
    header = (f"{'shape':34} {'dtype':5} {'Strata':>8} {'ORT':>8} {'OV':>8} {'S/ORT':>6} {'S/OV':>6} "
              f"{'S %pk':>6} {'ORT%pk':>6} {'OV %pk':>6}  check")
    print(header)
    print("-" * len(header))
    for problem in todo:
        for dtype in dtypes:
            x, w = inputs(problem, dtype, rng, tuple(map(int, args.int8_weights.split(","))))
            ys = out_shape(problem)
            row = {"shape": problem.name, "kind": problem.kind, "dtype": dtype, "ops": problem.ops,
                   "source": problem.source}
            outputs, calls = {}, {}
            if "ort" in use:
                if dtype == "f32":
                    model, kind = peers.f32_model(problem, x, w, ys), "exact"
                else:
                    model, kind = peers.ort_int8_model(problem, x, w, ys)
                y, calls["ort"] = peers.ort_runner(model, x)
                outputs["ort"] = (y, kind)
                row["ort"] = {"op": model.graph.node[-1].op_type}
            if "ov" in use:
                model = (peers.f32_model(problem, x, w, ys) if dtype == "f32"
                         else peers.ov_int8_model(problem, x, w, ys))
                xin = x if dtype == "f32" else x.astype(np.float32)
                y, calls["ov"], prec = peers.ov_runner(model, xin, os.path.join(out_dir, "x86_ov_model.onnx"))
                outputs["ov"] = (y, "exact")
                row["ov"] = {"ov_precision": prec}
            if pipeline:
                row["strata"] = {"wall_s": 0.0}
            # Rounds alternate the implementations, so a disturbance of the
            # machine that lasts seconds hits them alike; each round is
            # warm-up + `repeat` timed calls; the medians of the rounds'
            # medians and the minimum of all calls are kept. Strata's
            # program is compiled once (its first run is round one) and
            # re-run by the later rounds, as the peers' sessions are.
            per_round = {who: [] for who in list(calls) + (["strata"] if pipeline else [])}
            kept = None
            for _ in range(args.rounds):
                for who, call in calls.items():
                    ts = peers.time_calls(call, args.warmup, args.repeat)
                    per_round[who].append((float(np.median(ts)), min(ts)))
                if pipeline and kept:
                    ts = strata.call_times(kept, args.warmup, args.repeat)
                    per_round["strata"].append((float(np.median(ts)), min(ts)))
                elif pipeline:
                    work = os.path.join(out_dir, "x86_work")
                    t = time.perf_counter()
                    y, med, mn, opt_s, kept = strata.run(problem, dtype, x, w, tools, pipeline, work,
                                                         args.warmup, args.repeat,
                                                         dtype in args.const_weights.split(","),
                                                         keep=True)
                    outputs.setdefault("strata", (y, "exact"))
                    per_round["strata"].append((med, mn))
                    row["strata"]["strata_opt_s"] = round(opt_s, 3)
                    row["strata"]["wall_s"] = round(time.perf_counter() - t, 2)
            if kept:
                shutil.rmtree(kept, ignore_errors=True)
            for who, rounds in per_round.items():
                row[who]["median_s"] = float(np.median([m for m, _ in rounds]))
                row[who]["min_s"] = min(mn for _, mn in rounds)
            checks, ok = [], True
            names = list(outputs)
            base = "strata" if "strata" in outputs else (names[0] if names else None)
            for other in names:
                if other == base:
                    continue
                good, text = compare(dtype, outputs[base][0], outputs[other][0],
                                     outputs[base][1], outputs[other][1])
                ok &= good
                checks.append(f"{base[:2]}~{other}:{text}{'' if good else ' MISMATCH'}")
            row["check"] = {"ok": bool(ok), "detail": checks}
            pk = peak["f32_fma_gflops"] if dtype == "f32" else peak["int8_gops"]
            for who in ("strata", "ort", "ov"):
                if who in row:
                    g = problem.ops / row[who][f"{args.stat}_s"] / 1e9
                    row[who]["gops"] = round(g, 2)
                    row[who]["fraction_of_peak"] = round(g / pk, 3)
            for peer in ("ort", "ov"):
                if "strata" in row and peer in row:
                    row[f"strata_over_{peer}"] = round(row["strata"]["gops"] / row[peer]["gops"], 4)
            if "strata" in row and ("ort" in row or "ov" in row):
                best = max(row[p]["gops"] for p in ("ort", "ov") if p in row)
                row["strata_over_best_peer"] = round(row["strata"]["gops"] / best, 4)
            rows.append(row)

            def cell(who, key, fmt):
                v = row.get(who, {}).get(key) if isinstance(row.get(who), dict) else None
                return format(v, fmt) if v is not None else "-"

            def ratio(peer):
                v = row.get(f"strata_over_{peer}")
                return format(v, ".3f") if v is not None else "-"

            print(f"{problem.name:34} {dtype:5} {cell('strata', 'gops', '8.1f'):>8} {cell('ort', 'gops', '8.1f'):>8} "
                  f"{cell('ov', 'gops', '8.1f'):>8} {ratio('ort'):>6} {ratio('ov'):>6} "
                  f"{cell('strata', 'fraction_of_peak', '.3f'):>6} {cell('ort', 'fraction_of_peak', '.3f'):>6} "
                  f"{cell('ov', 'fraction_of_peak', '.3f'):>6}  {'ok' if ok else 'FAIL'} {'; '.join(checks)}",
                  flush=True)

    summary = {}
    for dtype in dtypes:
        ratios = [r["strata_over_best_peer"] for r in rows if r["dtype"] == dtype and "strata_over_best_peer" in r]
        g = geomean(ratios)
        summary[dtype] = {"geomean_strata_over_best_peer": g and round(g, 4), "rows": len(ratios)}
        if g:
            print(f"geomean Strata / max(ORT, OpenVINO), {dtype}: {g:.3f} over {len(ratios)} problems")
    failed = [r["shape"] + " " + r["dtype"] for r in rows if not r["check"]["ok"]]
    result = {"command": " ".join(sys.argv[1:]), "cpu": cpu_name(), "peak": peak, "versions": versions,
              "pipeline": pipeline, "pipeline_choice": why, "warmup": args.warmup, "repeat": args.repeat,
              "rounds": args.rounds, "const_weights": args.const_weights,
              "int8_weights": args.int8_weights,
              "stat": args.stat,
              "seed": args.seed, "rows": rows, "summary": summary, "failed_checks": failed}
    path = os.path.join(out_dir, "x86_kernels.json")
    with open(path, "w") as f:
        json.dump(result, f, indent=1)
    print(f"\nwrote {path}")
    if failed:
        print(f"output mismatches: {', '.join(failed)}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
