#!/usr/bin/env python3
"""Check that upstream mlir-opt 22 accepts IR, behind lit's `%mlir-accepts`.

    // REQUIRES: mlir-opt
    // RUN: strata-opt %s | %mlir-accepts | FileCheck %s
    // RUN: strata-opt --split-input-file %s | %mlir-accepts --split-input-file

Pipes stdin into `mlir-opt --allow-unregistered-dialect [ARGS] -` and fails
(showing mlir-opt's diagnostics and the input) when mlir-opt rejects it.
Otherwise copies stdin to stdout unchanged, so it can sit inside a pipeline.
Extra arguments (e.g. --split-input-file) are passed through to mlir-opt.

mlir-opt is $MLIR_OPT, else /usr/lib/llvm-22/bin/mlir-opt.
"""

import os
import subprocess
import sys


def main():
    args = sys.argv[1:]
    if args[:1] in (["-h"], ["--help"]):
        print(__doc__)
        return 0
    mlir_opt = os.environ.get("MLIR_OPT", "/usr/lib/llvm-22/bin/mlir-opt")
    if not os.access(mlir_opt, os.X_OK):
        sys.stderr.write("mlir-accepts: %s not found (add `// REQUIRES: mlir-opt`)\n" % mlir_opt)
        return 2
    data = sys.stdin.buffer.read()
    cmd = [mlir_opt, "--allow-unregistered-dialect"] + args + ["-", "-o", os.devnull]
    p = subprocess.run(cmd, input=data, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    if p.returncode != 0:
        sys.stderr.write("mlir-accepts: mlir-opt rejected its input (exit %d): %s\n"
                         % (p.returncode, " ".join(cmd)))
        sys.stderr.buffer.write(p.stderr)
        sys.stderr.write("--- input ---\n")
        sys.stderr.buffer.write(data)
        return 1
    sys.stdout.buffer.write(data)
    return 0


if __name__ == "__main__":
    sys.exit(main())
