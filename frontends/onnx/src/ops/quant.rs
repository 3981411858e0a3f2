//! Quantization: QuantizeLinear, DequantizeLinear, the integer products
//! (MatMulInteger, ConvInteger) and the quantized ones (QLinearMatMul,
//! QLinearConv).
//!
//! The integer products first widen each 8-bit operand to `i32` and
//! subtract its zero point ("centre" it), then run the ordinary
//! `linalg.matmul` / `linalg.conv_2d_nchw_fchw` on `i32`. linalg's
//! quantized named ops (`linalg.quantized_matmul`,
//! `linalg.conv_2d_nchw_fchw_q`) sign-extend their operands, which is
//! wrong for ONNX's `uint8` tensors, and take only scalar zero points; the
//! centred form is exact for both signednesses and for per-channel weight
//! zero points, and a convolution's zero padding of the centred input is
//! padding with the zero point, as the ONNX operators define it.
//!
//! Convolutions whose weights are constant `int8` with zero points 0 (the
//! form quantizers emit) take a byte form instead, which is what the x86
//! int8 kernels run: the input as `int8` offset by 128 if it is `uint8`
//! (`x - 128`, exact in a byte), padded with its zero point minus the
//! offset, convolved `i8 x i8 -> i32` by the weights as they are, plus
//! `(offset - zero_point) * sum(w[oc])` per output channel, a constant
//! folded into the bias: `sum((x - zp) w) = sum((x - off) w) + (off - zp)
//! sum(w)`, exact in `i32` for every window, the padded ones included.
//!
//! Requantization follows ONNX Runtime: the `i32` accumulator times
//! `scale_a * scale_b / scale_y` in `f32`, rounded half to even, plus the
//! output zero point, saturated.

use super::linear::product;
use super::nn::convolution;
use crate::emit::projection;
use crate::emit::Scalar;
use crate::import::{int_attr, Arg, Importer, Tensor};
use crate::model::{DType, TensorData};
use crate::proto::NodeProto;
use strata_dialect_linalg::IteratorType;
use strata_ir::affine::AffineMap;
use strata_ir::Value;

/// A scale or zero point: a scalar, or a vector along `axis` of a tensor
/// of rank `rank` whose dimension `axis` has `size` elements.
fn param(
    im: &mut Importer,
    p: &Arg,
    rank: usize,
    axis: Option<(usize, i64)>,
    what: &str,
) -> Result<(Value, AffineMap), String> {
    let count: i64 = p.shape.iter().product();
    if count == 1 && p.shape.len() <= 1 {
        let v = im.em.reshape(p.value, &[]);
        return Ok((v, AffineMap::new(rank, 0, vec![])));
    }
    match axis {
        Some((a, size)) if p.shape == [size] => Ok((p.value, projection(rank, &[a]))),
        _ => Err(format!(
            "'{what}' of shape {:?} is not supported (a scalar{})",
            p.shape,
            match axis {
                Some((a, size)) => format!(" or [{size}] along axis {a}"),
                None => String::new(),
            }
        )),
    }
}

/// An elementwise `linalg.generic` with explicit input maps.
fn elementwise(
    im: &mut Importer,
    ins: &[(Value, AffineMap)],
    shape: &[i64],
    dtype: DType,
    body: impl FnOnce(&mut crate::emit::Payload, &[Value]) -> Value,
) -> Value {
    let init = im.em.empty(shape, dtype);
    im.em.generic(
        ins,
        init,
        AffineMap::multi_dim_identity(shape.len()),
        &vec![IteratorType::Parallel; shape.len()],
        body,
    )
}

fn check_int8(x: &Arg, what: &str) -> Result<(), String> {
    if matches!(x.dtype, DType::I8 | DType::U8) {
        Ok(())
    } else {
        Err(format!(
            "'{what}' of {} is not supported (int8 or uint8)",
            x.dtype.name()
        ))
    }
}

fn check_float_scale(s: &Arg, what: &str) -> Result<(), String> {
    if s.dtype == DType::F32 {
        Ok(())
    } else {
        Err(format!(
            "'{what}' of {} is not supported (float32)",
            s.dtype.name()
        ))
    }
}

/// The axis of a per-axis scale (attribute `axis`, default 1).
fn quant_axis(node: &NodeProto, rank: usize) -> Result<Option<usize>, String> {
    if int_attr(node, "block_size", 0)? != 0 {
        return Err("blocked quantization (block_size) is not supported".into());
    }
    if rank == 0 {
        return Ok(None);
    }
    crate::import::normalize_axis(int_attr(node, "axis", 1)?, rank).map(Some)
}

