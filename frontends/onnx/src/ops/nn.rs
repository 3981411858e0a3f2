//! Convolution, pooling and normalization.
//!
//! Convolutions and pools are linalg's NCHW named ops
//! (`linalg.conv_2d_nchw_fchw`, `linalg.conv_2d_ngchw_gfchw` for groups,
//! `linalg.pooling_nchw_max`/`_sum`, and their 1-D/3-D forms) on an input
//! that `tensor.pad` has padded explicitly: the named ops have no padding.
//! A bias is the convolution's init (`linalg.broadcast`), so it costs no
//! extra pass. Softmax and the normalizations are reductions
//! (`linalg.generic` with reduction loops) and elementwise maps.

use super::elementwise::scalar_of;
use crate::emit::{broadcast_map, projection, Payload, Scalar};
use crate::import::{
    float_attr, int_attr, ints_attr, normalize_axis, string_attr, unsupported, Arg, Importer,
    Tensor,
};
use crate::model::{DType, TensorData};
use crate::proto::NodeProto;
use strata_dialect_linalg::IteratorType;
use strata_dialect_linalg::{
    Conv1DNcwFcwOp, Conv2DNchwFchwOp, Conv2DNgchwGfchwOp, Conv3DNcdhwFcdhwOp, PoolingNchwMaxOp,
    PoolingNchwSumOp, PoolingNcwMaxOp, PoolingNcwSumOp,
};
use strata_ir::affine::AffineMap;
use strata_ir::Value;

/// The geometry of a sliding window over the spatial dimensions.
pub struct Window {
    pub kernel: Vec<i64>,
    pub strides: Vec<i64>,
    pub dilations: Vec<i64>,
    pub pad_begin: Vec<i64>,
    pub pad_end: Vec<i64>,
    pub out: Vec<i64>,
}

/// Reads `auto_pad`, `pads`, `strides`, `dilations` (and `ceil_mode` for
/// pools) for an input of spatial size `input` and a kernel `kernel`;
/// `pad_end` includes what `ceil_mode` needs past the declared pads.
pub fn window(
    node: &NodeProto,
    input: &[i64],
    kernel: &[i64],
    pool: bool,
) -> Result<Window, String> {
    let s = input.len();
    let list = |name: &str, default: i64, len: usize| -> Result<Vec<i64>, String> {
        match ints_attr(node, name)? {
            None => Ok(vec![default; len]),
            Some(v) if v.len() == len => Ok(v),
            Some(v) => Err(format!(
                "attribute '{name}' has {} values, expected {len}",
                v.len()
            )),
        }
    };
    let strides = list("strides", 1, s)?;
    let dilations = list("dilations", 1, s)?;
    if strides.iter().chain(&dilations).any(|&v| v < 1) {
        return Err("strides and dilations must be positive".into());
    }
    let pads = list("pads", 0, 2 * s)?;
    if pads.iter().any(|&p| p < 0) {
        return Err(unsupported("pads", format!("{pads:?}")));
    }
    let ceil_mode = if pool {
        int_attr(node, "ceil_mode", 0)?
    } else {
        0
    };
    if ceil_mode != 0 && ceil_mode != 1 {
        return Err(unsupported("ceil_mode", ceil_mode));
    }
    let auto_pad = string_attr(node, "auto_pad", "NOTSET")?;
    let extent = |i: usize| dilations[i] * (kernel[i] - 1) + 1;
    let (mut pad_begin, mut pad_end, mut out) = (vec![0; s], vec![0; s], vec![0; s]);
    for i in 0..s {
        match auto_pad.as_str() {
            "NOTSET" => {
                pad_begin[i] = pads[i];
                pad_end[i] = pads[s + i];
                let span = input[i] + pad_begin[i] + pad_end[i] - extent(i);
                if span < 0 {
                    return Err(format!(
                        "the window ({} with dilation {}) is larger than the padded input ({})",
                        kernel[i],
                        dilations[i],
                        input[i] + pad_begin[i] + pad_end[i]
                    ));
                }
                out[i] = if ceil_mode == 1 {
                    let mut o = (span + strides[i] - 1) / strides[i] + 1;
                    // The last window must start inside the input or the
                    // leading padding (ONNX Runtime and PyTorch).
                    if (o - 1) * strides[i] >= input[i] + pad_begin[i] {
                        o -= 1;
                    }
                    o
                } else {
                    span / strides[i] + 1
                };
            }
            "VALID" => {
                let span = input[i] - extent(i);
                if span < 0 {
                    return Err("the window is larger than the input".into());
                }
                out[i] = span / strides[i] + 1;
            }
            "SAME_UPPER" | "SAME_LOWER" => {
                out[i] = (input[i] + strides[i] - 1) / strides[i];
                let total = ((out[i] - 1) * strides[i] + extent(i) - input[i]).max(0);
                let small = total / 2;
                let (b, e) = if auto_pad == "SAME_UPPER" {
                    (small, total - small)
                } else {
                    (total - small, small)
                };
                pad_begin[i] = b;
                pad_end[i] = e;
            }
            other => return Err(unsupported("auto_pad", format!("'{other}'"))),
        }
        // Past the declared padding, ceil_mode's last window needs more.
        let needed = (out[i] - 1) * strides[i] + extent(i);
        let have = input[i] + pad_begin[i] + pad_end[i];
        if needed > have {
            pad_end[i] += needed - have;
        }
    }
    Ok(Window {
        kernel: kernel.to_vec(),
        strides,
        dilations,
        pad_begin,
        pad_end,
        out,
    })
}

