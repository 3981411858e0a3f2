#!/usr/bin/env python3
"""Builds the whole-network benchmark models as ONNX files, with seeded
random weights (no downloads): ResNet-18 and ResNet-50 (batch 1, 224x224,
as torchvision's eval-mode export gives them: batch norm folded into the
convolutions), a BERT-base encoder layer (sequence 128, hidden 768, 12
heads, feed-forward 3072, erf GELU) and ResNet-18 quantized to int8 in
ONNX's operator form (QLinearConv; residual adds and the classifier in
float between DequantizeLinear and QuantizeLinear).

    build.py OUT_DIR [--models resnet18,resnet50,bert,resnet18_int8]

Writes OUT_DIR/<model>.onnx and OUT_DIR/<model>.input.npy (the seeded
input every runtime is given).
"""

import argparse
import os

import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper

OPSET = 17


class Graph:
    def __init__(self, name, seed):
        self.name = name
        self.rng = np.random.default_rng(seed)
        self.nodes, self.inits, self.count = [], [], 0

    def fresh(self, base):
        self.count += 1
        return f"{base}_{self.count}"

    def const(self, base, array):
        name = self.fresh(base)
        self.inits.append(numpy_helper.from_array(np.ascontiguousarray(array), name))
        return name

    def node(self, op, inputs, base=None, outputs=1, **attrs):
        base = base or op.lower()
        outs = [self.fresh(base) for _ in range(outputs)]
        self.nodes.append(helper.make_node(op, inputs, outs, name=outs[0], **attrs))
        return outs[0] if outputs == 1 else outs

    def model(self, inputs, outputs, opset=OPSET):
        graph = helper.make_graph(self.nodes, self.name, inputs, outputs, self.inits)
        model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", opset)],
                                  producer_name="strata-bench")
        model.ir_version = 8
        model = onnx.shape_inference.infer_shapes(model, strict_mode=True)
        onnx.checker.check_model(model, full_check=True)
        return model

    # Layers -------------------------------------------------------------

    def conv(self, x, cin, cout, k, stride=1, relu=True):
        w = self.rng.normal(0, np.sqrt(2.0 / (cin * k * k)), (cout, cin, k, k)).astype(np.float32)
        b = self.rng.normal(0, 0.05, cout).astype(np.float32)
        y = self.node("Conv", [x, self.const("w", w), self.const("b", b)], "conv",
                      kernel_shape=[k, k], strides=[stride, stride], pads=[k // 2] * 4)
        return self.node("Relu", [y]) if relu else y

    def linear(self, x, cin, cout, bias=True):
        w = self.rng.normal(0, np.sqrt(1.0 / cin), (cin, cout)).astype(np.float32)
        y = self.node("MatMul", [x, self.const("w", w)])
        if bias:
            y = self.node("Add", [y, self.const("b", self.rng.normal(0, 0.02, cout).astype(np.float32))])
        return y


def resnet(depth):
    blocks = {18: [2, 2, 2, 2], 50: [3, 4, 6, 3]}[depth]
    g = Graph(f"resnet{depth}", seed=depth)
    x = g.conv("input", 3, 64, 7, stride=2)
    x = g.node("MaxPool", [x], kernel_shape=[3, 3], strides=[2, 2], pads=[1, 1, 1, 1])
    cin = 64
    for stage, n in enumerate(blocks):
        width = 64 << stage
        for i in range(n):
            stride = 2 if stage > 0 and i == 0 else 1
            if depth == 18:
                cout = width
                y = g.conv(x, cin, width, 3, stride)
                y = g.conv(y, width, width, 3, relu=False)
            else:
                cout = width * 4
                y = g.conv(x, cin, width, 1)
                y = g.conv(y, width, width, 3, stride)
                y = g.conv(y, width, cout, 1, relu=False)
            shortcut = x if (stride == 1 and cin == cout) else g.conv(x, cin, cout, 1, stride, relu=False)
            x = g.node("Relu", [g.node("Add", [y, shortcut])])
            cin = cout
    x = g.node("GlobalAveragePool", [x])
    x = g.node("Flatten", [x], axis=1)
    w = g.rng.normal(0, np.sqrt(1.0 / cin), (1000, cin)).astype(np.float32)
    x = g.node("Gemm", [x, g.const("fc_w", w), g.const("fc_b", np.zeros(1000, np.float32))], transB=1)
    model = g.model([helper.make_tensor_value_info("input", TensorProto.FLOAT, [1, 3, 224, 224])],
                    [helper.make_tensor_value_info(x, TensorProto.FLOAT, [1, 1000])])
    data = np.random.default_rng(7).uniform(-1, 1, (1, 3, 224, 224)).astype(np.float32)
    return model, data


def bert_layer(seq=128, hidden=768, heads=12, ffn=3072):
    g = Graph("bert_base_layer", seed=3)
    d = hidden // heads

    def heads_of(t):  # [1, seq, hidden] -> [1, heads, seq, d]
        t = g.node("Reshape", [t, g.const("shape", np.array([1, seq, heads, d], np.int64))])
        return g.node("Transpose", [t], perm=[0, 2, 1, 3])

    def layer_norm(t):
        return g.node("LayerNormalization", [t, g.const("gamma", np.ones(hidden, np.float32)),
                                             g.const("beta", np.zeros(hidden, np.float32))], epsilon=1e-12, axis=-1)

    x = "input"
    q = heads_of(g.linear(x, hidden, hidden))
    k = heads_of(g.linear(x, hidden, hidden))
    v = heads_of(g.linear(x, hidden, hidden))
    kt = g.node("Transpose", [k], perm=[0, 1, 3, 2])
    scores = g.node("Div", [g.node("MatMul", [q, kt]), g.const("sqrt_d", np.array(np.sqrt(d), np.float32))])
    probs = g.node("Softmax", [scores], axis=-1)
    ctx = g.node("Transpose", [g.node("MatMul", [probs, v])], perm=[0, 2, 1, 3])
    ctx = g.node("Reshape", [ctx, g.const("shape", np.array([1, seq, hidden], np.int64))])
    attn = layer_norm(g.node("Add", [g.linear(ctx, hidden, hidden), x]))
    # GELU(x) = x * 0.5 * (1 + erf(x / sqrt(2))), as BERT's export writes it.
    h = g.linear(attn, hidden, ffn)
    e = g.node("Erf", [g.node("Div", [h, g.const("sqrt2", np.array(np.sqrt(2.0), np.float32))])])
    h = g.node("Mul", [g.node("Mul", [h, g.node("Add", [e, g.const("one", np.array(1.0, np.float32))])]),
                       g.const("half", np.array(0.5, np.float32))])
    out = layer_norm(g.node("Add", [g.linear(h, ffn, hidden), attn]))
    model = g.model([helper.make_tensor_value_info("input", TensorProto.FLOAT, [1, seq, hidden])],
                    [helper.make_tensor_value_info(out, TensorProto.FLOAT, [1, seq, hidden])])
    data = np.random.default_rng(11).normal(0, 1, (1, seq, hidden)).astype(np.float32)
    return model, data


def resnet18_int8():
    """ResNet-18 in ONNX's quantized operator form: uint8 activations
    (zero point 0 after ReLU), int8 symmetric per-channel weights, int32
    biases, QLinearConv throughout; the residual adds, max pool, global
    pool and classifier dequantize, compute in float and requantize."""
    g = Graph("resnet18_int8", seed=181)
    act_scale = 0.05

    def q(t, scale=act_scale):
        return g.node("QuantizeLinear", [t, g.const("s", np.array(scale, np.float32)),
                                         g.const("z", np.array(0, np.uint8))])

    def dq(t, scale=act_scale):
        return g.node("DequantizeLinear", [t, g.const("s", np.array(scale, np.float32)),
                                           g.const("z", np.array(0, np.uint8))])

    def qconv(x, cin, cout, k, stride=1, out_scale=act_scale, in_scale=act_scale):
        w = g.rng.normal(0, np.sqrt(2.0 / (cin * k * k)), (cout, cin, k, k)).astype(np.float32)
        w_scale = (np.abs(w).reshape(cout, -1).max(axis=1) / 127.0).astype(np.float32)
        wq = np.clip(np.round(w / w_scale[:, None, None, None]), -127, 127).astype(np.int8)
        b = g.rng.normal(0, 0.05, cout).astype(np.float32)
        bq = np.round(b / (in_scale * w_scale)).astype(np.int32)
        return g.node("QLinearConv", [
            x, g.const("xs", np.array(in_scale, np.float32)), g.const("xz", np.array(0, np.uint8)),
            g.const("w", wq), g.const("ws", w_scale), g.const("wz", np.zeros(cout, np.int8)),
            g.const("ys", np.array(out_scale, np.float32)), g.const("yz", np.array(0, np.uint8)),
            g.const("b", bq)], "qconv", kernel_shape=[k, k], strides=[stride, stride], pads=[k // 2] * 4)

    # The stem quantizes the float input (in [-1, 1]) symmetrically as int8
    # is not an option for uint8: shift by 128.
    in_scale = 1.0 / 127
    x = g.node("QuantizeLinear", ["input", g.const("s", np.array(in_scale, np.float32)),
                                  g.const("z", np.array(128, np.uint8))])
    # A uint8 input with zero point 128: QLinearConv handles the zero point.
    w = g.rng.normal(0, np.sqrt(2.0 / (3 * 49)), (64, 3, 7, 7)).astype(np.float32)
    w_scale = (np.abs(w).reshape(64, -1).max(axis=1) / 127.0).astype(np.float32)
    wq = np.clip(np.round(w / w_scale[:, None, None, None]), -127, 127).astype(np.int8)
    x = g.node("QLinearConv", [
        x, g.const("xs", np.array(in_scale, np.float32)), g.const("xz", np.array(128, np.uint8)),
        g.const("w", wq), g.const("ws", w_scale), g.const("wz", np.zeros(64, np.int8)),
        g.const("ys", np.array(act_scale, np.float32)), g.const("yz", np.array(0, np.uint8))],
        "qconv", kernel_shape=[7, 7], strides=[2, 2], pads=[3, 3, 3, 3])
    # ReLU after a uint8 output with zero point 0 is the clamp at 0 the
    # requantization already does.
    x = q(g.node("MaxPool", [dq(x)], kernel_shape=[3, 3], strides=[2, 2], pads=[1, 1, 1, 1]))
    cin = 64
    for stage in range(4):
        width = 64 << stage
        for i in range(2):
            stride = 2 if stage > 0 and i == 0 else 1
            y = qconv(x, cin, width, 3, stride)
            y = qconv(y, width, width, 3)
            shortcut = x if (stride == 1 and cin == width) else qconv(x, cin, width, 1, stride)
            x = q(g.node("Relu", [g.node("Add", [dq(y), dq(shortcut)])]))
            cin = width
    x = g.node("Flatten", [g.node("GlobalAveragePool", [dq(x)])], axis=1)
    w = g.rng.normal(0, np.sqrt(1.0 / cin), (1000, cin)).astype(np.float32)
    x = g.node("Gemm", [x, g.const("fc_w", w), g.const("fc_b", np.zeros(1000, np.float32))], transB=1)
    model = g.model([helper.make_tensor_value_info("input", TensorProto.FLOAT, [1, 3, 224, 224])],
                    [helper.make_tensor_value_info(x, TensorProto.FLOAT, [1, 1000])])
    data = np.random.default_rng(7).uniform(-1, 1, (1, 3, 224, 224)).astype(np.float32)
    return model, data


MODELS = {
    "resnet18": lambda: resnet(18),
    "resnet50": lambda: resnet(50),
    "bert": bert_layer,
    "resnet18_int8": resnet18_int8,
}


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("out")
    ap.add_argument("--models", default=",".join(MODELS))
    args = ap.parse_args()
    os.makedirs(args.out, exist_ok=True)
    for name in args.models.split(","):
        model, data = MODELS[name]()
        onnx.save(model, os.path.join(args.out, f"{name}.onnx"))
        np.save(os.path.join(args.out, f"{name}.input.npy"), data)


if __name__ == "__main__":
    main()
