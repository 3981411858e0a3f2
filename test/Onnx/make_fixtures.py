#!/usr/bin/env python3
"""Builds the ONNX models and .npy fixtures of test/Onnx.

Each case is a small graph with seeded random weights and inputs; ONNX
Runtime computes the expected outputs. The lit tests import each model
with `strata-translate --import-onnx`, run it with `strata-run` and
compare with `--expect`, so the suite needs no Python at test time.

Run from anywhere with a Python that has onnx, onnxruntime and numpy:

    python3 test/Onnx/make_fixtures.py

It rewrites test/Onnx/Inputs/ (deterministic: same bytes every run).
"""

import os
import sys

import numpy as np
import onnx
import onnxruntime as ort
from onnx import TensorProto, helper, numpy_helper

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "Inputs")

F32 = TensorProto.FLOAT
I8 = TensorProto.INT8
U8 = TensorProto.UINT8
I32 = TensorProto.INT32
I64 = TensorProto.INT64

NP = {F32: np.float32, I8: np.int8, U8: np.uint8, I32: np.int32, I64: np.int64}


class Case:
    """One model: inputs (name, dtype, shape), nodes, initializers."""

    def __init__(self, name, opset=17):
        self.name = name
        self.opset = opset
        self.rng = np.random.default_rng(abs(hash_name(name)))
        self.inputs = []
        self.outputs = []
        self.nodes = []
        self.inits = []
        self.feeds = {}

    def random(self, dtype, shape):
        if dtype == F32:
            return self.rng.uniform(-2.0, 2.0, size=shape).astype(np.float32)
        info = np.iinfo(NP[dtype])
        return self.rng.integers(info.min, info.max, size=shape, endpoint=True).astype(NP[dtype])

    def input(self, name, dtype, shape, data=None):
        self.inputs.append(helper.make_tensor_value_info(name, dtype, shape))
        self.feeds[name] = self.random(dtype, shape) if data is None else data
        return name

    def const(self, name, array):
        self.inits.append(numpy_helper.from_array(np.asarray(array), name))
        return name

    def weight(self, name, dtype, shape, scale=1.0):
        data = self.random(dtype, shape)
        if dtype == F32:
            data = (data * scale).astype(np.float32)
        return self.const(name, data)

    def node(self, op, inputs, outputs, **attrs):
        self.nodes.append(helper.make_node(op, inputs, outputs, name=f"{op.lower()}{len(self.nodes)}", **attrs))
        return outputs[0]

    def output(self, name):
        self.outputs.append(name)

    def write(self):
        # Output types come from ONNX shape inference.
        graph = helper.make_graph(self.nodes, self.name, self.inputs,
                                  [onnx.ValueInfoProto(name=o) for o in self.outputs], self.inits)
        model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", self.opset)],
                                  producer_name="strata-test")
        model.ir_version = 8
        inferred = onnx.shape_inference.infer_shapes(model, strict_mode=True)
        known = {v.name: v for v in inferred.graph.value_info}
        outs = []
        for o in self.outputs:
            outs.append(known[o] if o in known else next(v for v in inferred.graph.output if v.name == o))
        del model.graph.output[:]
        model.graph.output.extend(outs)
        onnx.checker.check_model(model, full_check=True)
        path = os.path.join(OUT, f"{self.name}.onnx")
        with open(path, "wb") as f:
            f.write(model.SerializeToString())
        sess = ort.InferenceSession(path, providers=["CPUExecutionProvider"])
        results = sess.run(None, self.feeds)
        for i, inp in enumerate(self.inputs):
            np.save(os.path.join(OUT, f"{self.name}.in{i}.npy"), self.feeds[inp.name])
        for i, r in enumerate(results):
            np.save(os.path.join(OUT, f"{self.name}.out{i}.npy"), r)


def hash_name(name):
    h = 1469598103934665603
    for c in name.encode():
        h = ((h ^ c) * 1099511628211) % (1 << 63)
    return h