/// `x` padded on its spatial dimensions (all but the first two).
fn pad_spatial(im: &mut Importer, x: Value, w: &Window, value: Scalar) -> Value {
    let low: Vec<i64> = [0, 0].iter().chain(&w.pad_begin).copied().collect();
    let high: Vec<i64> = [0, 0].iter().chain(&w.pad_end).copied().collect();
    im.em.pad(x, &low, &high, value)
}

fn float_input(x: &Arg) -> Result<(), String> {
    if x.dtype.is_float() {
        Ok(())
    } else {
        Err(format!(
            "element type {} is not supported (floats only)",
            x.dtype.name()
        ))
    }
}

/// The NCHW convolution of `x` (padded with `pad`) by `w` with bias
/// `bias` (or zero) into an accumulator of `dtype`: the operands are of
/// `dtype` too, or 8-bit integers that the op sign-extends.
pub fn convolution(
    im: &mut Importer,
    node: &NodeProto,
    x: &Arg,
    w: &Arg,
    bias: Option<Value>,
    dtype: DType,
    pad: Scalar,
) -> Result<Value, String> {
    let rank = x.shape.len();
    if rank < 3 || w.shape.len() != rank {
        return Err(format!(
            "input rank {rank} and weight rank {} are not supported (3 to 5, equal)",
            w.shape.len()
        ));
    }
    let s = rank - 2;
    let group = int_attr(node, "group", 1)?;
    let (n, c, m) = (x.shape[0], x.shape[1], w.shape[0]);
    if group < 1 || c % group != 0 || m % group != 0 || w.shape[1] * group != c {
        return Err(format!(
            "group {group} does not divide input channels {c} and weight {:?}",
            w.shape
        ));
    }
    let kernel = w.shape[2..].to_vec();
    if let Some(k) = ints_attr(node, "kernel_shape")? {
        if k != kernel {
            return Err(format!(
                "kernel_shape {k:?} differs from the weight's {kernel:?}"
            ));
        }
    }
    let win = window(node, &x.shape[2..], &kernel, false)?;
    let padded = pad_spatial(im, x.value, &win, pad);
    let strides = im.em.i64_elements(&win.strides);
    let dilations = im.em.i64_elements(&win.dilations);
    let props = [("dilations", dilations), ("strides", strides)];
    let out: Vec<i64> = [n, m].iter().chain(&win.out).copied().collect();
    if group == 1 {
        let name = match s {
            1 => Conv1DNcwFcwOp::NAME,
            2 => Conv2DNchwFchwOp::NAME,
            3 => Conv3DNcdhwFcdhwOp::NAME,
            _ => unreachable!("rank checked"),
        };
        let init = init_with_bias(im, &out, 1, bias, dtype);
        return Ok(im.em.named(name, &[padded, w.value], init, &props));
    }
    if s != 2 {
        return Err(format!(
            "grouped convolution (group {group}) is supported in 2-D only"
        ));
    }
    // Groups: input [n, g, c/g, h, w], weight [g, m/g, c/g, kh, kw],
    // output [n, g, m/g, oh, ow].
    let ps = im.em.shape(padded);
    let xg = im.em.reshape(padded, &[n, group, c / group, ps[2], ps[3]]);
    let wg = im.em.reshape(
        w.value,
        &[group, m / group, c / group, kernel[0], kernel[1]],
    );
    let gout = [n, group, m / group, win.out[0], win.out[1]];
    let bias = bias.map(|b| im.em.reshape(b, &[group, m / group]));
    let init = init_with_bias(im, &gout, 2, bias, dtype);
    let y = im
        .em
        .named(Conv2DNgchwGfchwOp::NAME, &[xg, wg], init, &props);
    Ok(im.em.reshape(y, &out))
}