/// `round_half_even(x) + zp` saturated to `to` and converted, on floats.
fn saturate(
    p: &mut crate::emit::Payload,
    x: Value,
    zp: Option<(Value, DType)>,
    to: DType,
) -> Value {
    let r = p.round_even(x);
    let r = match zp {
        Some((z, from)) => {
            let zf = p.cast(z, from, DType::F32);
            p.add(r, zf)
        }
        None => r,
    };
    let (lo, hi) = to.int_range();
    let lo = p.float_like(r, lo as f64);
    let hi = p.float_like(r, hi as f64);
    let r = p.max(r, lo, false);
    let r = p.min(r, hi, false);
    p.cast(r, DType::F32, to)
}

/// QuantizeLinear: `saturate(round(x / scale) + zero_point)`.
pub fn quantize(im: &mut Importer, node: &NodeProto) -> Result<Vec<Tensor>, String> {
    let x = im.arg(node, 0)?;
    let scale = im.arg(node, 1)?;
    let zp = im.opt_arg(node, 2)?;
    check_float_scale(&scale, "y_scale")?;
    if x.dtype != DType::F32 {
        return Err(format!(
            "input of {} is not supported (float32)",
            x.dtype.name()
        ));
    }
    let rank = x.shape.len();
    let axis = quant_axis(node, rank)?.map(|a| (a, x.shape[a]));
    let to = match &zp {
        Some(z) => z.dtype,
        None => match int_attr(node, "output_dtype", 0)? {
            0 => DType::U8,
            code => DType::from_onnx(code as i32)?,
        },
    };
    if !matches!(to, DType::I8 | DType::U8) {
        return Err(format!(
            "output of {} is not supported (int8 or uint8)",
            to.name()
        ));
    }
    let mut ins = vec![
        (x.value, AffineMap::multi_dim_identity(rank)),
        param(im, &scale, rank, axis, "y_scale")?,
    ];
    if let Some(z) = &zp {
        ins.push(param(im, z, rank, axis, "y_zero_point")?);
    }
    let has_zp = zp.is_some();
    let v = elementwise(im, &ins, &x.shape, to, |p, a| {
        let q = p.div(a[0], a[1], false);
        saturate(p, q, has_zp.then(|| (a[2], to)), to)
    });
    Ok(vec![im.out(v, to)])
}

/// DequantizeLinear: `(x - zero_point) * scale`.
pub fn dequantize(im: &mut Importer, node: &NodeProto) -> Result<Vec<Tensor>, String> {
    let x = im.arg(node, 0)?;
    let scale = im.arg(node, 1)?;
    let zp = im.opt_arg(node, 2)?;
    check_float_scale(&scale, "x_scale")?;
    if !matches!(x.dtype, DType::I8 | DType::U8 | DType::I32) {
        return Err(format!(
            "input of {} is not supported (int8, uint8 or int32)",
            x.dtype.name()
        ));
    }
    if let Some(z) = &zp {
        if z.dtype != x.dtype {
            return Err("x_zero_point must have the input's element type".into());
        }
    }
    let rank = x.shape.len();
    let axis = quant_axis(node, rank)?.map(|a| (a, x.shape[a]));
    let mut ins = vec![
        (x.value, AffineMap::multi_dim_identity(rank)),
        param(im, &scale, rank, axis, "x_scale")?,
    ];
    if let Some(z) = &zp {
        ins.push(param(im, z, rank, axis, "x_zero_point")?);
    }
    let from = x.dtype;
    let has_zp = zp.is_some();
    let v = elementwise(im, &ins, &x.shape, DType::F32, |p, a| {
        let xi = if has_zp {
            // The difference of two 8-bit values needs 32 bits.
            let xw = p.cast(a[0], from, DType::I32);
            let zw = p.cast(a[2], from, DType::I32);
            p.sub(xw, zw)
        } else {
            p.cast(a[0], from, DType::I32)
        };
        let xf = p.cast(xi, DType::I32, DType::F32);
        p.mul(xf, a[1])
    });
    Ok(vec![im.out(v, DType::F32)])
}

/// `x` widened to `i32` minus its zero point (scalar, or a vector along
/// `axis`).
fn centre(
    im: &mut Importer,
    x: &Arg,
    zp: Option<&Arg>,
    axis: Option<usize>,
    what: &str,
) -> Result<Arg, String> {
    let rank = x.shape.len();
    let mut ins = vec![(x.value, AffineMap::multi_dim_identity(rank))];
    if let Some(z) = zp {
        if z.dtype != x.dtype {
            return Err(format!("'{what}' must have its operand's element type"));
        }
        ins.push(param(im, z, rank, axis.map(|a| (a, x.shape[a])), what)?);
    }
    let from = x.dtype;
    let v = elementwise(im, &ins, &x.shape, DType::I32, |p, a| {
        let w = p.cast(a[0], from, DType::I32);
        if a.len() > 2 {
            let z = p.cast(a[1], from, DType::I32);
            p.sub(w, z)
        } else {
            w
        }
    });
    Ok(Arg {
        value: v,
        shape: x.shape.clone(),
        dtype: DType::I32,
    })
}

