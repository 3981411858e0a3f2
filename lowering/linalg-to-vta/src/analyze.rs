//! Recognising the layer: `linalg.conv_2d_nchw_fchw` or `linalg.matmul`
//! on int8 operands accumulating into a zero-filled int32 tensor, followed
//! by one `linalg.generic` whose payload is a chain of ALU-expressible
//! arith ops ending in `arith.trunci` to i8.
//!
//! Functions on memrefs (destination-passing style, e.g. after
//! bufferization) are recognised too: the accumulators are a buffer that a
//! `linalg.fill` zeroes and the contraction writes, and the tail writes an
//! i8 memref argument, which becomes the result (`Layer::result_arg`).
//! Spatial padding then has no `tensor.pad` to read it from, so memref
//! convolutions are unpadded.

use strata_dialect_arith::ops::{AddIOp, ConstantOp, MaxSIOp, MinSIOp, ShRSIOp, TruncIOp};
use strata_dialect_func::ReturnOp;
use strata_dialect_linalg::structured::structured_info;
use strata_dialect_linalg::{Conv2DNchwFchwOp, FillOp, GenericOp, MatmulOp, YieldOp};
use strata_dialect_tensor::ops::PadOp;
use strata_ir::affine::AffineExpr;
use strata_ir::{Context, Ir, OpId, Value, ValueDef};
use strata_vta::AluOp;