/// The accumulator of a convolution of output shape `out`: the bias
/// (whose dimensions are `out[1..1 + bias_rank]`) broadcast, or zeros.
fn init_with_bias(
    im: &mut Importer,
    out: &[i64],
    bias_rank: usize,
    bias: Option<Value>,
    dtype: DType,
) -> Value {
    match bias {
        Some(b) => {
            let added: Vec<usize> = (0..out.len())
                .filter(|&d| d == 0 || d > bias_rank)
                .collect();
            im.em.broadcast(b, out, &added, dtype)
        }
        None => im.em.filled(out, dtype, scalar_of(dtype, 0.0)),
    }
}

pub fn conv(im: &mut Importer, node: &NodeProto) -> Result<Vec<Tensor>, String> {
    let x = im.arg(node, 0)?;
    let w = im.arg(node, 1)?;
    float_input(&x)?;
    let b = im.opt_arg(node, 2)?;
    if let Some(b) = &b {
        if b.shape != [w.shape[0]] {
            return Err(format!("bias shape {:?} is not [{}]", b.shape, w.shape[0]));
        }
    }
    let y = convolution(
        im,
        node,
        &x,
        &w,
        b.map(|b| b.value),
        x.dtype,
        Scalar::Int(0),
    )?;
    Ok(vec![im.out(y, x.dtype)])
}