/// MatMulInteger: `(a - a_zero_point) @ (b - b_zero_point)` in `i32`.
pub fn matmul_integer(im: &mut Importer, node: &NodeProto) -> Result<Vec<Tensor>, String> {
    let a = im.arg(node, 0)?;
    let b = im.arg(node, 1)?;
    check_int8(&a, "A")?;
    check_int8(&b, "B")?;
    let (az, bz) = (im.opt_arg(node, 2)?, im.opt_arg(node, 3)?);
    let b_axis = (b.shape.len() >= 2).then(|| b.shape.len() - 1);
    let a = centre(im, &a, az.as_ref(), None, "a_zero_point")?;
    let b = centre(im, &b, bz.as_ref(), b_axis, "b_zero_point")?;
    let y = product(im, &a, &b, DType::I32)?;
    Ok(vec![im.out(y, DType::I32)])
}

/// ConvInteger: the convolution of the centred operands in `i32`.
pub fn conv_integer(im: &mut Importer, node: &NodeProto) -> Result<Vec<Tensor>, String> {
    let x = im.arg(node, 0)?;
    let w = im.arg(node, 1)?;
    check_int8(&x, "x")?;
    check_int8(&w, "w")?;
    let (xz, wz) = (im.opt_arg(node, 2)?, im.opt_arg(node, 3)?);
    if let Some(y) = byte_convolution(im, node, [0, 2, 1, 3], None)? {
        return Ok(vec![im.out(y, DType::I32)]);
    }
    let x = centre(im, &x, xz.as_ref(), None, "x_zero_point")?;
    let w = centre(im, &w, wz.as_ref(), Some(0), "w_zero_point")?;
    let y = convolution(im, node, &x, &w, None, DType::I32, Scalar::Int(0))?;
    Ok(vec![im.out(y, DType::I32)])
}

/// The convolution in its byte form (see the module doc), if the node's
/// operands allow it: `inputs` are the indices of x, x's zero point, w and
/// w's zero point.
fn byte_convolution(
    im: &mut Importer,
    node: &NodeProto,
    inputs: [usize; 4],
    bias: Option<Value>,
) -> Result<Option<Value>, String> {
    let [x_at, xz_at, w_at, wz_at] = inputs;
    let constant = |im: &Importer, i: usize| im.tensor(node, i).ok().flatten().and_then(|t| t.data);
    let Some(x) = im.tensor(node, x_at)? else {
        return Ok(None);
    };
    let x_zp = match im.tensor(node, xz_at)? {
        None => 0,
        Some(t) => match &t.data {
            Some(d) if d.len() == 1 => d.int(0),
            _ => return Ok(None),
        },
    };
    let Some(w) = constant(im, w_at).filter(|w| w.dtype == DType::I8 && w.shape.len() == 4) else {
        return Ok(None);
    };
    let w_zp_zero = match im.tensor(node, wz_at)? {
        None => true,
        Some(t) => t.data.is_some_and(|d| (0..d.len()).all(|i| d.int(i) == 0)),
    };
    if !w_zp_zero || !matches!(x.dtype, DType::I8 | DType::U8) {
        return Ok(None);
    }
    let offset = if x.dtype == DType::U8 { 128 } else { 0 };
    let x = im.arg(node, x_at)?;
    let bytes = if offset == 0 {
        x.value
    } else {
        // x - 128 wraps to the same byte as the unsigned x minus 128.
        let ins = [(x.value, AffineMap::multi_dim_identity(x.shape.len()))];
        elementwise(im, &ins, &x.shape, DType::I8, |p, a| {
            let c = p.constant(p.b.ir.value_type(a[0]), Scalar::Int(-128));
            p.add(a[0], c)
        })
    };
    let x8 = Arg {
        value: bytes,
        shape: x.shape.clone(),
        dtype: DType::I8,
    };
    let w8 = Arg {
        value: im.arg(node, w_at)?.value,
        shape: w.shape.clone(),
        dtype: DType::I8,
    };
    let per_channel = w.len() / w.shape[0] as usize;
    let compensation: Vec<i32> = (0..w.shape[0] as usize)
        .map(|oc| {
            let sum: i64 = (0..per_channel).map(|i| w.int(oc * per_channel + i)).sum();
            ((offset - x_zp) * sum) as i32
        })
        .collect();
    let bias = if compensation.iter().all(|&c| c == 0) {
        bias
    } else {
        let comp = im.em.dense(&TensorData {
            dtype: DType::I32,
            shape: vec![w.shape[0]],
            raw: compensation.iter().flat_map(|c| c.to_le_bytes()).collect(),
        });
        Some(match bias {
            None => comp,
            Some(b) => {
                let shape = [w.shape[0]];
                im.em
                    .map(&[b, comp], &shape, DType::I32, |p, a| p.add(a[0], a[1]))
            }
        })
    };
    let pad = Scalar::Int(x_zp - offset);
    convolution(im, node, &x8, &w8, bias, DType::I32, pad).map(Some)
}

