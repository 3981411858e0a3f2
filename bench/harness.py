#!/usr/bin/env python3
"""Small timing harness: best-of-N wall time and peak RSS for commands.

    harness.py --runs 5 --input FILE --out-dir DIR --ops N \
        NAME=CMD [NAME=CMD ...]        (the first NAME is the baseline)

Each CMD is a shell-quoted command line; `{in}` is replaced with the input
file and `{out}` with the output file. For each tool:
  1. one untimed run writes DIR/NAME.out; the ops in it are counted (lines
     containing `"test.`) and must equal --ops, else the tool is reported as
     unavailable (so a stub or crashing binary never shows up as "fast");
  2. N timed runs with `{out}` = /dev/null under /usr/bin/time -v: best wall
     time (perf_counter) and the median of the max-RSS values.
Prints a table, and the ratios baseline time / tool time and tool MiB /
baseline MiB. Exit status 0 as long as the baseline ran.
"""

import argparse
import os
import re
import shlex
import statistics
import subprocess
import sys
import time

TIME = "/usr/bin/time"


def cpu_model():
    """The CPU's model name, which every benchmark report states."""
    try:
        for line in open("/proc/cpuinfo"):
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    import platform

    return platform.processor() or "unknown CPU"


def count_ops(path):
    n = 0
    with open(path, "rb") as f:
        for line in f:
            if b'"test.' in line:
                n += 1
    return n


def run_once(argv, rss):
    """(seconds, max RSS in KiB or None, CompletedProcess)."""
    if rss:
        argv = [TIME, "-v"] + argv
    t0 = time.perf_counter()
    p = subprocess.run(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    dt = time.perf_counter() - t0
    kib = None
    if rss:
        m = re.search(rb"Maximum resident set size \(kbytes\): (\d+)", p.stderr)
        kib = int(m.group(1)) if m else None
    return dt, kib, p


def measure(name, cmd, args):
    out_file = os.path.join(args.out_dir, name + ".out")
    sub = lambda out: [a.replace("{in}", args.input).replace("{out}", out) for a in shlex.split(cmd)]
    exe = shlex.split(cmd)[0]
    if not (os.path.isfile(exe) and os.access(exe, os.X_OK)):
        return {"name": name, "error": "not found: " + exe}
    if os.path.exists(out_file):
        os.remove(out_file)  # a stale output must not count for this run
    _, _, p = run_once(sub(out_file), rss=False)
    if p.returncode != 0:
        msg = p.stderr.decode(errors="replace").strip().splitlines()
        return {"name": name, "error": "exit %d: %s" % (p.returncode, msg[0] if msg else "")}
    ops = count_ops(out_file) if os.path.exists(out_file) else 0
    if ops != args.ops:
        return {"name": name, "error": "printed %d ops, expected %d" % (ops, args.ops)}
    have_time = os.access(TIME, os.X_OK)
    times, rsses = [], []
    for _ in range(args.runs):
        dt, kib, p = run_once(sub(os.devnull), rss=have_time)
        if p.returncode != 0:
            return {"name": name, "error": "timed run failed with exit %d" % p.returncode}
        times.append(dt)
        if kib is not None:
            rsses.append(kib)
    return {
        "name": name,
        "cmd": " ".join(sub("/dev/null")),
        "sec": min(times),
        "mib": statistics.median(rsses) / 1024 if rsses else None,
        "ops": ops,
    }


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--input", required=True)
    ap.add_argument("--out-dir", required=True)
    ap.add_argument("--ops", type=int, required=True, help="expected number of ops in the output")
    ap.add_argument("tools", nargs="+", metavar="NAME=CMD")
    args = ap.parse_args()
    os.makedirs(args.out_dir, exist_ok=True)

    results = []
    for spec in args.tools:
        name, _, cmd = spec.partition("=")
        print("measuring %s (%d runs) ..." % (name, args.runs), file=sys.stderr, flush=True)
        results.append(measure(name, cmd, args))

    size = os.path.getsize(args.input)
    print("\ninput: %s (%.1f MB = %.1f MiB, %d ops), best of %d runs"
          % (args.input, size / 1e6, size / 2**20, args.ops, args.runs))
    base = results[0]
    w = max(len(r["name"]) for r in results)
    print("%-*s  %8s  %8s  %12s  %12s" % (w, "tool", "seconds", "MiB", "time ratio", "memory ratio"))
    for r in results:
        if "error" in r:
            print("%-*s  %8s  %8s  %12s  %12s   unavailable: %s" % (w, r["name"], "-", "-", "-", "-", r["error"]))
            continue
        tr = mr = "-"
        if r is not base and "error" not in base:
            tr = "%.2fx" % (base["sec"] / r["sec"])
            if r["mib"] and base["mib"]:
                mr = "%.2fx" % (r["mib"] / base["mib"])
        mib = "%.1f" % r["mib"] if r["mib"] is not None else "n/a"
        print("%-*s  %8.3f  %8s  %12s  %12s" % (w, r["name"], r["sec"], mib, tr, mr))
    print("time ratio = %s seconds / tool seconds (>1: tool is faster); "
          "memory ratio = tool MiB / %s MiB (<1: tool uses less)" % (base["name"], base["name"]))
    ok = [r for r in results if "error" not in r]
    if len(ok) > 1:
        print("op count: all %d tools printed %d ops" % (len(ok), args.ops))
    return 0 if "error" not in base else 1


if __name__ == "__main__":
    sys.exit(main())
