"""Generates programs too large to keep as test files, for the test/Robustness/run-*.mlir tests.

  chain FUNCS DEPTH: FUNCS functions @f0..; each nests DEPTH scf.if regions
  and calls the next one from the innermost; the last returns 7.
  npy DESCR SHAPE BYTES: an .npy file whose header says DESCR and SHAPE
  (comma-separated) followed by BYTES zero bytes, whatever they describe.
  npy-values DESCR VALUES [EXTRA]: a 1-D .npy file of DESCR (|b1, |i1, <i4,
  <i8, <f4, <f8) holding VALUES (comma-separated), then EXTRA junk bytes.
"""
import struct
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


def npy(descr, shape, nbytes):
    dims = [d for d in shape.split(",") if d]
    shape_text = "(" + ", ".join(dims) + ("," if len(dims) == 1 else "") + ")"
    header = "{'descr': '%s', 'fortran_order': False, 'shape': %s, }" % (descr, shape_text)
    header += " " * ((64 - (10 + len(header) + 1) % 64) % 64) + "\n"
    return b"\x93NUMPY\x01\x00" + struct.pack("<H", len(header)) + header.encode() + bytes(nbytes)


PACK = {"|b1": "?", "|i1": "b", "<i4": "i", "<i8": "q", "<f4": "f", "<f8": "d"}


def npy_values(descr, values, extra):
    items = values.split(",")
    if descr == "|b1":
        data = [v == "True" for v in items]
    elif descr.startswith("<f"):
        data = [float(v) for v in items]
    else:
        data = [int(v) for v in items]
    return npy(descr, str(len(data)), 0) + struct.pack("<" + PACK[descr] * len(data), *data) + b"x" * extra


if __name__ == "__main__":
    kind, *args = sys.argv[1:]
    if kind == "chain":
        sys.stdout.write(chain(int(args[0]), int(args[1])))
    elif kind == "npy":
        sys.stdout.buffer.write(npy(args[0], args[1], int(args[2])))
    elif kind == "npy-values":
        sys.stdout.buffer.write(npy_values(args[0], args[1], int(args[2]) if len(args) > 2 else 0))
    else:
        sys.exit(f"unknown program kind '{kind}'")