/// The accumulator `acc` (i32) requantized: `saturate(round(acc *
/// scale_a * scale_b / scale_y) + zp_y)`; `scale_b` may be a vector
/// along `b_axis` of the output.
#[allow(clippy::too_many_arguments)]
fn requantize(
    im: &mut Importer,
    acc: Value,
    scale_a: &Arg,
    scale_b: &Arg,
    b_axis: Option<usize>,
    scale_y: &Arg,
    zp_y: &Arg,
) -> Result<Value, String> {
    let shape = im.em.shape(acc);
    let rank = shape.len();
    for (s, what) in [
        (scale_a, "a/x_scale"),
        (scale_b, "b/w_scale"),
        (scale_y, "y_scale"),
    ] {
        check_float_scale(s, what)?;
    }
    check_int8(zp_y, "y_zero_point")?;
    let ins = vec![
        (acc, AffineMap::multi_dim_identity(rank)),
        param(im, scale_a, rank, None, "a/x_scale")?,
        param(
            im,
            scale_b,
            rank,
            b_axis.map(|a| (a, shape[a])),
            "b/w_scale",
        )?,
        param(im, scale_y, rank, None, "y_scale")?,
        param(im, zp_y, rank, None, "y_zero_point")?,
    ];
    let to = zp_y.dtype;
    Ok(elementwise(im, &ins, &shape, to, |p, a| {
        let ab = p.mul(a[1], a[2]);
        let m = p.div(ab, a[3], false);
        let accf = p.cast(a[0], DType::I32, DType::F32);
        let x = p.mul(accf, m);
        saturate(p, x, Some((a[4], to)), to)
    }))
}

/// QLinearMatMul: the MatMulInteger of its operands, requantized.
pub fn qlinear_matmul(im: &mut Importer, node: &NodeProto) -> Result<Vec<Tensor>, String> {
    let a = im.arg(node, 0)?;
    let (a_scale, a_zp) = (im.arg(node, 1)?, im.arg(node, 2)?);
    let b = im.arg(node, 3)?;
    let (b_scale, b_zp) = (im.arg(node, 4)?, im.arg(node, 5)?);
    let (y_scale, y_zp) = (im.arg(node, 6)?, im.arg(node, 7)?);
    check_int8(&a, "a")?;
    check_int8(&b, "b")?;
    let b_axis = (b.shape.len() >= 2).then(|| b.shape.len() - 1);
    let a = centre(im, &a, Some(&a_zp), None, "a_zero_point")?;
    let b = centre(im, &b, Some(&b_zp), b_axis, "b_zero_point")?;
    let acc = product(im, &a, &b, DType::I32)?;
    let out_rank = im.em.shape(acc).len();
    let y = requantize(
        im,
        acc,
        &a_scale,
        &b_scale,
        Some(out_rank - 1),
        &y_scale,
        &y_zp,
    )?;
    Ok(vec![im.out(y, y_zp.dtype)])
}

/// QLinearConv: the ConvInteger of its operands plus the `i32` bias,
/// requantized per output channel.
pub fn qlinear_conv(im: &mut Importer, node: &NodeProto) -> Result<Vec<Tensor>, String> {
    let x = im.arg(node, 0)?;
    let (x_scale, x_zp) = (im.arg(node, 1)?, im.arg(node, 2)?);
    let w = im.arg(node, 3)?;
    let (w_scale, w_zp) = (im.arg(node, 4)?, im.arg(node, 5)?);
    let (y_scale, y_zp) = (im.arg(node, 6)?, im.arg(node, 7)?);
    let bias = im.opt_arg(node, 8)?;
    check_int8(&x, "x")?;
    check_int8(&w, "w")?;
    if let Some(b) = &bias {
        if b.dtype != DType::I32 || b.shape != [w.shape[0]] {
            return Err(format!("bias must be [{}] of int32", w.shape[0]));
        }
    }
    let bias = bias.map(|b| b.value);
    let acc = match byte_convolution(im, node, [0, 2, 3, 5], bias)? {
        Some(acc) => acc,
        None => {
            let x = centre(im, &x, Some(&x_zp), None, "x_zero_point")?;
            let w = centre(im, &w, Some(&w_zp), Some(0), "w_zero_point")?;
            convolution(im, node, &x, &w, bias, DType::I32, Scalar::Int(0))?
        }
    };
    let y = requantize(im, acc, &x_scale, &w_scale, Some(1), &y_scale, &y_zp)?;
    Ok(vec![im.out(y, y_zp.dtype)])
}