def cases():
    c = Case("binary")
    a = c.input("a", F32, [2, 3, 4])
    b = c.input("b", F32, [3, 1])
    s = c.node("Add", [a, b], ["s"])
    d = c.node("Sub", [s, c.weight("w", F32, [4])], ["d"])
    m = c.node("Mul", [d, a], ["m"])
    q = c.node("Div", [m, c.const("two", np.array(2.0, np.float32))], ["q"])
    c.output(q)
    yield c

    c = Case("binary_int")
    a = c.input("a", I32, [3, 4], np.arange(-6, 6, dtype=np.int32).reshape(3, 4) * 7)
    b = c.input("b", I32, [4], np.array([3, -2, 5, -7], np.int32))
    c.output(c.node("Div", [a, b], ["q"]))
    c.output(c.node("Add", [a, b], ["s"]))
    yield c

    c = Case("unary")
    x = c.input("x", F32, [2, 5])
    for op in ["Relu", "Sigmoid", "Tanh", "Erf", "Exp", "Neg"]:
        c.output(c.node(op, [x], [op.lower()]))
    c.output(c.node("Sqrt", [c.node("Relu", [x], ["r"])], ["sqrt"]))
    c.output(c.node("Clip", [x, c.const("lo", np.array(-0.5, np.float32)),
                             c.const("hi", np.array(0.75, np.float32))], ["clip"]))
    c.output(c.node("Clip", [x, "", c.const("hi2", np.array(0.25, np.float32))], ["cliphi"]))
    yield c

    c = Case("gelu", opset=20)
    x = c.input("x", F32, [3, 4])
    c.output(c.node("Gelu", [x], ["g"]))
    c.output(c.node("Gelu", [x], ["gt"], approximate="tanh"))
    yield c

    for name, attrs, wshape, xshape in [
        ("conv", dict(pads=[1, 1, 1, 1]), [4, 3, 3, 3], [1, 3, 6, 6]),
        ("conv_stride_dilation", dict(strides=[2, 1], dilations=[1, 2], pads=[0, 2, 1, 0]), [5, 2, 3, 3], [2, 2, 7, 8]),
        ("conv_groups", dict(group=2, pads=[1, 1, 1, 1]), [4, 2, 3, 3], [1, 4, 5, 5]),
        ("conv_depthwise", dict(group=4, strides=[2, 2], pads=[1, 1, 1, 1]), [4, 1, 3, 3], [1, 4, 6, 6]),
        ("conv_same_upper", dict(auto_pad="SAME_UPPER", strides=[2, 2]), [3, 2, 4, 4], [1, 2, 7, 7]),
        ("conv_same_lower", dict(auto_pad="SAME_LOWER"), [3, 2, 2, 2], [1, 2, 5, 5]),
    ]:
        c = Case(name)
        x = c.input("x", F32, xshape)
        inputs = [x, c.weight("w", F32, wshape, 0.5)]
        if name != "conv_same_lower":
            inputs.append(c.weight("b", F32, [wshape[0]]))
        c.output(c.node("Conv", inputs, ["y"], **attrs))
        yield c

    c = Case("gemm")
    a = c.input("a", F32, [3, 5])
    c.output(c.node("Gemm", [a, c.weight("b", F32, [4, 5]), c.weight("c", F32, [4])], ["y"],
                    transB=1, alpha=0.5, beta=2.0))
    c.output(c.node("Gemm", [c.weight("at", F32, [5, 2]), c.weight("b2", F32, [5, 3])], ["y2"], transA=1))
    yield c

    c = Case("matmul")
    a = c.input("a", F32, [2, 3, 4, 5])
    c.output(c.node("MatMul", [a, c.weight("b", F32, [5, 6])], ["y"]))
    c.output(c.node("MatMul", [a, c.weight("bb", F32, [3, 5, 2])], ["yb"]))
    v = c.input("v", F32, [5])
    c.output(c.node("MatMul", [a, v], ["yv"]))
    yield c

    c = Case("pool")
    x = c.input("x", F32, [1, 2, 7, 7])
    c.output(c.node("MaxPool", [x], ["max"], kernel_shape=[3, 3], strides=[2, 2], pads=[1, 1, 1, 1]))
    c.output(c.node("AveragePool", [x], ["avg"], kernel_shape=[2, 2], strides=[2, 2]))
    c.output(c.node("AveragePool", [x], ["avgpad"], kernel_shape=[3, 3], pads=[1, 1, 1, 1], count_include_pad=1))
    c.output(c.node("AveragePool", [x], ["avgexcl"], kernel_shape=[3, 3], pads=[1, 1, 1, 1]))
    c.output(c.node("GlobalAveragePool", [x], ["gap"]))
    yield c

    c = Case("batchnorm")
    x = c.input("x", F32, [2, 3, 4, 4])
    c.output(c.node("BatchNormalization",
                    [x, c.weight("scale", F32, [3]), c.weight("bias", F32, [3]), c.weight("mean", F32, [3]),
                     c.const("var", np.array([0.5, 1.0, 2.0], np.float32))], ["y"], epsilon=1e-3))
    yield c

    c = Case("softmax")
    x = c.input("x", F32, [2, 3, 5])
    c.output(c.node("Softmax", [x], ["y"]))
    c.output(c.node("Softmax", [x], ["y1"], axis=1))
    yield c

    c = Case("layernorm")
    x = c.input("x", F32, [2, 3, 8])
    c.output(c.node("LayerNormalization", [x, c.weight("g", F32, [8]), c.weight("b", F32, [8])], ["y"],
                    epsilon=1e-5))
    c.output(c.node("LayerNormalization", [x, c.weight("g2", F32, [3, 8])], ["y2"], axis=-2))
    yield c

    c = Case("shape_ops")
    x = c.input("x", F32, [2, 3, 4])
    r = c.node("Reshape", [x, c.const("shape", np.array([3, -1, 0], np.int64))], ["r"])
    c.output(r)
    c.output(c.node("Flatten", [x], ["f"], axis=2))
    c.output(c.node("Transpose", [x], ["t"], perm=[2, 0, 1]))
    c.output(c.node("Concat", [x, c.weight("w", F32, [2, 2, 4])], ["cat"], axis=1))
    c.output(c.node("Slice", [x, c.const("st", np.array([0, 3], np.int64)), c.const("en", np.array([2, 0], np.int64)),
                              c.const("ax", np.array([1, 2], np.int64)), c.const("sp", np.array([1, -2], np.int64))],
                    ["sl"]))
    c.output(c.node("Gather", [x, c.const("idx", np.array([[2, 0], [1, -1]], np.int64))], ["g"], axis=1))
    u = c.node("Unsqueeze", [x, c.const("uax", np.array([0, 3], np.int64))], ["u"])
    c.output(u)
    c.output(c.node("Squeeze", [u, c.const("sax", np.array([0], np.int64))], ["sq"]))
    # A transposed constant (permuted at import).
    c.output(c.node("Add", [c.node("Transpose", [c.weight("wt", F32, [4, 2, 3])], ["ct"], perm=[1, 2, 0]), x], ["tc"]))
    yield c

    # int8: quantize, integer matmul/conv, QLinear ops.
    c = Case("quant")
    x = c.input("x", F32, [2, 6])
    q = c.node("QuantizeLinear", [x, c.const("s", np.array(0.02, np.float32)), c.const("z", np.array(3, np.int8))], ["q"])
    c.output(q)
    c.output(c.node("DequantizeLinear", [q, "s", "z"], ["dq"]))
    qu = c.node("QuantizeLinear", [x, "s", c.const("zu", np.array(128, np.uint8))], ["qu"])
    c.output(qu)
    yield c

    c = Case("matmul_integer")
    a = c.input("a", U8, [3, 8])
    c.output(c.node("MatMulInteger", [a, c.weight("b", I8, [8, 4]), c.const("az", np.array(7, np.uint8)),
                                      c.const("bz", np.array(-3, np.int8))], ["y"]))
    yield c

    c = Case("conv_integer")
    x = c.input("x", U8, [1, 2, 5, 5])
    c.output(c.node("ConvInteger", [x, c.weight("w", I8, [3, 2, 3, 3]), c.const("xz", np.array(100, np.uint8))],
                    ["y"], pads=[1, 1, 1, 1]))
    yield c

    # Signed input with a zero point, strided: still the byte form.
    c = Case("conv_integer_signed")
    x = c.input("x", I8, [1, 3, 6, 6])
    c.output(c.node("ConvInteger", [x, c.weight("w", I8, [2, 3, 3, 3]), c.const("xz", np.array(-5, np.int8))],
                    ["y"], pads=[1, 0, 2, 1], strides=[2, 1]))
    yield c

    # Weights with a zero point: the widened (centred) form.
    c = Case("conv_integer_weight_zp")
    x = c.input("x", U8, [1, 2, 5, 5])
    c.output(c.node("ConvInteger", [x, c.weight("w", I8, [3, 2, 3, 3]), c.const("xz", np.array(7, np.uint8)),
                                    c.const("wz", np.array(3, np.int8))], ["y"], pads=[1, 1, 1, 1]))
    yield c

    c = Case("qlinear_matmul")
    a = c.input("a", I8, [4, 8])
    c.output(c.node("QLinearMatMul", [a, c.const("as", np.array(0.05, np.float32)), c.const("az", np.array(-2, np.int8)),
                                      c.weight("b", I8, [8, 5]), c.const("bs", np.array(0.03, np.float32)),
                                      c.const("bz", np.array(1, np.int8)),
                                      c.const("ys", np.array(0.5, np.float32)), c.const("yz", np.array(4, np.int8))],
                    ["y"]))
    yield c

    c = Case("qlinear_conv")
    x = c.input("x", U8, [1, 3, 6, 6])
    c.output(c.node("QLinearConv", [x, c.const("xs", np.array(0.04, np.float32)), c.const("xz", np.array(120, np.uint8)),
                                    c.weight("w", I8, [4, 3, 3, 3]),
                                    c.const("ws", np.array([0.01, 0.02, 0.015, 0.03], np.float32)),
                                    c.const("wz", np.array([0, 0, 0, 0], np.int8)),
                                    c.const("ys", np.array(0.6, np.float32)), c.const("yz", np.array(110, np.uint8)),
                                    c.const("b", np.array([100, -200, 0, 37], np.int32))],
                    ["y"], pads=[1, 1, 1, 1], strides=[1, 1]))
    yield c


