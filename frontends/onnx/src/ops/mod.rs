//! One function per ONNX op: it reads the node's inputs and attributes,
//! checks what the importer supports, and emits IR through the
//! [`crate::emit::Emitter`]. [`lookup`] is the one table from op type to
//! function.

mod elementwise;
mod linear;
mod nn;
mod quant;
mod shape;

use crate::import::{Arg, Importer, Tensor};
use crate::model::DType;
use crate::proto::NodeProto;

/// What importing a node gives: its outputs in order.
pub type ImportFn = fn(&mut Importer, &NodeProto) -> Result<Vec<Tensor>, String>;

/// The importer of `op_type`, if supported.
pub fn lookup(op_type: &str) -> Option<ImportFn> {
    let f: ImportFn = match op_type {
        "Add" | "Sub" | "Mul" | "Div" => elementwise::binary,
        "Relu" | "Sigmoid" | "Tanh" | "Erf" | "Exp" | "Sqrt" | "Neg" => elementwise::unary,
        "Clip" => elementwise::clip,
        "Gelu" => elementwise::gelu,
        "Cast" => elementwise::cast,
        "Identity" => elementwise::identity,
        "Constant" => elementwise::constant,
        "Conv" => nn::conv,
        "MaxPool" | "AveragePool" => nn::pool,
        "GlobalAveragePool" => nn::global_average_pool,
        "BatchNormalization" => nn::batch_norm,
        "Softmax" => nn::softmax,
        "LayerNormalization" => nn::layer_norm,
        "Gemm" => linear::gemm,
        "MatMul" => linear::matmul,
        "MatMulInteger" => quant::matmul_integer,
        "ConvInteger" => quant::conv_integer,
        "QuantizeLinear" => quant::quantize,
        "DequantizeLinear" => quant::dequantize,
        "QLinearMatMul" => quant::qlinear_matmul,
        "QLinearConv" => quant::qlinear_conv,
        "Reshape" => shape::reshape,
        "Flatten" => shape::flatten,
        "Transpose" => shape::transpose,
        "Concat" => shape::concat,
        "Slice" => shape::slice,
        "Gather" => shape::gather,
        "Squeeze" => shape::squeeze,
        "Unsqueeze" => shape::unsqueeze,
        "Shape" => shape::shape,
        _ => return None,
    };
    Some(f)
}

/// Checks that two operands have one element type, which is not bool.
pub fn same_element_type(a: &Arg, b: &Arg) -> Result<(), String> {
    if a.dtype != b.dtype {
        return Err(format!(
            "operands have different element types ({} and {})",
            a.dtype.name(),
            b.dtype.name()
        ));
    }
    if a.dtype == DType::Bool {
        return Err("element type bool is not supported".into());
    }
    Ok(())
}

/// The numpy broadcast of two shapes.
pub fn broadcast_shapes(a: &[i64], b: &[i64]) -> Result<Vec<i64>, String> {
    let rank = a.len().max(b.len());
    let at = |s: &[i64], i: usize| {
        let lead = rank - s.len();
        if i < lead {
            1
        } else {
            s[i - lead]
        }
    };
    (0..rank)
        .map(|i| match (at(a, i), at(b, i)) {
            (x, y) if x == y => Ok(x),
            (1, y) => Ok(y),
            (x, 1) => Ok(x),
            _ => Err(format!("shapes {a:?} and {b:?} do not broadcast")),
        })
        .collect()
}
