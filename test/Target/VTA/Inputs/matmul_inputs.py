"""Inputs for run-program.mlir: matmul.mlir's (a, w, bias) as .npy files in
the layer's shapes (a.npy, w.npy, bias.npy) and in the packed shapes of the
program's DRAM buffers (a_p.npy, w_p.npy, bias_p.npy). With 16x16 operands
and one 16-wide block, packing keeps the row-major order of a and bias;
w is symmetric, so its packed (transposed) order is its own."""
import random
import struct
import sys


def npy(path, code, descr, shape, values):
    dims = ", ".join(str(d) for d in shape) + ("," if len(shape) == 1 else "")
    header = "{'descr': '%s', 'fortran_order': False, 'shape': (%s), }" % (descr, dims)
    header += " " * ((64 - (10 + len(header) + 1) % 64) % 64) + "\n"
    with open(path, "wb") as f:
        f.write(b"\x93NUMPY\x01\x00" + struct.pack("<H", len(header)) + header.encode())
        f.write(struct.pack("<" + code * len(values), *values))


out = sys.argv[1]
rng = random.Random(5)
a = [rng.randint(-128, 127) for _ in range(256)]
w = [[0] * 16 for _ in range(16)]
for i in range(16):
    for j in range(i, 16):
        w[i][j] = w[j][i] = rng.randint(-128, 127)
w = [x for row in w for x in row]
bias = [rng.randint(-256, 256) for _ in range(16)]
npy(f"{out}/a.npy", "b", "|i1", [16, 16], a)
npy(f"{out}/w.npy", "b", "|i1", [16, 16], w)
npy(f"{out}/bias.npy", "i", "<i4", [16], bias)
npy(f"{out}/a_p.npy", "b", "|i1", [16, 1, 1, 16], a)
npy(f"{out}/w_p.npy", "b", "|i1", [1, 1, 16, 16], w)
npy(f"{out}/bias_p.npy", "i", "<i4", [1, 1, 1, 16], bias)