def bad_models():
    """Models the importer must reject with a documented error."""
    # An op the importer does not know.
    c = Case("bad_unknown_op")
    x = c.input("x", F32, [2])
    c.output(c.node("Hardmax", [x], ["y"]))
    yield c, True
    # Reshape to a shape computed at run time.
    c = Case("bad_dynamic_shape")
    x = c.input("x", F32, [2, 3])
    s = c.input("s", I64, [2], np.array([3, 2], np.int64))
    c.output(c.node("Reshape", [x, s], ["y"]))
    yield c, True
    # An opset the importer does not implement.
    c = Case("bad_opset", opset=11)
    x = c.input("x", F32, [2])
    c.output(c.node("Relu", [x], ["y"]))
    yield c, False


def main():
    os.makedirs(OUT, exist_ok=True)
    for c in cases():
        c.write()
    for c, run in bad_models():
        if run:
            c.write()
        else:
            graph = helper.make_graph(c.nodes, c.name, c.inputs,
                                      [helper.make_tensor_value_info(o, F32, [2]) for o in c.outputs], c.inits)
            model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", c.opset)])
            model.ir_version = 8
            with open(os.path.join(OUT, f"{c.name}.onnx"), "wb") as f:
                f.write(model.SerializeToString())
    # conv.onnx with its weights in a file beside it (ONNX external data).
    model = onnx.load(os.path.join(OUT, "conv.onnx"))
    onnx.save(model, os.path.join(OUT, "conv_external.onnx"), save_as_external_data=True,
              all_tensors_to_one_file=True, location="conv_external.weights", size_threshold=0)
    # The same, pointing at a weights file that is not there.
    for t in model.graph.initializer:
        for e in t.external_data:
            if e.key == "location":
                e.value = "missing.weights"
    onnx.save(model, os.path.join(OUT, "bad_missing_external.onnx"))
    # A truncated file: the first half of a valid model.
    with open(os.path.join(OUT, "conv.onnx"), "rb") as f:
        data = f.read()
    with open(os.path.join(OUT, "bad_truncated.onnx"), "wb") as f:
        f.write(data[: len(data) // 2])
    for name in os.listdir(OUT):
        if name.startswith("bad_") and name.endswith(".npy"):
            os.remove(os.path.join(OUT, name))
    print(f"wrote {len(os.listdir(OUT))} files to {OUT}", file=sys.stderr)


if __name__ == "__main__":
    main()
