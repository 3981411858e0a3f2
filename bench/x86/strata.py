"""The same problems as Strata functions, compiled through the C path and timed.

A problem becomes `func.func @kernel(%x, %w, %y)` on memrefs: activations,
weights, and the output, which the function zero-fills and then
accumulates into with `linalg.matmul` or `linalg.conv_2d_nchw_fchw`, so
every call computes the whole result as a peer's call does. A padded
convolution copies its input into a zero-filled padded buffer first
(the peers pad inside their Conv too).

int8 uses i8 x i8 -> i32 with MLIR's default signed extension (the named
ops extend both operands alike). The activations are drawn in [0, 31], so
as unsigned bytes for the peers (u8 x s8) and as signed i8 for Strata they
are the same numbers and every implementation computes the same integers.

Weights (`const=True`, the default for f32 and int8: `--const-weights`) are a
`memref.global` constant with the data as a dense initializer and
`memref.get_global` in the function, as the peers get them (ONNX
initializers, which they pre-pack when the session is built);
`x86-vectorize`, run on the module, packs such weights at compile time.
Otherwise they are the function's second argument.

The pipeline (`STRATA_PIPELINE` or `--pipeline`, a strata-opt
`--pass-pipeline` string) defaults to the vectorizing `x86-vectorize` pass
when strata-opt registers it, else to the scalar C path
(linalg to loops). The module is then run by
`strata-run --target c --repeat N --warmup W --time --no-bounds-checks
--cflags='-O3 -march=native'`, which times the calls inside the compiled
program and prints the median and minimum.
"""

import os
import re
import subprocess

import numpy as np

SCALAR_PIPELINE = "builtin.module(func.func(convert-linalg-to-loops,lower-affine,canonicalize,cse))"
# x86-vectorize on the module: it sees the weights' globals (constant
# weights packed at compile time); symbol-dce drops the unpacked copies.
# isa=native: the AVX-512 kernels where this machine has AVX-512F, else the
# AVX2 + FMA ones (the peers pick their kernels for the CPU too).


def vector_pipeline(options=""):
    """The x86-vectorize pipeline with `options` after isa=native (a later
    option wins)."""
    opts = "isa=native" + (f" {options}" if options else "")
    return (f"builtin.module(x86-vectorize{{{opts}}},symbol-dce,func.func(convert-linalg-to-loops,lower-affine,"
            "canonicalize,cse))")


VECTOR_PIPELINE = vector_pipeline()
CFLAGS = "-O3 -march=native"


def list_passes(opt):
    out = subprocess.run([opt, "--list-passes"], capture_output=True, text=True, check=True)
    return set(re.findall(r"^  --([a-z0-9-]+)", out.stdout, re.M))


def choose_pipeline(opt, override=None):
    """(pipeline, description)."""
    if override:
        return override, "given (STRATA_PIPELINE / --pipeline)"
    if "x86-vectorize" in list_passes(opt):
        return VECTOR_PIPELINE, "x86-vectorize (registered in strata-opt)"
    return SCALAR_PIPELINE, "scalar C (x86-vectorize is not registered in strata-opt)"


def _memref(shape, elem):
    return "memref<" + "x".join(str(d) for d in shape) + f"x{elem}>"