/// MaxPool and AveragePool: a padded input through
/// `linalg.pooling_nchw_max`/`_sum` (`ncw` in 1-D); the average divides
/// by a constant tensor of per-position window counts, which is what
/// `count_include_pad` and `ceil_mode` change.
pub fn pool(im: &mut Importer, node: &NodeProto) -> Result<Vec<Tensor>, String> {
    let x = im.arg(node, 0)?;
    let max = node.op_type.as_deref() == Some("MaxPool");
    if !max || x.dtype.is_float() {
        float_input(&x)?;
    }
    let s = x.shape.len().saturating_sub(2);
    if !(1..=2).contains(&s) {
        return Err(format!(
            "input rank {} is not supported (3 or 4)",
            x.shape.len()
        ));
    }
    let kernel = ints_attr(node, "kernel_shape")?.ok_or("attribute 'kernel_shape' is required")?;
    if kernel.len() != s || kernel.iter().any(|&k| k < 1) {
        return Err(unsupported("kernel_shape", format!("{kernel:?}")));
    }
    if int_attr(node, "storage_order", 0)? != 0 {
        return Err(unsupported("storage_order", 1));
    }
    if max && x.dtype.is_unsigned() {
        return Err("MaxPool on unsigned integers is not supported".into());
    }
    let win = window(node, &x.shape[2..], &kernel, true)?;
    if !max && win.dilations.iter().any(|&d| d != 1) {
        return Err(unsupported("dilations", format!("{:?}", win.dilations)));
    }
    let lowest = if x.dtype.is_float() {
        Scalar::Float(f64::NEG_INFINITY)
    } else {
        Scalar::Int(x.dtype.int_range().0)
    };
    let pad_value = if max { lowest } else { Scalar::Float(0.0) };
    let padded = pad_spatial(im, x.value, &win, pad_value);
    let out: Vec<i64> = x.shape[..2].iter().chain(&win.out).copied().collect();
    let init = im
        .em
        .filled(&out, x.dtype, if max { lowest } else { Scalar::Float(0.0) });
    let window_tensor = im.em.empty(&kernel, x.dtype);
    let strides = im.em.i64_elements(&win.strides);
    let dilations = im.em.i64_elements(&win.dilations);
    let name = match (s, max) {
        (1, true) => PoolingNcwMaxOp::NAME,
        (1, false) => PoolingNcwSumOp::NAME,
        (_, true) => PoolingNchwMaxOp::NAME,
        (_, false) => PoolingNchwSumOp::NAME,
    };
    let y = im.em.named(
        name,
        &[padded, window_tensor],
        init,
        &[("dilations", dilations), ("strides", strides)],
    );
    if max {
        return Ok(vec![im.out(y, x.dtype)]);
    }
    let include_pad = int_attr(node, "count_include_pad", 0)? != 0;
    // Per spatial dimension, how many window positions of each output
    // position count; the divisor is their product.
    let declared_end: Vec<i64> = if string_attr(node, "auto_pad", "NOTSET")? == "NOTSET" {
        ints_attr(node, "pads")?.map_or(vec![0; s], |p| p[s..].to_vec())
    } else {
        win.pad_end.clone()
    };
    let counts: Vec<Vec<i64>> = (0..s)
        .map(|i| {
            let (lo, hi) = if include_pad {
                (
                    -win.pad_begin[i],
                    x.shape[2 + i] + declared_end[i].min(win.pad_end[i]),
                )
            } else {
                (0, x.shape[2 + i])
            };
            (0..win.out[i])
                .map(|o| {
                    let start = o * win.strides[i] - win.pad_begin[i];
                    let end = start + win.kernel[i];
                    end.min(hi) - start.max(lo)
                })
                .collect()
        })
        .collect();
    let mut divisor = vec![1f64];
    for c in &counts {
        divisor = divisor
            .iter()
            .flat_map(|d| c.iter().map(move |&k| d * k as f64))
            .collect();
    }
    let raw: Vec<u8> = match x.dtype {
        DType::F64 => divisor.iter().flat_map(|d| d.to_le_bytes()).collect(),
        _ => divisor
            .iter()
            .flat_map(|&d| (d as f32).to_le_bytes())
            .collect(),
    };
    let divisor = im.em.dense(&TensorData {
        dtype: x.dtype,
        shape: win.out.clone(),
        raw,
    });
    let y = im.em.map(&[y, divisor], &out, x.dtype, |p, a| {
        p.div(a[0], a[1], false)
    });
    Ok(vec![im.out(y, x.dtype)])
}

/// A reduction of `x` over `axes` (removed from the result) starting
/// from `init` and folding each element in with `combine(acc, x)`.
fn reduce(
    im: &mut Importer,
    x: Value,
    dtype: DType,
    axes: &[usize],
    init: Scalar,
    combine: impl FnOnce(&mut Payload, Value, Value) -> Value,
) -> Value {
    let shape = im.em.shape(x);
    let kept: Vec<usize> = (0..shape.len()).filter(|d| !axes.contains(d)).collect();
    let out: Vec<i64> = kept.iter().map(|&d| shape[d]).collect();
    let init = im.em.filled(&out, dtype, init);
    let iterators: Vec<IteratorType> = (0..shape.len())
        .map(|d| {
            if axes.contains(&d) {
                IteratorType::Reduction
            } else {
                IteratorType::Parallel
            }
        })
        .collect();
    im.em.generic(
        &[(x, AffineMap::multi_dim_identity(shape.len()))],
        init,
        projection(shape.len(), &kept),
        &iterators,
        |p, a| combine(p, a[1], a[0]),
    )
}

