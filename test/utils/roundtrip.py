#!/usr/bin/env python3
"""Round-trip check behind lit's `%roundtrip` substitution.

    // RUN: %roundtrip [strata-opt args] %s | FileCheck %s

A = strata-opt ARGS FILE
B = strata-opt ARGS FILE --mlir-print-op-generic | strata-opt ARGS'
    where ARGS' is ARGS without the input file and without --pass-pipeline
    (the passes ran once already, in the first stage of B).
Fails with a unified diff when A != B; otherwise prints A on stdout.

strata-opt is $STRATA_BIN_DIR/strata-opt (set by test/lit.cfg.py), or
`strata-opt` on PATH.
"""

import difflib
import os
import shutil
import subprocess
import sys


def strata_opt():
    d = os.environ.get("STRATA_BIN_DIR")
    if d:
        return os.path.join(d, "strata-opt")
    found = shutil.which("strata-opt")
    if not found:
        sys.exit("roundtrip: strata-opt not found (set STRATA_BIN_DIR)")
    return found


def run(cmd, stdin=None, what=""):
    p = subprocess.run(cmd, input=stdin, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    if p.returncode != 0:
        sys.stderr.write(
            "roundtrip: %s failed (exit %d): %s\n" % (what, p.returncode, " ".join(cmd))
        )
        sys.stderr.buffer.write(p.stderr)
        sys.exit(p.returncode if p.returncode > 0 else 1)
    sys.stderr.buffer.write(p.stderr)  # warnings/remarks stay visible
    return p.stdout


def split_args(args):
    """(args without the input file and pass pipeline, input file)."""
    rest, inputs = [], []
    skip_next = False
    for i, a in enumerate(args):
        if skip_next:
            skip_next = False
            continue
        if a in ("-o", "--o"):
            sys.exit("roundtrip: do not pass -o; the result goes to stdout")
        if a.startswith(("--pass-pipeline=", "-pass-pipeline=", "-p=")):
            continue
        if a in ("--pass-pipeline", "-pass-pipeline", "-p"):
            skip_next = True
            continue
        if a == "-" or (not a.startswith("-") and os.path.exists(a)):
            inputs.append(a)
            continue
        rest.append(a)
    if len(inputs) != 1:
        sys.exit("roundtrip: expected exactly one input file, got %r" % (inputs,))
    return rest, inputs[0]


def main():
    args = sys.argv[1:]
    if not args or args[0] in ("-h", "--help"):
        print(__doc__)
        return 0
    opt = strata_opt()
    second_args, _ = split_args(args)

    a = run([opt] + args, what="custom-form print (A)")
    generic = run([opt] + args + ["--mlir-print-op-generic"], what="generic-form print")
    b = run([opt] + second_args + ["-"], stdin=generic, what="re-parse of the generic form (B)")

    if a != b:
        diff = difflib.unified_diff(
            a.decode(errors="replace").splitlines(keepends=True),
            b.decode(errors="replace").splitlines(keepends=True),
            fromfile="A: strata-opt " + " ".join(args),
            tofile="B: ... --mlir-print-op-generic | strata-opt " + " ".join(second_args),
        )
        sys.stderr.write("roundtrip: printing the generic form and parsing it back changed the IR:\n")
        sys.stderr.writelines(diff)
        if not a.endswith(b"\n") or not b.endswith(b"\n"):
            sys.stderr.write("\n(difference may be in trailing newline)\n")
        return 1
    sys.stdout.buffer.write(a)
    return 0


if __name__ == "__main__":
    sys.exit(main())
