"""ONNX models of a problem and their single-threaded runs on ONNX Runtime and OpenVINO.

Weights are graph initializers (constants), as in a deployed model, so both
peers may pre-pack them when the session is built; only inference is timed.
The activation is the one graph input.

Operators (the fastest exact-or-checkable path each peer has; measured on
a Sapphire Rapids core, see docs/benchmarks.md):

* f32: MatMul / Conv. OpenVINO gets INFERENCE_PRECISION_HINT=f32: its CPU
  default on AMX machines is bf16, which is not an f32 result.
* int8 GEMM, ONNX Runtime: MatMulInteger with u8 activations and s8 weights
  (int32 result, exact; MLAS's u8s8 kernel; u8u8 and s8s8 are 6x and 40x
  slower here).
* int8 conv, ONNX Runtime: QLinearConv u8 x s8 -> u8 (MLAS's quantized conv;
  ConvInteger only has a fast u8 x u8 kernel, 4x slower). Its output is
  requantized, so it is compared with Strata's int32 result requantized
  the same way (round half to even, saturate), to within one step.
* int8, OpenVINO: the QDQ form (QuantizeLinear -> DequantizeLinear on the
  activation, DequantizeLinear on s8 weights, then MatMul / Conv), which its
  low-precision transformations run as a u8 x s8 kernel with int32
  accumulation and an f32 output; with scales 1 and zero points 0 the output
  holds the exact integers (|sums| < 2**24 for the data used here). The
  layer precision OpenVINO actually ran is recorded (`ov_precision`).
"""

import time

import numpy as np
import onnx
from onnx import TensorProto as TP
from onnx import helper, numpy_helper

OPSET = 21
# QLinearConv's output quantization: y = saturate(round(acc / Y_SCALE) + Y_ZERO).
Y_SCALE = 64.0
Y_ZERO = 128


def _scalar(value, name, dtype=np.float32):
    return numpy_helper.from_array(np.array(value, dtype), name)


def _model(nodes, x, x_type, y_shape, y_type, inits):
    graph = helper.make_graph(
        nodes,
        "kernel",
        [helper.make_tensor_value_info("x", x_type, list(x.shape))],
        [helper.make_tensor_value_info("y", y_type, list(y_shape))],
        inits,
    )
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", OPSET)])
    model.ir_version = 10
    onnx.checker.check_model(model)
    return model


def _op(problem, a, b, out):
    if problem.kind == "gemm":
        return helper.make_node("MatMul", [a, b], [out])
    p, st = problem.pad, problem.stride
    return helper.make_node("Conv", [a, b], [out], pads=[p] * 4, strides=[st, st])


def f32_model(problem, x, w, y_shape):
    return _model([_op(problem, "x", "w", "y")], x, TP.FLOAT, y_shape, TP.FLOAT,
                  [numpy_helper.from_array(w, "w")])


def ort_int8_model(problem, x, w, y_shape):
    """(model, output kind): MatMulInteger (exact int32) or QLinearConv (requantized u8)."""
    if problem.kind == "gemm":
        node = helper.make_node("MatMulInteger", ["x", "w"], ["y"])
        return _model([node], x, TP.UINT8, y_shape, TP.INT32,
                      [numpy_helper.from_array(w, "w")]), "int32"
    p, st = problem.pad, problem.stride
    node = helper.make_node("QLinearConv", ["x", "xs", "xz", "w", "ws", "wz", "ys", "yz"], ["y"],
                            pads=[p] * 4, strides=[st, st])
    inits = [numpy_helper.from_array(w, "w"), _scalar(1.0, "xs"), _scalar(0, "xz", np.uint8),
             _scalar(1.0, "ws"), _scalar(0, "wz", np.int8), _scalar(Y_SCALE, "ys"),
             _scalar(Y_ZERO, "yz", np.uint8)]
    return _model([node], x, TP.UINT8, y_shape, TP.UINT8, inits), "requantized"


def ov_int8_model(problem, x, w, y_shape):
    nodes = [
        helper.make_node("QuantizeLinear", ["x", "xs", "xz"], ["xq"]),
        helper.make_node("DequantizeLinear", ["xq", "xs", "xz"], ["xd"]),
        helper.make_node("DequantizeLinear", ["w", "ws", "wz"], ["wd"]),
        _op(problem, "xd", "wd", "y"),
    ]
    inits = [numpy_helper.from_array(w, "w"), _scalar(1.0, "xs"), _scalar(0, "xz", np.uint8),
             _scalar(1.0, "ws"), _scalar(0, "wz", np.int8)]
    return _model(nodes, x.astype(np.float32), TP.FLOAT, y_shape, TP.FLOAT, inits)


def requantize(acc):
    """QLinearConv's output for int32 sums `acc` with the scales above."""
    return np.clip(np.rint(acc.astype(np.float64) / Y_SCALE) + Y_ZERO, 0, 255).astype(np.uint8)


def time_calls(call, warmup, repeat):
    """Per-call seconds of `repeat` calls after `warmup` untimed ones."""
    for _ in range(warmup):
        call()
    times = []
    for _ in range(repeat):
        t = time.perf_counter_ns()
        call()
        times.append((time.perf_counter_ns() - t) * 1e-9)
    return times


def ort_runner(model, x, input_name="x", output_name="y"):
    """(output, call) on one intra-op and one inter-op thread, sequential
    execution. Input and output are bound once (IOBinding), so a call is the
    kernel plus ONNX Runtime's dispatch."""
    import onnxruntime as ort

    so = ort.SessionOptions()
    so.intra_op_num_threads = 1
    so.inter_op_num_threads = 1
    so.execution_mode = ort.ExecutionMode.ORT_SEQUENTIAL
    so.graph_optimization_level = ort.GraphOptimizationLevel.ORT_ENABLE_ALL
    so.add_session_config_entry("session.intra_op.allow_spinning", "0")
    sess = ort.InferenceSession(model.SerializeToString(), so, providers=["CPUExecutionProvider"])
    binding = sess.io_binding()
    binding.bind_cpu_input(input_name, x)
    binding.bind_output(output_name, "cpu")
    sess.run_with_iobinding(binding)
    y = binding.copy_outputs_to_cpu()[0]
    out_value = binding.get_outputs()[0]
    binding.bind_ortvalue_output(output_name, out_value)
    return y, lambda: sess.run_with_iobinding(binding)


def ov_runner(model, x, tmp_path):
    """(output, call, layer precisions) with INFERENCE_NUM_THREADS=1, the
    latency hint and f32 inference precision on the CPU device. The input
    tensor is set once and shares the numpy buffer."""
    import openvino as ov

    onnx.save(model, tmp_path)
    core = ov.Core()
    compiled = core.compile_model(core.read_model(tmp_path), "CPU", {
        "INFERENCE_NUM_THREADS": 1,
        "PERFORMANCE_HINT": "LATENCY",
        "INFERENCE_PRECISION_HINT": "f32",
    })
    req = compiled.create_infer_request()
    req.set_input_tensor(ov.Tensor(np.ascontiguousarray(x), shared_memory=True))
    req.infer()
    y = req.get_output_tensor(0).data.copy()
    precision = sorted({
        f"{op.get_rt_info()['layerType'].astype(str)}:{op.get_rt_info()['runtimePrecision'].astype(str)}"
        for op in compiled.get_runtime_model().get_ordered_ops()
        if op.get_rt_info()["layerType"].astype(str) in ("Convolution", "FullyConnected", "MatMul")
    })
    return y, req.infer, ",".join(precision)