/// One step of the tail, applied in place on the accumulators.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    Imm(AluOp, i64),
    AddBias,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Conv {
    pub n: i64,
    pub c: i64,
    pub h: i64,
    pub w: i64,
    pub k: i64,
    pub kh: i64,
    pub kw: i64,
    /// top, bottom, left, right (done by the DMA).
    pub pad: [i64; 4],
    pub stride: [i64; 2],
    pub oh: i64,
    pub ow: i64,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Matmul {
    pub m: i64,
    pub k: i64,
    pub n: i64,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kernel {
    Conv(Conv),
    Matmul(Matmul),
}

/// The whole layer, with function argument positions.
#[derive(Clone, Debug)]
pub struct Layer {
    pub func_name: String,
    pub kernel: Kernel,
    pub x_arg: usize,
    pub w_arg: usize,
    pub bias_arg: Option<usize>,
    pub tail: Vec<Step>,
    pub num_args: usize,
    /// Memref functions: the argument the tail writes (the result).
    pub result_arg: Option<usize>,
}

fn name(ctx: &Context, ir: &Ir, op: OpId) -> String {
    ctx.op_name_str(ir.op_name(op)).to_string()
}

fn shape(ctx: &Context, ir: &Ir, v: Value) -> Vec<i64> {
    ctx.shape(ir.value_type(v)).unwrap_or_default().to_vec()
}

fn elem_width(ctx: &Context, ir: &Ir, v: Value) -> Option<u32> {
    ctx.integer_width(ctx.element_type_or_self(ir.value_type(v)))
}

/// The argument number of `v` if it is an argument of `func`'s entry block.
fn func_arg(ir: &Ir, func: OpId, v: Value) -> Option<usize> {
    match ir.value_def(v) {
        ValueDef::BlockArgument { block, index } if ir.block_parent_op(block) == Some(func) => {
            Some(index as usize)
        }
        _ => None,
    }
}

/// The integer value of a scalar `arith.constant` (or a splat one).
fn constant_int(ctx: &Context, ir: &Ir, v: Value) -> Option<i64> {
    let attr = ConstantOp::defining(ctx, ir, v)?.value(ctx, ir);
    if let Some(i) = ctx.integer_value(attr) {
        return i64::try_from(i).ok();
    }
    match ctx.attr_data(attr) {
        strata_ir::AttrData::DenseElements {
            splat: true, raw, ..
        } => {
            let w = elem_width(ctx, ir, v)? as usize;
            let bytes = w.div_ceil(8);
            let mut buf = [0u8; 8];
            buf[..bytes].copy_from_slice(raw.get(..bytes)?);
            let shift = 64 - 8 * bytes as u32;
            Some((i64::from_le_bytes(buf) << shift) >> shift)
        }
        _ => None,
    }
}

fn is_memref(ctx: &Context, ir: &Ir, v: Value) -> bool {
    matches!(
        ctx.type_data(ir.value_type(v)),
        strata_ir::TypeData::MemRef { .. }
    )
}

/// The op of one of `names` that produces `v`: its defining op (tensors),
/// or the one structured op among its users that writes it (memrefs).
fn producer(ctx: &Context, ir: &Ir, v: Value, names: &[&str]) -> Option<OpId> {
    let is = |op: OpId| names.contains(&name(ctx, ir, op).as_str());
    if let Some(op) = ir.defining_op(v).filter(|&op| is(op)) {
        return Some(op);
    }
    if !is_memref(ctx, ir, v) {
        return None;
    }
    let writers: Vec<OpId> = ir
        .users(v)
        .filter(|&u| {
            structured_info(ctx, ir, u)
                .and_then(|i| i.ok())
                .is_some_and(|i| i.outputs.contains(&v))
        })
        .collect();
    let mut named = writers.iter().copied().filter(|&w| is(w));
    let op = named.next()?;
    // Besides the producer, only the fill that zeroes an accumulator buffer.
    let others_fill = writers
        .iter()
        .all(|&w| w == op || name(ctx, ir, w) == FillOp::NAME);
    (named.next().is_none() && others_fill).then_some(op)
}

/// `v` holds zeros when `writer` accumulates into it: a `linalg.fill` of 0
/// or a zero splat constant; for a memref, a fill of 0 just before `writer`
/// in its block.
fn is_zero_init(ctx: &Context, ir: &Ir, v: Value, writer: OpId) -> bool {
    if is_memref(ctx, ir, v) {
        return ir.users(v).any(|f| {
            name(ctx, ir, f) == FillOp::NAME
                && constant_int(ctx, ir, ir.operand(f, 0)) == Some(0)
                && ir.op_block(f) == ir.op_block(writer)
                && ir.is_before_in_block(f, writer)
        });
    }
    let Some(op) = ir.defining_op(v) else {
        return false;
    };
    match name(ctx, ir, op).as_str() {
        FillOp::NAME => constant_int(ctx, ir, ir.operand(op, 0)) == Some(0),
        ConstantOp::NAME => constant_int(ctx, ir, v) == Some(0),
        _ => false,
    }
}

/// Finds the layer in `func`.
pub fn analyze(ctx: &Context, ir: &Ir, func: OpId) -> Result<Layer, String> {
    let func_name = strata_ir::symbol_table::symbol_name(ctx, ir, func)
        .unwrap_or("")
        .to_string();
    let region = *ir.regions(func).first().ok_or("function without a body")?;
    let block = ir.entry_block(region).ok_or("function without a body")?;
    let num_args = ir.block_args(block).len();
    let ret = ir
        .block_ops(block)
        .last()
        .filter(|&op| ReturnOp::is(ctx, ir, op))
        .ok_or("the function must end with func.return")?;
    let tail_error = "the result must be produced by a linalg.generic tail ending in arith.trunci to i8 (VTA stores int8)";
    let (result, result_arg) = match ir.num_operands(ret) {
        1 => (ir.operand(ret, 0), None),
        // Destination-passing style: the tail writes an i8 memref argument.
        0 => {
            let out = ir
                .block_ops(block)
                .filter(|&op| name(ctx, ir, op) == GenericOp::NAME)
                .filter_map(|op| structured_info(ctx, ir, op)?.ok())
                .filter_map(|i| i.outputs.first().copied())
                .find(|&v| func_arg(ir, func, v).is_some() && elem_width(ctx, ir, v) == Some(8))
                .ok_or("a function without results must write its i8 result into a memref argument with a linalg.generic tail")?;
            (out, func_arg(ir, func, out))
        }
        _ => return Err("the function must return exactly one tensor".into()),
    };
    let tail_op = producer(ctx, ir, result, &[GenericOp::NAME]).ok_or(tail_error)?;
    let info = structured_info(ctx, ir, tail_op).ok_or("not a structured op")??;
    if info.outputs.len() != 1 || elem_width(ctx, ir, result) != Some(8) {
        return Err("the tail must have one i8 output".into());
    }
    // The accumulator input: produced by the conv or matmul.
    let (acc_pos, acc) = info
        .inputs
        .iter()
        .enumerate()
        .find(|(_, &v)| producer(ctx, ir, v, &CONTRACTIONS).is_some())
        .map(|(i, &v)| (i, v))
        .ok_or("the tail's input must be a linalg.conv_2d_nchw_fchw or linalg.matmul result")?;
    let rank = shape(ctx, ir, acc).len();
    if !info.indexing_maps[acc_pos]
        .results()
        .iter()
        .enumerate()
        .all(|(i, e)| e.as_dim() == Some(i))
        || info.indexing_maps[acc_pos].results().len() != rank
        || !info.indexing_maps[info.inputs.len()]
            .results()
            .iter()
            .enumerate()
            .all(|(i, e)| e.as_dim() == Some(i))
    {
        return Err(
            "the tail must read the accumulators and write its output with identity maps".into(),
        );
    }
    // The bias input, broadcast along everything but the channel dimension (1).
    let mut bias_arg = None;
    let mut bias_pos = None;
    for (i, &v) in info.inputs.iter().enumerate() {
        if i == acc_pos {
            continue;
        }
        let results = info.indexing_maps[i].results();
        let channel_only = results.len() == 1 && matches!(results[0], AffineExpr::Dim(1));
        if !channel_only || elem_width(ctx, ir, v) != Some(32) {
            return Err("a tail input other than the accumulators must be an i32 bias indexed by the channel dimension only".into());
        }
        bias_arg = Some(func_arg(ir, func, v).ok_or("the bias must be a function argument")?);
        bias_pos = Some(i);
    }
    let tail = tail_steps(ctx, ir, tail_op, acc_pos, bias_pos)?;
    let acc_op = producer(ctx, ir, acc, &CONTRACTIONS).expect("found above");
    let ins_outs = structured_info(ctx, ir, acc_op).ok_or("not a structured op")??;
    let (x, w, out) = (ins_outs.inputs[0], ins_outs.inputs[1], ins_outs.outputs[0]);
    if elem_width(ctx, ir, x) != Some(8)
        || elem_width(ctx, ir, w) != Some(8)
        || elem_width(ctx, ir, out) != Some(32)
    {
        return Err("the contraction must take i8 operands and accumulate into i32".into());
    }
    if !is_zero_init(ctx, ir, out, acc_op) {
        return Err("the accumulators must start at zero (linalg.fill with 0)".into());
    }
    let w_arg = func_arg(ir, func, w).ok_or("the weights must be a function argument")?;
    let kernel;
    let x_arg;
    if name(ctx, ir, acc_op) == MatmulOp::NAME {
        let (a, b) = (shape(ctx, ir, x), shape(ctx, ir, w));
        x_arg =
            func_arg(ir, func, x).ok_or("the matmul's left operand must be a function argument")?;
        kernel = Kernel::Matmul(Matmul {
            m: a[0],
            k: a[1],
            n: b[1],
        });
    } else {
        let strides = strata_dialect_linalg::named::window_attr(ctx, ir, acc_op, "strides", 2);
        let dilations = strata_dialect_linalg::named::window_attr(ctx, ir, acc_op, "dilations", 2);
        if dilations != [1, 1] {
            return Err("dilated convolutions are not supported".into());
        }
        // The input, possibly zero-padded spatially by tensor.pad.
        let mut pad = [0i64; 4];
        let source = match ir.defining_op(x) {
            Some(p) if PadOp::is(ctx, ir, p) => {
                let low = ir
                    .attr(ctx, p, "static_low")
                    .and_then(|a| ctx.dense_array_i64(a))
                    .unwrap_or_default();
                let high = ir
                    .attr(ctx, p, "static_high")
                    .and_then(|a| ctx.dense_array_i64(a))
                    .unwrap_or_default();
                if low.len() != 4 || high.len() != 4 || low[..2] != [0, 0] || high[..2] != [0, 0] {
                    return Err("tensor.pad may only pad the spatial dimensions".into());
                }
                if low.iter().chain(&high).any(|&p| !(0..=15).contains(&p)) {
                    return Err(
                        "spatial padding must be static and at most 15 (the DMA's limit)".into(),
                    );
                }
                let body = ir
                    .entry_block(ir.regions(p)[0])
                    .ok_or("pad without a body")?;
                let y = ir.block_ops(body).last().ok_or("pad without a yield")?;
                if constant_int(ctx, ir, ir.operand(y, 0)) != Some(0) {
                    return Err(
                        "the padding value must be the constant 0 (the DMA pads with zeros)".into(),
                    );
                }
                pad = [low[2], high[2], low[3], high[3]];
                ir.operand(p, 0)
            }
            _ => x,
        };
        x_arg = func_arg(ir, func, source).ok_or(
            "the convolution's input must be a function argument (optionally through tensor.pad)",
        )?;
        let (xs, ws, os) = (
            shape(ctx, ir, source),
            shape(ctx, ir, w),
            shape(ctx, ir, out),
        );
        kernel = Kernel::Conv(Conv {
            n: xs[0],
            c: xs[1],
            h: xs[2],
            w: xs[3],
            k: ws[0],
            kh: ws[2],
            kw: ws[3],
            pad,
            stride: [strides[0], strides[1]],
            oh: os[2],
            ow: os[3],
        });
    }
    Ok(Layer {
        func_name,
        kernel,
        x_arg,
        w_arg,
        bias_arg,
        tail,
        num_args,
        result_arg,
    })
}

const CONTRACTIONS: [&str; 2] = [Conv2DNchwFchwOp::NAME, MatmulOp::NAME];

/// The payload as ALU steps.
fn tail_steps(
    ctx: &Context,
    ir: &Ir,
    op: OpId,
    acc_pos: usize,
    bias_pos: Option<usize>,
) -> Result<Vec<Step>, String> {
    let body = ir
        .entry_block(ir.regions(op)[0])
        .ok_or("tail without a body")?;
    let args = ir.block_args(body);
    let mut current = args[acc_pos];
    let bias = bias_pos.map(|p| args[p]);
    let mut steps = Vec::new();
    let mut truncated = false;
    for o in ir.block_ops(body) {
        let n = name(ctx, ir, o);
        let operands: Vec<Value> = ir.operands(o).collect();
        match n.as_str() {
            ConstantOp::NAME => continue,
            YieldOp::NAME => {
                if !truncated || operands.first() != Some(&current) {
                    return Err("the tail must yield the chain's arith.trunci result".into());
                }
                return Ok(steps);
            }
            TruncIOp::NAME if operands[0] == current => {
                if elem_width(ctx, ir, ir.result(o, 0)) != Some(8) {
                    return Err("arith.trunci must produce i8".into());
                }
                truncated = true;
            }
            ShRSIOp::NAME | AddIOp::NAME | MaxSIOp::NAME | MinSIOp::NAME if !truncated => {
                let commutative = !ShRSIOp::is(ctx, ir, o);
                let other = if operands[0] == current {
                    operands[1]
                } else if commutative && operands[1] == current {
                    operands[0]
                } else {
                    return Err(format!(
                        "'{n}' does not continue the chain from the accumulator"
                    ));
                };
                let alu = match n.as_str() {
                    ShRSIOp::NAME => AluOp::Shr,
                    AddIOp::NAME => AluOp::Add,
                    MaxSIOp::NAME => AluOp::Max,
                    _ => AluOp::Min,
                };
                if Some(other) == bias && alu == AluOp::Add {
                    steps.push(Step::AddBias);
                } else {
                    let v = constant_int(ctx, ir, other).ok_or_else(|| {
                        format!("'{n}' needs a constant operand (or the bias for addi)")
                    })?;
                    if !(-32768..=32767).contains(&v)
                        || (alu == AluOp::Shr && !(0..=31).contains(&v))
                    {
                        return Err(format!("'{n}' constant {v} does not fit the ALU immediate"));
                    }
                    steps.push(Step::Imm(alu, v));
                }
            }
            _ => return Err(format!("'{n}' in the tail cannot run on the VTA ALU")),
        }
        current = ir.result(o, 0);
    }
    Err("the tail does not end with linalg.yield".into())
}
