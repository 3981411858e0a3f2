//! Elementwise ops: one `linalg.generic` each, inputs broadcast by
//! numpy's rules through their indexing maps (a size-1 dimension reads
//! index 0), so no broadcast is materialized.

use super::{broadcast_shapes, same_element_type};
use crate::emit::Scalar;
use crate::import::{float_attr, int_attr, raw_attr, string_attr, unsupported, Importer, Tensor};
use crate::model::{self, DType, TensorData};
use crate::proto::{attribute_proto::AttributeType, NodeProto};

fn float_only(dtype: DType) -> Result<(), String> {
    if dtype.is_float() {
        Ok(())
    } else {
        Err(format!(
            "element type {} is not supported (floats only)",
            dtype.name()
        ))
    }
}

/// Add, Sub, Mul, Div.
pub fn binary(im: &mut Importer, node: &NodeProto) -> Result<Vec<Tensor>, String> {
    let a = im.arg(node, 0)?;
    let b = im.arg(node, 1)?;
    same_element_type(&a, &b)?;
    let shape = broadcast_shapes(&a.shape, &b.shape)?;
    let op = node.op_type.clone().unwrap_or_default();
    let unsigned = a.dtype.is_unsigned();
    let v = im.em.map(&[a.value, b.value], &shape, a.dtype, |p, args| {
        match op.as_str() {
            "Add" => p.add(args[0], args[1]),
            "Sub" => p.sub(args[0], args[1]),
            "Mul" => p.mul(args[0], args[1]),
            _ => p.div(args[0], args[1], unsigned),
        }
    });
    Ok(vec![im.out(v, a.dtype)])
}

/// Relu, Sigmoid, Tanh, Erf, Exp, Sqrt, Neg.
pub fn unary(im: &mut Importer, node: &NodeProto) -> Result<Vec<Tensor>, String> {
    let x = im.arg(node, 0)?;
    float_only(x.dtype)?;
    let op = node.op_type.clone().unwrap_or_default();
    let v = im.em.map(&[x.value], &x.shape, x.dtype, |p, args| {
        let x = args[0];
        match op.as_str() {
            "Relu" => {
                let zero = p.float_like(x, 0.0);
                p.max(x, zero, false)
            }
            // 1 / (1 + exp(-x))
            "Sigmoid" => {
                let one = p.float_like(x, 1.0);
                let n = p.neg(x);
                let e = p.exp(n);
                let d = p.add(one, e);
                p.div(one, d, false)
            }
            "Tanh" => p.tanh(x),
            "Erf" => p.erf(x),
            "Exp" => p.exp(x),
            "Sqrt" => p.sqrt(x),
            _ => p.neg(x),
        }
    });
    Ok(vec![im.out(v, x.dtype)])
}

/// Clip: `min(max(x, lo), hi)` with optional scalar bounds (inputs since
/// opset 11).
pub fn clip(im: &mut Importer, node: &NodeProto) -> Result<Vec<Tensor>, String> {
    let x = im.arg(node, 0)?;
    let lo = im.opt_arg(node, 1)?;
    let hi = im.opt_arg(node, 2)?;
    let mut inputs = vec![x.value];
    for (bound, what) in [(&lo, "min"), (&hi, "max")] {
        if let Some(b) = bound {
            if b.shape.iter().product::<i64>() != 1 || b.shape.len() > 1 {
                return Err(format!(
                    "'{what}' must be a scalar, it has shape {:?}",
                    b.shape
                ));
            }
            if b.dtype != x.dtype {
                return Err(format!(
                    "'{what}' has element type {}, the input {}",
                    b.dtype.name(),
                    x.dtype.name()
                ));
            }
            // A one-element 1-D bound reads as a scalar.
            let v = im.em.reshape(b.value, &[]);
            inputs.push(v);
        }
    }
    let unsigned = x.dtype.is_unsigned();
    let (has_lo, has_hi) = (lo.is_some(), hi.is_some());
    let v = im.em.map(&inputs, &x.shape, x.dtype, |p, args| {
        let mut r = args[0];
        let mut next = 1;
        if has_lo {
            r = p.max(r, args[next], unsigned);
            next += 1;
        }
        if has_hi {
            r = p.min(r, args[next], unsigned);
        }
        r
    });
    Ok(vec![im.out(v, x.dtype)])
}

