#!/usr/bin/env python3
"""Round trip through upstream MLIR 22, behind lit's `%mlir-bridge-roundtrip`.

    // RUN: %mlir-bridge-roundtrip [strata args] FILE

A = strata-opt ARGS FILE
B = strata-translate --export-mlir ARGS FILE | strata-translate --import-mlir ARGS -
    (Strata -> MLIR, which verifies it; MLIR's output -> MLIR again -> Strata)
C = strata-translate --export-mlir ARGS FILE
D = mlir-opt ARGS FILE
    (MLIR prints the same for Strata's generic form as for the file itself)
Fails with a unified diff when A != B or C != D; otherwise prints A. ARGS are the
flags both tools share: --split-input-file, --allow-unregistered-dialect.
Needs a strata-translate built with the `mlir` feature (REQUIRES: mlir).
"""

import difflib
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from roundtrip import run, strata_opt  # noqa: E402


def main():
    args = sys.argv[1:]
    if not args or args[0] in ("-h", "--help"):
        print(__doc__)
        return 0
    opt = strata_opt()
    translate = os.path.join(os.path.dirname(opt), "strata-translate")
    flags, inputs = args[:-1], args[-1:]
    mlir_opt = os.environ.get("MLIR_OPT", "/usr/lib/llvm-22/bin/mlir-opt")
    a = run([opt] + args, what="Strata alone (A)")
    exported = run([translate, "--export-mlir"] + args, what="--export-mlir (C)")
    b = run([translate, "--import-mlir"] + flags + ["-"], stdin=exported, what="--import-mlir (B)")
    d = run([mlir_opt] + args, what="mlir-opt (D)")
    for (x, y, xname, yname, what) in (
        (a, b, "A: strata-opt", "B: strata-translate --export-mlir | --import-mlir",
         "the IR changed through MLIR"),
        (exported, d, "C: strata-translate --export-mlir", "D: mlir-opt",
         "MLIR prints Strata's module differently from the file"),
    ):
        if x != y:
            diff = difflib.unified_diff(
                x.decode(errors="replace").splitlines(keepends=True),
                y.decode(errors="replace").splitlines(keepends=True),
                fromfile=xname + " " + " ".join(args),
                tofile=yname + " " + " ".join(inputs),
            )
            sys.stderr.write("mlir-bridge-roundtrip: %s:\n" % what)
            sys.stderr.writelines(diff)
            return 1
    sys.stdout.buffer.write(a)
    return 0


if __name__ == "__main__":
    sys.exit(main())
