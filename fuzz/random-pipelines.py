#!/usr/bin/env python3
"""Random pass pipelines over the lit inputs, each run with --verify-each.

Every pass strata-opt lists (--list-passes), in random orders of one to
four, on every `// -----` chunk of test/**/*.mlir that parses: a pass may
fail with a diagnostic, but a panic, a signal, a hang or IR that does not
verify after a pass is a bug. Findings are written to
fuzz/artifacts/pipelines/ as a reproducing command and its input, and
summarised at the end.

    fuzz/random-pipelines.py [--seconds 600] [--seed 1] [--strata-opt PATH]
"""

import argparse
import glob
import hashlib
import os
import random
import re
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# Passes whose run is not a transformation of the input (printing, graph
# dumps) or needs an input shape the corpus rarely has are still run: the
# point is that nothing crashes.
SKIP = {
    # Prints the whole graph to stderr; nothing to verify.
    "view-op-graph",
}


def passes(strata_opt):
    """Each pass with its options: `{name: [(option, [values to try])]}`,
    read from --list-passes (booleans both ways, integers around their
    default and at the edges, choices from their descriptions)."""
    out = subprocess.run([strata_opt, "--list-passes"], capture_output=True, text=True).stdout
    table, current = {}, None
    for line in out.splitlines():
        m = re.match(r"^  --([a-z0-9-]+)", line)
        if m:
            current = m.group(1)
            table[current] = []
            continue
        m = re.match(r"^    --([a-z0-9-]+)\s+- (.*)\(default: (.*)\)$", line)
        if not (m and current):
            continue
        option, description, default = m.groups()
        if default in ("true", "false"):
            values = ["true", "false"]
        elif re.fullmatch(r"-?\d+", default):
            d = int(default)
            values = sorted({str(v) for v in (d, 0, 1, 2, -1, d * 2, 7, 1 << 20)})
        else:
            values = re.findall(r"(?:\(|; )([a-z0-9][a-z0-9-]*): ", description)
        if values:
            table[current].append((option, values))
    return {name: opts for name, opts in table.items() if name not in SKIP}


def random_pass(rng, table):
    """`--name` or `--name=opt=value ...` with some options set at random."""
    name = rng.choice(sorted(table))
    chosen = [f"{o}={rng.choice(v)}" for o, v in table[name] if rng.random() < 0.3]
    return f"--{name}=" + " ".join(chosen) if chosen else f"--{name}"


def chunks(pattern):
    for path in sorted(glob.glob(os.path.join(ROOT, pattern), recursive=True)):
        if "/Output/" in path:
            continue
        with open(path, encoding="utf-8", errors="replace") as f:
            text = f.read()
        # Inputs that exist to fail (diagnostics tests) teach the fuzzer little.
        if "expected-error" in text:
            continue
        for i, chunk in enumerate(re.split(r"^// -----.*$", text, flags=re.M)):
            yield f"{os.path.relpath(path, ROOT)}#{i}", chunk


def first_error(stderr):
    """The first error or panic line, without its file:line:col."""
    for line in stderr.splitlines():
        if "error:" in line or "panicked at" in line:
            return re.sub(r"^\S*:\d+:\d+: |^unknown: ", "", line.strip())
    return (stderr.strip().splitlines() or [""])[0]


def crash(proc):
    """A panic, abort or signal, if `proc` ended in one."""
    if proc.returncode < 0:
        return f"signal {-proc.returncode}"
    if re.search(r"panicked at|stack overflow|memory allocation of", proc.stderr):
        return "panic"
    return None


def classify(cmd, timeout):
    """What went wrong with `cmd` (a strata-opt run with --verify-each), if
    anything: a crash, a hang, or IR that does not verify after a pass. A
    verifier error and a pass's own error read alike, so a failing run is
    repeated with --verify-each=false: if the passes then succeed, the error
    was the verifier's, and the pass emitted invalid IR."""
    try:
        proc = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout, errors="replace")
    except subprocess.TimeoutExpired:
        return "hang", ""
    first = first_error(proc.stderr)
    kind = crash(proc)
    if kind or proc.returncode == 0:
        return kind, first
    plain = ["--verify-each=false" if a == "--verify-each" else a for a in cmd]
    try:
        again = subprocess.run(plain, capture_output=True, text=True, timeout=timeout, errors="replace")
    except subprocess.TimeoutExpired:
        return "hang", first
    if crash(again):
        return crash(again), first_error(again.stderr)
    if again.returncode == 0:
        return "invalid IR", first
    return None, first


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--seconds", type=float, default=600)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--timeout", type=float, default=20)
    ap.add_argument("--strata-opt", default=os.path.join(ROOT, "target/release/strata-opt"))
    ap.add_argument("--inputs", default="test/**/*.mlir")
    args = ap.parse_args()
    rng = random.Random(args.seed)
    names = passes(args.strata_opt)
    corpus = list(chunks(args.inputs))
    out_dir = os.path.join(ROOT, "fuzz/artifacts/pipelines")
    os.makedirs(out_dir, exist_ok=True)
    runs, findings, seen = 0, {}, set()
    deadline = time.time() + args.seconds
    with tempfile.TemporaryDirectory() as tmp:
        while time.time() < deadline:
            label, text = rng.choice(corpus)
            pipeline = [random_pass(rng, names) for _ in range(rng.randint(1, 4))]
            path = os.path.join(tmp, "input.mlir")
            with open(path, "w") as f:
                f.write(text)
            cmd = [args.strata_opt, path, "--allow-unregistered-dialect", "--verify-each", *pipeline]
            kind, first = classify(cmd, args.timeout)
            runs += 1
            if not kind:
                continue
            # One finding per kind and message shape.
            key = (kind, re.sub(r"\d+", "N", first)[:120])
            if key in seen:
                continue
            seen.add(key)
            digest = hashlib.sha1((label + " ".join(pipeline)).encode()).hexdigest()[:10]
            with open(os.path.join(out_dir, f"{digest}.mlir"), "w") as f:
                quoted = " ".join(f"'{p}'" for p in pipeline)
                f.write(f"// {kind}: strata-opt %s --allow-unregistered-dialect --verify-each {quoted}\n")
                f.write(f"// from {label}\n// {first}\n")
                f.write(text)
            findings.setdefault(kind, []).append((label, " ".join(pipeline), first, digest))
    print(f"runs: {runs} in {args.seconds:.0f} s over {len(corpus)} inputs and {len(names)} passes (seed {args.seed})")
    for kind, items in sorted(findings.items()):
        print(f"{kind}: {len(items)}")
        for label, pipeline, first, digest in items:
            print(f"  {digest} {label} {pipeline}: {first[:160]}")
    return 1 if findings else 0


if __name__ == "__main__":
    sys.exit(main())
