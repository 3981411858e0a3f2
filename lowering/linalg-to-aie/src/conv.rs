//! Recognising the convolution: a `linalg.conv_2d` on memrefs, a batch-1
//! `linalg.conv_2d_nchw_fchw` (`O[0, k, i, j] += I[0, c, i + r, j + s] *
//! W[k, c, r, s]`) or `linalg.depthwise_conv_2d_nchw_chw` with unit
//! strides and dilations, or a `linalg.conv_3d` (`O[k, i, j] += I[k + c,
//! i + r, j + s] * W[c, r, s]`),
//! optionally after a `linalg.fill` of zero into its output, computed in
//! the element type (so wrapping, as linalg computes it).

use strata_dialect_aievec::datapath::{self, Datapath};
use strata_dialect_arith::ConstantOp;
use strata_dialect_linalg::{
    Conv2DNchwFchwOp, Conv2DOp, Conv3DOp, DepthwiseConv2DNchwChwOp, FillOp,
};
use strata_ir::{Context, Ir, OpId, Type, TypeData, Value};

/// Which linalg convolution, and so how its memrefs are indexed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// `conv_2d`: `I[row, col]`, `W[r, s]`, `O[i, j]`.
    Plain,
    /// `conv_2d_nchw_fchw`: `I[0, c, row, col]`, `W[k, c, r, s]`, `O[0, k, i, j]`.
    Nchw,
    /// `depthwise_conv_2d_nchw_chw`: `I[0, k, row, col]`, `W[k, r, s]`, `O[0, k, i, j]`.
    Depthwise,
    /// `conv_3d`: `I[k + c, row, col]`, `W[c, r, s]`, `O[k, i, j]`.
    Conv3d,
}

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
    pub kind: Kind,
    /// What the vectorizer unrolls like filter rows (`channels`: input
    /// channels, or the filter's depth for conv_3d; 1 for plain and
    /// depthwise) and what the tile loop runs over besides rows and column
    /// vectors (`kernels`: output channels, or the output's depth).
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
    let (ins, outs, kind) = if let Some(conv) = Conv2DOp::wrap(ctx, ir, op) {
        (conv.inputs(ctx, ir), conv.outputs(ctx, ir), Kind::Plain)
    } else if let Some(conv) = Conv3DOp::wrap(ctx, ir, op) {
        (conv.inputs(ctx, ir), conv.outputs(ctx, ir), Kind::Conv3d)
    } else if let Some(conv) = Conv2DNchwFchwOp::wrap(ctx, ir, op) {
        windows(conv.strides(ctx, ir), conv.dilations(ctx, ir))?;
        (conv.inputs(ctx, ir), conv.outputs(ctx, ir), Kind::Nchw)
    } else if let Some(conv) = DepthwiseConv2DNchwChwOp::wrap(ctx, ir, op) {
        windows(conv.strides(ctx, ir), conv.dilations(ctx, ir))?;
        (conv.inputs(ctx, ir), conv.outputs(ctx, ir), Kind::Depthwise)
    } else {
        return Err(
            "not a linalg.conv_2d, conv_3d, conv_2d_nchw_fchw or depthwise_conv_2d_nchw_chw".into(),
        );
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
    if matches!(kind, Kind::Nchw | Kind::Depthwise) && i_shape[0] != 1 {
        return Err("the AIE vectorizer handles batch 1".into());
    }
    if kind == Kind::Conv3d && i_shape[0] < o_shape[0] + w_shape[0] - 1 {
        return Err("the input is shallower than the output plus the filter".into());
    }
    let (channels, kernels) = match kind {
        Kind::Plain => (1, 1),
        Kind::Nchw => (i_shape[1], o_shape[1]),
        Kind::Depthwise => (1, o_shape[1]),
        Kind::Conv3d => (w_shape[0], o_shape[0]),
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
        kind,
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