/// GlobalAveragePool: the mean over every spatial dimension, kept as 1s.
pub fn global_average_pool(im: &mut Importer, node: &NodeProto) -> Result<Vec<Tensor>, String> {
    let x = im.arg(node, 0)?;
    float_input(&x)?;
    if x.shape.len() < 3 {
        return Err(format!(
            "input rank {} is not supported (at least 3)",
            x.shape.len()
        ));
    }
    let axes: Vec<usize> = (2..x.shape.len()).collect();
    let count: i64 = x.shape[2..].iter().product();
    let sum = reduce(
        im,
        x.value,
        x.dtype,
        &axes,
        Scalar::Float(0.0),
        |p, acc, v| p.add(acc, v),
    );
    let mean = im.em.map(&[sum], &x.shape[..2], x.dtype, |p, a| {
        let n = p.float_like(a[0], count as f64);
        p.div(a[0], n, false)
    });
    let out: Vec<i64> = x.shape[..2]
        .iter()
        .copied()
        .chain(axes.iter().map(|_| 1))
        .collect();
    let y = im.em.reshape(mean, &out);
    Ok(vec![im.out(y, x.dtype)])
}

/// BatchNormalization in inference mode:
/// `(x - mean) / sqrt(var + epsilon) * scale + bias`, the per-channel
/// parameters read along dimension 1.
pub fn batch_norm(im: &mut Importer, node: &NodeProto) -> Result<Vec<Tensor>, String> {
    if int_attr(node, "training_mode", 0)? != 0 {
        return Err(unsupported("training_mode", 1));
    }
    let x = im.arg(node, 0)?;
    float_input(&x)?;
    if x.shape.len() < 2 {
        return Err("the input needs a channel dimension".into());
    }
    let epsilon = float_attr(node, "epsilon", 1e-5)? as f64;
    let c = x.shape[1];
    let mut ins = vec![(x.value, AffineMap::multi_dim_identity(x.shape.len()))];
    for (i, what) in [(1, "scale"), (2, "B"), (3, "input_mean"), (4, "input_var")] {
        let p = im.arg(node, i)?;
        if p.shape != [c] || p.dtype != x.dtype {
            return Err(format!(
                "'{what}' must be [{c}] of {}, it is {:?} of {}",
                x.dtype.name(),
                p.shape,
                p.dtype.name()
            ));
        }
        ins.push((p.value, projection(x.shape.len(), &[1])));
    }
    let init = im.em.empty(&x.shape, x.dtype);
    let y = im.em.generic(
        &ins,
        init,
        AffineMap::multi_dim_identity(x.shape.len()),
        &vec![IteratorType::Parallel; x.shape.len()],
        |p, a| {
            let (x, scale, bias, mean, var) = (a[0], a[1], a[2], a[3], a[4]);
            let eps = p.float_like(x, epsilon);
            let ve = p.add(var, eps);
            let sd = p.sqrt(ve);
            let d = p.sub(x, mean);
            let n = p.div(d, sd, false);
            let s = p.mul(n, scale);
            p.add(s, bias)
        },
    );
    Ok(vec![im.out(y, x.dtype)])
}

/// Softmax (opset 13: one axis): `exp(x - max) / sum(exp(x - max))`.
pub fn softmax(im: &mut Importer, node: &NodeProto) -> Result<Vec<Tensor>, String> {
    let x = im.arg(node, 0)?;
    float_input(&x)?;
    let rank = x.shape.len();
    let axis = normalize_axis(int_attr(node, "axis", -1)?, rank)?;
    let kept: Vec<usize> = (0..rank).filter(|&d| d != axis).collect();
    let identity = AffineMap::multi_dim_identity(rank);
    let parallel = vec![IteratorType::Parallel; rank];
    let max = reduce(
        im,
        x.value,
        x.dtype,
        &[axis],
        Scalar::Float(f64::NEG_INFINITY),
        |p, acc, v| p.max(acc, v, false),
    );
    let init = im.em.empty(&x.shape, x.dtype);
    let e = im.em.generic(
        &[(x.value, identity.clone()), (max, projection(rank, &kept))],
        init,
        identity.clone(),
        &parallel,
        |p, a| {
            let d = p.sub(a[0], a[1]);
            p.exp(d)
        },
    );
    let sum = reduce(im, e, x.dtype, &[axis], Scalar::Float(0.0), |p, acc, v| {
        p.add(acc, v)
    });
    let init = im.em.empty(&x.shape, x.dtype);
    let y = im.em.generic(
        &[(e, identity.clone()), (sum, projection(rank, &kept))],
        init,
        identity,
        &parallel,
        |p, a| p.div(a[0], a[1], false),
    );
    Ok(vec![im.out(y, x.dtype)])
}

