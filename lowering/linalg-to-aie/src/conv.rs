//! Recognising the convolution: a `linalg.conv_2d` on memrefs, or a
//! `linalg.conv_2d_nchw_fchw` with batch 1 and unit strides and dilations
//! (channels: `O[0, k, i, j] += I[0, c, i + r, j + s] * W[k, c, r, s]`),
//! optionally after a `linalg.fill` of zero into its output, computed in
//! the element type (so wrapping, as linalg computes it).

use strata_dialect_aievec::datapath::{self, Datapath};
use strata_dialect_arith::ConstantOp;
use strata_dialect_linalg::{Conv2DNchwFchwOp, Conv2DOp, DepthwiseConv2DNchwChwOp, FillOp};
use strata_ir::{Context, Ir, OpId, Type, TypeData, Value};

/// A 2-D convolution the vectorizer can map.
pub struct ConvSpec {
    pub op: OpId,
    /// The zero fill of the output before it, if any (the first MAC is
    /// then a `mul`, not an accumulation onto the loaded output).
    pub fill: Option<OpId>,
    pub dp: &'static Datapath,
    pub elem: Type,
    pub input: Value,
    pub weights: Value,
    pub output: Value,
    /// Whether the memrefs are NCHW / FCHW (indices `[0, c, ..]`,
    /// `[k, c, ..]`) rather than plain 2-D.
    pub nchw: bool,
    /// Depthwise (`depthwise_conv_2d_nchw_chw`): output channel `k` reads
    /// input channel `k` and filter `W[k, r, s]`.
    pub depthwise: bool,
    /// Input channels per output channel `C` (1 when plain or depthwise)
    /// and output channels `K` (1 when plain).
    pub channels: i64,
    pub kernels: i64,
    /// Input rows x columns, filter rows x columns, output rows x columns.
    pub in_shape: [i64; 2],
    pub filter: [i64; 2],
    pub out_shape: [i64; 2],
}

impl ConvSpec {
    /// Element width in bits.
    pub fn bits(&self) -> u32 {
        self.dp.elem_bits
    }
    /// Vector lanes along the output's columns.
    pub fn lanes(&self) -> i64 {
        self.dp.lanes as i64
    }
    /// Real multiply-accumulates.
    pub fn macs(&self) -> i64 {
        self.kernels
            * self.channels
            * self.filter[0]
            * self.filter[1]
            * self.out_shape[0]
            * self.out_shape[1]
    }
}

/// A static identity-layout memref's shape and element type.
fn memref(ctx: &Context, ty: Type) -> Option<(Vec<i64>, Type)> {
    match ctx.type_data(ty) {
        TypeData::MemRef {
            shape,
            element,
            layout: None,
            ..
        } if shape.iter().all(|d| *d > 0) => Some((shape.to_vec(), *element)),
        _ => None,
    }
}

/// Whether `value` is the constant zero.
fn is_zero(ctx: &Context, ir: &Ir, value: Value) -> bool {
    ConstantOp::defining(ctx, ir, value)
        .and_then(|c| ctx.integer_value(c.value(ctx, ir)))
        .is_some_and(|v| v == 0)
}

/// The convolution `op` describes, or why the AIE datapath cannot run it.
pub fn recognise(ctx: &Context, ir: &Ir, op: OpId) -> Result<ConvSpec, String> {
    let unit = |a: Option<strata_ir::Attribute>| {
        a.is_none_or(|a| strata_dialect_linalg::named::window_values(ctx, a, 2) == [1, 1])
    };
    let windows = |strides, dilations| {
        (unit(strides) && unit(dilations))
            .then_some(())
            .ok_or("the AIE vectorizer handles unit strides and dilations")
    };
    let (ins, outs, nchw, depthwise) = if let Some(conv) = Conv2DOp::wrap(ctx, ir, op) {
        (conv.inputs(ctx, ir), conv.outputs(ctx, ir), false, false)
    } else if let Some(conv) = Conv2DNchwFchwOp::wrap(ctx, ir, op) {
        windows(conv.strides(ctx, ir), conv.dilations(ctx, ir))?;
        (conv.inputs(ctx, ir), conv.outputs(ctx, ir), true, false)
    } else if let Some(conv) = DepthwiseConv2DNchwChwOp::wrap(ctx, ir, op) {
        windows(conv.strides(ctx, ir), conv.dilations(ctx, ir))?;
        (conv.inputs(ctx, ir), conv.outputs(ctx, ir), true, true)
    } else {
        return Err("not a linalg.conv_2d, conv_2d_nchw_fchw or depthwise_conv_2d_nchw_chw".into());
    };
    let [input, weights] = ins[..] else {
        return Err("expected two inputs".into());
    };
    let [output] = outs[..] else {
        return Err("expected one output".into());
    };
    let shape = |v: Value| memref(ctx, ir.value_type(v));
    let (Some((i_shape, e0)), Some((w_shape, e1)), Some((o_shape, e2))) =
        (shape(input), shape(weights), shape(output))
    else {
        return Err(
            "the AIE target runs convolutions on static, identity-layout memrefs (bufferize first)"
                .into(),
        );
    };
    let last2 = |s: &[i64]| [s[s.len() - 2], s[s.len() - 1]];
    let (in_shape, filter, out_shape) = (last2(&i_shape), last2(&w_shape), last2(&o_shape));
    let (channels, kernels) = if nchw {
        if i_shape[0] != 1 {
            return Err("the AIE vectorizer handles batch 1".into());
        }
        // Depthwise: output channel k reads input channel k only.
        (if depthwise { 1 } else { i_shape[1] }, o_shape[1])
    } else {
        (1, 1)
    };
    if e0 != e1 || e1 != e2 {
        return Err("input, filter and output must have one element type".into());
    }
    let bits = ctx.integer_width(e0).unwrap_or(0);
    // The integer modes with the most lanes: 16x2 for int16, 8x1 for int32.
    let dp = match bits {
        16 => datapath::by_name("int16 16x2"),
        32 => datapath::by_name("int32 8x1"),
        _ => None,
    }
    .ok_or_else(|| {
        format!(
            "no AIE datapath vectorizes this convolution's element type (i16 or i32 only, got {})",
            strata_ir::asm::printer::type_to_string(ctx, e0)
        )
    })?;
    let lanes = dp.lanes as i64;
    let elems_16b = 128 / bits as i64;
    if out_shape[1] % lanes != 0 {
        return Err(format!(
            "output rows of {} elements are not whole {lanes}-lane vectors",
            out_shape[1]
        ));
    }
    if in_shape[1] % elems_16b != 0 {
        return Err(format!(
            "input rows of {} elements are not 16-byte aligned (a multiple of {elems_16b}): the AI Engine has no unaligned loads",
            in_shape[1]
        ));
    }
    if in_shape[0] < out_shape[0] + filter[0] - 1 || in_shape[1] < out_shape[1] + filter[1] - 1 {
        return Err("the input is smaller than the output plus the filter".into());
    }
    // A zero fill of the output just before the convolution.
    let fill = ir.prev_op(op).filter(|&prev| {
        FillOp::wrap(ctx, ir, prev).is_some_and(|f| {
            f.outputs(ctx, ir).first() == Some(&output)
                && f.inputs(ctx, ir)
                    .first()
                    .is_some_and(|&v| is_zero(ctx, ir, v))
        })
    });
    Ok(ConvSpec {
        op,
        fill,
        dp,
        nchw,
        depthwise,
        channels,
        kernels,
        elem: e0,
        input,
        weights,
        output,
        in_shape,
        filter,
        out_shape,
    })
}