/// Gelu (opset 20): `0.5 x (1 + erf(x / sqrt 2))`, or with
/// `approximate = "tanh"`, `0.5 x (1 + tanh(sqrt(2/pi) (x + 0.044715 x^3)))`.
pub fn gelu(im: &mut Importer, node: &NodeProto) -> Result<Vec<Tensor>, String> {
    let x = im.arg(node, 0)?;
    float_only(x.dtype)?;
    let approximate = string_attr(node, "approximate", "none")?;
    let tanh = match approximate.as_str() {
        "none" => false,
        "tanh" => true,
        other => return Err(unsupported("approximate", format!("'{other}'"))),
    };
    let v = im.em.map(&[x.value], &x.shape, x.dtype, |p, args| {
        let x = args[0];
        let half = p.float_like(x, 0.5);
        let one = p.float_like(x, 1.0);
        let inner = if tanh {
            let c = p.float_like(x, (2.0 / std::f64::consts::PI).sqrt());
            let k = p.float_like(x, 0.044715);
            let x2 = p.mul(x, x);
            let x3 = p.mul(x2, x);
            let kx3 = p.mul(k, x3);
            let s = p.add(x, kx3);
            let t = p.mul(c, s);
            p.tanh(t)
        } else {
            let r = p.float_like(x, std::f64::consts::FRAC_1_SQRT_2);
            let t = p.mul(x, r);
            p.erf(t)
        };
        let s = p.add(one, inner);
        let hx = p.mul(half, x);
        p.mul(hx, s)
    });
    Ok(vec![im.out(v, x.dtype)])
}

/// Cast to the element type `to`.
pub fn cast(im: &mut Importer, node: &NodeProto) -> Result<Vec<Tensor>, String> {
    let to = DType::from_onnx(int_attr(node, "to", 0)? as i32)?;
    let t = im.tensor(node, 0)?.ok_or("input 0 is required")?;
    if let Some(data) = &t.data {
        // Folded: shape computations cast their constants.
        if !data.dtype.is_float() && !to.is_float() {
            let data = TensorData::from_ints(to, data.shape.clone(), &data.ints());
            return Ok(vec![Tensor::constant(data)]);
        }
    }
    let x = im.arg(node, 0)?;
    let from = x.dtype;
    if to == DType::Bool || from == DType::Bool {
        return Err("casts to or from bool are not supported".into());
    }
    let v = im.em.map(&[x.value], &x.shape, to, |p, args| {
        p.cast(args[0], from, to)
    });
    Ok(vec![im.out(v, to)])
}

pub fn identity(im: &mut Importer, node: &NodeProto) -> Result<Vec<Tensor>, String> {
    Ok(vec![im.tensor(node, 0)?.ok_or("input 0 is required")?])
}

/// Constant: a tensor (`value`) or a scalar or list (`value_float(s)`,
/// `value_int(s)`); it becomes IR where a node uses it as a tensor.
pub fn constant(_im: &mut Importer, node: &NodeProto) -> Result<Vec<Tensor>, String> {
    let floats = |shape: Vec<i64>, values: &[f32]| TensorData {
        dtype: DType::F32,
        shape,
        raw: values.iter().flat_map(|v| v.to_le_bytes()).collect(),
    };
    let data = if let Some(a) = raw_attr(node, "value") {
        let t = a.t.as_ref().ok_or("attribute 'value' must be a tensor")?;
        model::tensor_data(t, None)?
    } else if raw_attr(node, "value_float").is_some() {
        floats(vec![], &[float_attr(node, "value_float", 0.0)?])
    } else if let Some(a) = raw_attr(node, "value_floats") {
        floats(vec![a.floats.len() as i64], &a.floats)
    } else if raw_attr(node, "value_int").is_some() {
        TensorData::from_ints(DType::I64, vec![], &[int_attr(node, "value_int", 0)?])
    } else if let Some(a) = raw_attr(node, "value_ints") {
        TensorData::from_ints(DType::I64, vec![a.ints.len() as i64], &a.ints)
    } else {
        let kind = node
            .attribute
            .first()
            .map(|a| {
                a.r#type
                    .and_then(|t| AttributeType::try_from(t).ok())
                    .map_or("unknown", |t| t.as_str_name())
                    .to_string()
            })
            .unwrap_or_else(|| "none".into());
        return Err(format!("unsupported constant attribute (kind {kind})"));
    };
    Ok(vec![Tensor::constant(data)])
}

/// A scalar of `dtype` as a `Scalar`.
pub fn scalar_of(dtype: DType, value: f64) -> Scalar {
    if dtype.is_float() {
        Scalar::Float(value)
    } else {
        Scalar::Int(value as i64)
    }
}
