#!/usr/bin/env python3
"""A/B timing of two strata-opt builds on the parse/print and
canonicalize+cse benchmark inputs.

    bench/ab.py OLD_STRATA_OPT NEW_STRATA_OPT [--runs N] [--cases a,b]

A change to the IR core is judged against the build before it, not
against mlir-opt: this runs both binaries on the inputs of
bench/parse_print.sh (200k generic ops) and bench/canonicalize_cse.sh
(200 functions of 1000 arith ops, parsed and printed, and through
canonicalize,cse with and without threads), alternating OLD and NEW run
by run so that a noisy machine slows both alike. For each case it first
checks that the two builds print the same output, then prints the best
wall time and the best CPU time (user + system, all threads) of each,
and NEW's change in percent. Generate the inputs first by running the
two benchmark scripts once (they write bench/out/).
"""

import argparse
import os
import pathlib
import statistics
import subprocess
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))
from harness import cpu_model  # noqa: E402
OUT = ROOT / "bench" / "out"
PIPELINE = "--pass-pipeline=builtin.module(func.func(canonicalize,cse))"
CASES = {
    "generic-parse-print": ["generic_200k.mlir", "--allow-unregistered-dialect"],
    "arith-parse-print": ["arith_200k.mlir"],
    "canonicalize-cse": ["arith_200k.mlir", PIPELINE],
    "canonicalize-cse-1-thread": ["arith_200k.mlir", PIPELINE, "--mlir-disable-threading"],
}


def run(exe, args, output="/dev/null"):
    """(wall seconds, CPU seconds) of one run; raises on failure."""
    start = time.perf_counter()
    pid = os.spawnv(os.P_NOWAIT, exe, [exe, *args, "-o", output])
    _, status, usage = os.wait4(pid, 0)
    wall = time.perf_counter() - start
    if os.waitstatus_to_exitcode(status) != 0:
        raise SystemExit(f"error: {exe} {' '.join(args)} failed")
    return wall, usage.ru_utime + usage.ru_stime


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("old")
    parser.add_argument("new")
    parser.add_argument("--runs", type=int, default=21)
    parser.add_argument("--cases", default=",".join(CASES), help="comma-separated, from: " + ", ".join(CASES))
    options = parser.parse_args()
    print(f"CPU: {cpu_model()}, {os.cpu_count()} cores; best of {options.runs} interleaved runs")
    print(f"{'case':28s} {'old wall':>9s} {'new wall':>9s} {'change':>8s}   {'old cpu':>8s} {'new cpu':>8s} {'change':>8s}")
    for name in options.cases.split(","):
        if name not in CASES:
            raise SystemExit(f"error: unknown case '{name}' (known: {', '.join(CASES)})")
        source, *flags = CASES[name]
        path = OUT / source
        if not path.exists():
            raise SystemExit(f"error: {path} is missing; run bench/parse_print.sh and bench/canonicalize_cse.sh once")
        args = [str(path), *flags]
        outputs = []
        for exe, tag in ((options.old, "old"), (options.new, "new")):
            out = OUT / f"ab.{name}.{tag}.mlir"
            run(exe, args, str(out))
            outputs.append(out.read_bytes())
        if outputs[0] != outputs[1]:
            raise SystemExit(f"error: {name}: the two builds print different output (bench/out/ab.{name}.*.mlir)")
        times = {exe: [] for exe in (options.old, options.new)}
        for _ in range(options.runs):
            for exe in times:
                times[exe].append(run(exe, args))
        old_wall, old_cpu = (min(t[k] for t in times[options.old]) for k in (0, 1))
        new_wall, new_cpu = (min(t[k] for t in times[options.new]) for k in (0, 1))
        print(
            f"{name:28s} {old_wall:8.3f}s {new_wall:8.3f}s {100 * (new_wall / old_wall - 1):+7.1f}%"
            f"   {old_cpu:7.3f}s {new_cpu:7.3f}s {100 * (new_cpu / old_cpu - 1):+7.1f}%",
            flush=True,
        )
        median_change = statistics.median(t[0] for t in times[options.new]) / statistics.median(
            t[0] for t in times[options.old]
        )
        print(f"{'':28s} median wall change {100 * (median_change - 1):+.1f}%")


if __name__ == "__main__":
    sys.exit(main())
