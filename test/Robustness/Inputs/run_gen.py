"""Generates programs too large to keep as test files, for the test/Robustness/run-*.mlir tests.

  chain FUNCS DEPTH: FUNCS functions @f0..; each nests DEPTH scf.if regions
  and calls the next one from the innermost; the last returns 7.
"""
import sys


def chain(funcs, depth):
    out = []
    for k in range(funcs):
        lines = [f"func.func @f{k}() -> i64 {{", "  %t = arith.constant true", "  %z = arith.constant 7 : i64"]
        lines += [f"  %w{i} = scf.if %t -> i64 {{" for i in range(depth)]
        if k + 1 < funcs:
            lines.append(f"  %c = func.call @f{k + 1}() : () -> i64")
            lines.append("  scf.yield %c : i64")
        else:
            lines.append("  scf.yield %z : i64")
        for i in reversed(range(depth)):
            lines.append("  } else { scf.yield %z : i64 }")
            if i > 0:
                lines.append(f"  scf.yield %w{i} : i64")
        lines.append("  return %w0 : i64")
        lines.append("}")
        out.append("\n".join(lines))
    return "\n".join(out) + "\n"


if __name__ == "__main__":
    kind, *args = sys.argv[1:]
    if kind == "chain":
        sys.stdout.write(chain(int(args[0]), int(args[1])))
    else:
        sys.exit(f"unknown program kind '{kind}'")