/// LayerNormalization (opset 17): over dimensions `axis..`, `(x - mean) *
/// rsqrt(var + epsilon) * scale + bias`; outputs 1 and 2 (Mean,
/// InvStdDev) with the normalized dimensions kept as 1s.
pub fn layer_norm(im: &mut Importer, node: &NodeProto) -> Result<Vec<Tensor>, String> {
    let x = im.arg(node, 0)?;
    float_input(&x)?;
    let rank = x.shape.len();
    let axis = normalize_axis(int_attr(node, "axis", -1)?, rank)?;
    if int_attr(node, "stash_type", 1)? != 1 {
        return Err(unsupported("stash_type", int_attr(node, "stash_type", 1)?));
    }
    let epsilon = float_attr(node, "epsilon", 1e-5)? as f64;
    let scale = im.arg(node, 1)?;
    let bias = im.opt_arg(node, 2)?;
    let normalized = &x.shape[axis..];
    for p in std::iter::once(&scale).chain(bias.as_ref()) {
        if p.shape.len() > normalized.len()
            || super::broadcast_shapes(&p.shape, normalized)? != normalized
        {
            return Err(format!(
                "scale/bias shape {:?} does not broadcast to the normalized shape {normalized:?}",
                p.shape
            ));
        }
    }
    let axes: Vec<usize> = (axis..rank).collect();
    let kept: Vec<usize> = (0..axis).collect();
    let reduced = x.shape[..axis].to_vec();
    let count: f64 = normalized.iter().product::<i64>() as f64;
    let identity = AffineMap::multi_dim_identity(rank);
    let parallel = vec![IteratorType::Parallel; rank];
    let sum = reduce(
        im,
        x.value,
        x.dtype,
        &axes,
        Scalar::Float(0.0),
        |p, acc, v| p.add(acc, v),
    );
    let mean = im.em.map(&[sum], &reduced, x.dtype, |p, a| {
        let n = p.float_like(a[0], count);
        p.div(a[0], n, false)
    });
    let init = im.em.empty(&x.shape, x.dtype);
    let centred = im.em.generic(
        &[(x.value, identity.clone()), (mean, projection(rank, &kept))],
        init,
        identity.clone(),
        &parallel,
        |p, a| p.sub(a[0], a[1]),
    );
    let squares = reduce(
        im,
        centred,
        x.dtype,
        &axes,
        Scalar::Float(0.0),
        |p, acc, v| {
            let sq = p.mul(v, v);
            p.add(acc, sq)
        },
    );
    let inv_std = im.em.map(&[squares], &reduced, x.dtype, |p, a| {
        let n = p.float_like(a[0], count);
        let var = p.div(a[0], n, false);
        let eps = p.float_like(a[0], epsilon);
        let ve = p.add(var, eps);
        let sd = p.sqrt(ve);
        let one = p.float_like(a[0], 1.0);
        p.div(one, sd, false)
    });
    let mut ins = vec![
        (centred, identity.clone()),
        (inv_std, projection(rank, &kept)),
        (scale.value, broadcast_map(&scale.shape, &x.shape)),
    ];
    if let Some(b) = &bias {
        ins.push((b.value, broadcast_map(&b.shape, &x.shape)));
    }
    let has_bias = bias.is_some();
    let init = im.em.empty(&x.shape, x.dtype);
    let y = im.em.generic(&ins, init, identity, &parallel, |p, a| {
        let n = p.mul(a[0], a[1]);
        let s = p.mul(n, a[2]);
        if has_bias {
            p.add(s, a[3])
        } else {
            s
        }
    });
    let stats: Vec<i64> = (0..rank)
        .map(|d| if d < axis { x.shape[d] } else { 1 })
        .collect();
    let mut outputs = vec![im.out(y, x.dtype)];
    for (i, v) in [(1, mean), (2, inv_std)] {
        if node.output.len() > i {
            let r = im.em.reshape(v, &stats);
            outputs.push(im.out(r, x.dtype));
        }
    }
    Ok(outputs)
}