def mlir(problem, dtype, weights=None):
    """The Strata module for `problem` and its (x, w, y) shapes; `weights`
    (an array) makes them a constant global instead of an argument."""
    elem, acc = ("f32", "f32") if dtype == "f32" else ("i8", "i32")
    zero = "0.0" if acc == "f32" else "0"
    if problem.kind == "gemm":
        xs, ws, ys = (problem.n, problem.k), (problem.k, problem.m), (problem.n, problem.m)
        op_body = (f"  linalg.matmul ins(%x, %w : {_memref(xs, elem)}, {_memref(ws, elem)}) "
                   f"outs(%y : {_memref(ys, acc)})\n")
        pre = ""
    else:
        p = problem
        xs, ws = (p.n, p.c, p.h, p.w), (p.k, p.c, p.r, p.s)
        ys = (p.n, p.k, p.oh, p.ow)
        src, pre = "%x", ""
        in_type = _memref(xs, elem)
        if p.pad:
            ps = (p.n, p.c, p.h + 2 * p.pad, p.w + 2 * p.pad)
            pt = _memref(ps, elem)
            strides = [ps[1] * ps[2] * ps[3], ps[2] * ps[3], ps[3], 1]
            offset = p.pad * ps[3] + p.pad
            view = (f"memref<{p.n}x{p.c}x{p.h}x{p.w}x{elem}, strided<[{', '.join(map(str, strides))}], "
                    f"offset: {offset}>>")
            pre = (f"  %pz = arith.constant {'0.0' if elem == 'f32' else '0'} : {elem}\n"
                   f"  %p = memref.alloc() {{alignment = 64 : i64}} : {pt}\n"
                   f"  linalg.fill ins(%pz : {elem}) outs(%p : {pt})\n"
                   f"  %in = memref.subview %p[0, 0, {p.pad}, {p.pad}] [{p.n}, {p.c}, {p.h}, {p.w}] "
                   f"[1, 1, 1, 1] : {pt} to {view}\n"
                   f"  memref.copy %x, %in : {in_type} to {view}\n")
            src, in_type = "%p", pt
        op_body = (f"  linalg.conv_2d_nchw_fchw {{dilations = dense<1> : tensor<2xi64>, "
                   f"strides = dense<{p.stride}> : tensor<2xi64>}} "
                   f"ins({src}, %w : {in_type}, {_memref(ws, elem)}) outs(%y : {_memref(ys, acc)})\n")
        if p.pad:
            op_body += f"  memref.dealloc %p : {_memref((p.n, p.c, p.h + 2 * p.pad, p.w + 2 * p.pad), elem)}\n"
    if weights is None:
        glob, w_arg, w_get = "", f"%w: {_memref(ws, elem)}, ", ""
    else:
        data = np.ascontiguousarray(weights).tobytes().hex().upper()
        glob = f"memref.global \"private\" constant @w : {_memref(ws, elem)} = dense<\"0x{data}\">\n"
        w_arg, w_get = "", f"  %w = memref.get_global @w : {_memref(ws, elem)}\n"
    text = (f"{glob}func.func @kernel(%x: {_memref(xs, elem)}, {w_arg}"
            f"%y: {_memref(ys, acc)}) {{\n"
            f"{w_get}"
            f"  %zero = arith.constant {zero} : {acc}\n"
            f"{pre}"
            f"  linalg.fill ins(%zero : {acc}) outs(%y : {_memref(ys, acc)})\n"
            f"{op_body}"
            f"  return\n}}\n")
    return text, xs, ws, ys


TIME_RE = re.compile(r"time: median ([0-9.]+) ms, min ([0-9.]+) ms over (\d+) calls")


def run(problem, dtype, x, w, tools, pipeline, workdir, warmup, repeat, const_weights=False,
        keep=False):
    """(output, median seconds, min seconds, compile seconds, kept program
    directory or None) of Strata's C path; `keep`: the compiled program stays
    (`STRATA_KEEP_C=1`) for [`call_times`] to time again without rebuilding."""
    import time

    text, xs, ws, ys = mlir(problem, dtype, w if const_weights else None)
    os.makedirs(workdir, exist_ok=True)
    src = os.path.join(workdir, "kernel.mlir")
    lowered = os.path.join(workdir, "kernel.lowered.mlir")
    with open(src, "w") as f:
        f.write(text)
    xf, wf, yf = (os.path.join(workdir, n) for n in ("x.npy", "w.npy", "y.npy"))
    # Strata's i8 is signed; the activations are in [0, 31], the same values.
    np.save(xf, x.astype(np.int8) if dtype == "int8" else x)
    np.save(wf, w)
    t = time.perf_counter()
    subprocess.run([tools["opt"], src, f"--pass-pipeline={pipeline}", "-o", lowered], check=True)
    compile_s = time.perf_counter() - t
    w_io = [] if const_weights else ["--input", wf]
    w_out = [] if const_weights else ["--output", os.devnull]
    cmd = [tools["run"], lowered, "--entry", "kernel", "--target", "c", "--input", xf, *w_io,
           "--random-inputs", "--output", os.devnull, *w_out, "--output", yf,
           "--repeat", str(repeat), "--warmup", str(warmup), "--time", "--no-bounds-checks",
           f"--cflags={CFLAGS}"]
    env = dict(os.environ, STRATA_KEEP_C="1") if keep else None
    done = subprocess.run(cmd, capture_output=True, text=True, env=env)
    if done.returncode != 0:
        raise RuntimeError(f"{' '.join(cmd)} failed:\n{done.stderr}")
    m = TIME_RE.search(done.stderr)
    if not m:
        raise RuntimeError(f"no time in strata-run's output:\n{done.stderr}")
    kept = re.search(r"kept (\S+)", done.stderr) if keep else None
    if keep and not kept:
        raise RuntimeError(f"strata-run kept no program:\n{done.stderr}")
    y = np.load(yf)
    assert y.shape == tuple(ys), (y.shape, ys)
    return (y, float(m.group(1)) * 1e-3, float(m.group(2)) * 1e-3, compile_s,
            kept.group(1) if kept else None)


def call_times(program_dir, warmup, calls):
    """Seconds of each timed call of one run of a kept program (the
    harness's arguments: inputs, outputs, repeat, warm-up, times file)."""
    times = os.path.join(program_dir, "call_times.txt")
    subprocess.run([os.path.join(program_dir, "program"), os.path.join(program_dir, "inputs.bin"),
                    os.path.join(program_dir, "outputs.bin"), str(calls), str(warmup), times],
                   check=True)
    with open(times) as f:
        return [float(v) / 1e9 for v in f.read().split()][warmup:]
