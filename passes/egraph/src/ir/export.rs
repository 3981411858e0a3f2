//! A term to tensor and linalg ops: the body of a function, built in place.
//!
//! Named ops where MLIR has them (`linalg.conv_2d_nchw_fchw`,
//! `linalg.matmul`, `linalg.transpose`, `tensor.pad`, `tensor.extract_slice`,
//! `tensor.insert_slice`, `tensor.collapse_shape`/`expand_shape`);
//! `linalg.generic` with the operator's indexing maps for the rest: every
//! layout operator of the language is a gather `out[i] = x[f(i)]` with an
//! affine `f` (floordiv/mod by constants for image pack and unpack), and a
//! blocked convolution is a 9-loop contraction over the packed operands.
//!
//! Ops are created through their typed builders at an [`OpBuilder`]'s
//! cursor, so each one is checked against its declaration by the compiler;
//! the pass manager's verifier checks the finished function.

use crate::analysis::{infer, Data, TensorAnalysis};
use crate::lang::{Binary, DType, Op, TNode, Unary, WeightLayout};
use egg::RecExpr;
use strata_dialect_arith::{
    AddFOp, AddIOp, ConstantOp, ExtSIOp, MaxSIOp, MaximumFOp, MinSIOp, MulFOp, MulIOp, SubFOp,
    SubIOp, TruncIOp,
};
use strata_dialect_func::ReturnOp;
use strata_dialect_linalg::structured::element_or_self;
use strata_dialect_linalg::{generic_properties, IteratorType};
use strata_dialect_linalg::{Conv2DNchwFchwOp, FillOp, GenericOp, MatmulOp, TransposeOp};
use strata_dialect_tensor::ops::{
    CollapseShapeOp, EmptyOp, ExpandShapeOp, ExtractSliceOp, InsertSliceOp, PadOp,
};
use strata_dialect_tensor::syntax::reassociation_attr;
use strata_ir::affine::{AffineExpr, AffineMap};
use strata_ir::builder::{OpBuilder, OpCreator};
use strata_ir::rewrite::TypedOp;
use strata_ir::{AttrData, Attribute, FloatBits, FloatKind, Type, Value};

/// The IR element type of `dt` (unsigned bytes are signless `i8`).
fn element_type(b: &OpBuilder, dt: DType) -> Type {
    match dt {
        DType::I8 | DType::U8 => b.ctx.signless(8),
        DType::I32 => b.ctx.signless(32),
        DType::I64 => b.ctx.signless(64),
        DType::F32 => b.ctx.float_type(FloatKind::F32),
    }
}

fn tensor_type(b: &OpBuilder, shape: &[i64], dt: DType) -> Type {
    b.ctx.tensor_type(shape, element_type(b, dt))
}

/// The result of a single-result typed op.
fn result(b: &OpBuilder, op: impl TypedOp) -> Value {
    b.result_of(op.op())
}

/// `d<i>`.
fn dim(i: usize) -> AffineExpr {
    AffineExpr::dim(i)
}

/// `d0, ..., d<n-1>`.
fn dims(n: usize) -> Vec<AffineExpr> {
    (0..n).map(dim).collect()
}

/// The arith operators payloads combine elements with.
#[derive(Clone, Copy)]
enum Arith {
    Add,
    Sub,
    Mul,
    Max,
}

/// `lhs op rhs` on elements of `dt`: the integer op, or its float
/// counterpart for f32 (`maximumf` for `maxsi`).
fn arith(b: &mut OpBuilder, op: Arith, dt: DType, lhs: Value, rhs: Value) -> Value {
    let ty = b.ir.value_type(lhs);
    let op = match (op, dt.is_int()) {
        (Arith::Add, true) => AddIOp::build(b, lhs, rhs, ty, None).op(),
        (Arith::Add, false) => AddFOp::build(b, lhs, rhs, ty, None).op(),
        (Arith::Sub, true) => SubIOp::build(b, lhs, rhs, ty, None).op(),
        (Arith::Sub, false) => SubFOp::build(b, lhs, rhs, ty, None).op(),
        (Arith::Mul, true) => MulIOp::build(b, lhs, rhs, ty, None).op(),
        (Arith::Mul, false) => MulFOp::build(b, lhs, rhs, ty, None).op(),
        (Arith::Max, true) => MaxSIOp::build(b, lhs, rhs, ty).op(),
        (Arith::Max, false) => MaximumFOp::build(b, lhs, rhs, ty, None).op(),
    };
    b.result_of(op)
}

/// `arith.constant value : ty` for an integer type.
fn int_constant(b: &mut OpBuilder, ty: Type, value: i64) -> Value {
    let attr = b.ctx.integer_attr(ty, value as i128);
    let c = ConstantOp::build(b, ty, attr);
    result(b, c)
}

/// The zero of `dt` (`0`, or `0.0`: all bits clear).
fn zero(b: &mut OpBuilder, dt: DType) -> Value {
    let ty = element_type(b, dt);
    let attr = if dt.is_int() {
        b.ctx.integer_attr(ty, 0)
    } else {
        b.ctx.intern_attr(AttrData::Float {
            ty,
            bits: FloatBits(0),
        })
    };
    let c = ConstantOp::build(b, ty, attr);
    result(b, c)
}

/// The named op `name` on `ins` into `init` (linalg's one builder for them).
fn named(
    b: &mut OpBuilder,
    name: &str,
    ins: &[Value],
    init: Value,
    props: &[(&str, Attribute)],
) -> Result<Value, String> {
    let op = strata_dialect_linalg::ops::build_named(b, name, ins, init, props)?;
    Ok(b.result_of(op))
}

/// An empty tensor, zero-filled when `zero_fill`.
fn init(b: &mut OpBuilder, shape: &[i64], dt: DType, zero_fill: bool) -> Result<Value, String> {
    let ty = tensor_type(b, shape, dt);
    let empty = EmptyOp::build(b, &[], ty);
    let empty = result(b, empty);
    if !zero_fill {
        return Ok(empty);
    }
    let z = zero(b, dt);
    named(b, FillOp::NAME, &[z], empty, &[])
}

/// `linalg.generic` reading `ins` through `maps` (input maps, then the
/// output's) over loops of `iterators` into a new tensor of `out_shape`;
/// `body` builds the payload from the block arguments (the inputs'
/// elements, then the accumulator) and returns the yielded value.
#[allow(clippy::too_many_arguments)]
fn generic(
    b: &mut OpBuilder,
    ins: &[Value],
    maps: Vec<Vec<AffineExpr>>,
    iterators: &[IteratorType],
    out_shape: &[i64],
    out_dt: DType,
    zero_init: bool,
    body: impl FnOnce(&mut OpBuilder, &[Value]) -> Value,
) -> Result<Value, String> {
    let ctx = b.ctx;
    let init = init(b, out_shape, out_dt, zero_init)?;
    let maps: Vec<AffineMap> = maps
        .into_iter()
        .map(|m| AffineMap::new(iterators.len(), 0, m))
        .collect();
    let mut state = b.state(GenericOp::NAME);
    state.operands = ins.iter().copied().chain([init]).collect();
    state.result_types = vec![b.ir.value_type(init)];
    state.num_regions = 1;
    state.properties = generic_properties(ctx, &maps, iterators, ins.len(), 1);
    let op = b.create(state);
    let elements = block_types(b, ins, init);
    let after = b.insertion_point();
    let region = b.ir.region(op, 0);
    let block = b.create_block(region, &elements);
    let args = b.ir.block_args(block).to_vec();
    let y = body(b, &args);
    strata_dialect_linalg::ops::YieldOp::build(b, &[y]);
    b.set_insertion_point(after);
    Ok(b.result_of(op))
}

/// The element types of `ins` and `init`: a structured op's block arguments.
fn block_types(b: &OpBuilder, ins: &[Value], init: Value) -> Vec<Type> {
    ins.iter()
        .chain([&init])
        .map(|&v| element_or_self(b.ctx, b.ir.value_type(v)))
        .collect()
}

/// A pure gather: `out[d...] = x[exprs]`.
fn gather(
    b: &mut OpBuilder,
    x: Value,
    out: &Data,
    exprs: Vec<AffineExpr>,
) -> Result<Value, String> {
    let rank = out.shape.len();
    generic(
        b,
        &[x],
        vec![exprs, dims(rank)],
        &vec![IteratorType::Parallel; rank],
        &out.shape,
        out.dtype,
        false,
        |_, n| n[0],
    )
}

/// `tensor.pad` of `x` by `lo`/`hi` with zeros into `result_ty`.
fn pad(b: &mut OpBuilder, x: Value, lo: &[i64], hi: &[i64], result_ty: Type, dt: DType) -> Value {
    let ctx = b.ctx;
    let (lo, hi) = (ctx.dense_i64_array(lo), ctx.dense_i64_array(hi));
    let op = PadOp::build(b, x, &[], &[], result_ty, lo, hi, None);
    let rank = ctx.shape(b.ir.value_type(x)).map_or(0, |s| s.len());
    let after = b.insertion_point();
    let region = op.region(b.ir);
    b.create_block(region, &vec![ctx.index_type(); rank]);
    let z = zero(b, dt);
    strata_dialect_tensor::ops::YieldOp::build(b, z);
    b.set_insertion_point(after);
    result(b, op)
}

/// The payload of a multiply-accumulate of `n[0]`, `n[1]` (type `dt`) into
/// the accumulator `n[2]` (type `acc`).
fn mac(b: &mut OpBuilder, n: &[Value], dt: DType, acc: DType) -> Value {
    let (mut x, mut y) = (n[0], n[1]);
    if dt != acc {
        let acc_ty = element_type(b, acc);
        let ext = ExtSIOp::build(b, x, acc_ty);
        x = result(b, ext);
        let ext = ExtSIOp::build(b, y, acc_ty);
        y = result(b, ext);
    }
    let m = arith(b, Arith::Mul, acc, x, y);
    arith(b, Arith::Add, acc, n[2], m)
}

/// The payload of `u` on `x` of type `dt` (result type `u.result_type(dt)`).
fn unary_payload(b: &mut OpBuilder, u: Unary, x: Value, dt: DType) -> Value {
    match u {
        Unary::Relu => {
            let z = zero(b, dt);
            arith(b, Arith::Max, dt, x, z)
        }
        Unary::Neg => {
            let z = zero(b, dt);
            arith(b, Arith::Sub, dt, z, x)
        }
        Unary::Requant => {
            let ty = element_type(b, dt);
            let lo = int_constant(b, ty, -128);
            let hi = int_constant(b, ty, 127);
            let clamped = MaxSIOp::build(b, x, lo, ty);
            let clamped = result(b, clamped);
            let clamped = MinSIOp::build(b, clamped, hi, ty);
            let clamped = result(b, clamped);
            if dt == DType::I8 {
                return clamped;
            }
            let i8_ty = element_type(b, DType::I8);
            let narrow = TruncIOp::build(b, clamped, i8_ty, None);
            result(b, narrow)
        }
    }
}

/// Builds the ops computing `expr` at `b`'s cursor, the function arguments
/// named by `args` being `params`, and returns the value of the root.
pub fn build_body(
    b: &mut OpBuilder,
    params: &[Value],
    args: &[(String, Vec<i64>, DType)],
    expr: &RecExpr<TNode>,
    analysis: &TensorAnalysis,
) -> Result<Value, String> {
    let mut values: Vec<Value> = Vec::new();
    let mut datas: Vec<Data> = Vec::new();
    for (_, node) in expr.items() {
        let kd: Vec<&Data> = node
            .children
            .iter()
            .map(|&c| &datas[usize::from(c)])
            .collect();
        let d = infer(&node.op, &kd, &analysis.inputs)?;
        let kv: Vec<Value> = node
            .children
            .iter()
            .map(|&c| values[usize::from(c)])
            .collect();
        let t = tensor_type(b, &d.shape, d.dtype);
        let rank = d.shape.len();
        let parallel = vec![IteratorType::Parallel; rank];
        let v = match &node.op {
            Op::Input(s) => {
                let i = args
                    .iter()
                    .position(|a| a.0 == s.as_str())
                    .ok_or("unknown input")?;
                *params.get(i).ok_or("unknown input")?
            }
            Op::Conv2d { stride, dil, epi } => {
                let acc = kd[0].dtype.accumulator();
                let mut shape = d.shape.clone();
                shape.truncate(4);
                let z = init(b, &shape, acc, true)?;
                let window = |values: &[i64]| {
                    let ty = b
                        .ctx
                        .tensor_type(&[values.len() as i64], b.ctx.signless(64));
                    let raw: Vec<u8> = values.iter().flat_map(|v| v.to_le_bytes()).collect();
                    b.ctx.dense_elements_attr(ty, 8, &raw)
                };
                let props = [("dilations", window(dil)), ("strides", window(stride))];
                let r = named(b, Conv2DNchwFchwOp::NAME, &kv, z, &props)?;
                apply_epilogue(b, r, &shape, acc, *epi)?
            }
            Op::Matmul { epi } => {
                let acc = kd[0].dtype.accumulator();
                let z = init(b, &d.shape, acc, true)?;
                let r = named(b, MatmulOp::NAME, &kv, z, &[])?;
                apply_epilogue(b, r, &d.shape, acc, *epi)?
            }
            Op::BlockedConv {
                stride,
                dil,
                epi,
                layout,
            } => {
                // d0=n d1=fo d2=oh d3=ow d4=fi | d5=co d6=kh d7=kw d8=ci
                let acc = kd[0].dtype.accumulator();
                let x = vec![
                    dim(0),
                    dim(5),
                    dim(2) * stride[0] + dim(6) * dil[0],
                    dim(3) * stride[1] + dim(7) * dil[1],
                    dim(8),
                ];
                let w = match layout {
                    WeightLayout::OIHWoi { .. } => {
                        vec![dim(1), dim(5), dim(6), dim(7), dim(4), dim(8)]
                    }
                    WeightLayout::OhwIoi { .. } => {
                        vec![dim(1), dim(6), dim(7), dim(5), dim(4), dim(8)]
                    }
                    WeightLayout::OhwAiOoBi { b: block, .. } => vec![
                        dim(1),
                        dim(6),
                        dim(7),
                        dim(5),
                        dim(8).floor_div(*block),
                        dim(4),
                        dim(8).modulo(*block),
                    ],
                };
                let mut it = vec![IteratorType::Parallel; 5];
                it.extend([IteratorType::Reduction; 4]);
                let dt = kd[0].dtype;
                let r = generic(
                    b,
                    &kv,
                    vec![x, w, dims(5)],
                    &it,
                    &d.shape,
                    acc,
                    true,
                    |b, n| mac(b, n, dt, acc),
                )?;
                apply_epilogue(b, r, &d.shape, acc, *epi)?
            }
            Op::Unary(u) => {
                let dt = kd[0].dtype;
                let u = *u;
                generic(
                    b,
                    &kv,
                    vec![dims(rank), dims(rank)],
                    &parallel,
                    &d.shape,
                    d.dtype,
                    false,
                    |b, n| unary_payload(b, u, n[0], dt),
                )?
            }
            Op::Binary(bop) => {
                let op = match bop {
                    Binary::Add => Arith::Add,
                    Binary::Sub => Arith::Sub,
                    Binary::Mul => Arith::Mul,
                    Binary::Max => Arith::Max,
                };
                let dt = d.dtype;
                generic(
                    b,
                    &kv,
                    vec![dims(rank), dims(rank), dims(rank)],
                    &parallel,
                    &d.shape,
                    dt,
                    false,
                    |b, n| arith(b, op, dt, n[0], n[1]),
                )?
            }
            Op::Reduce { axis, kind } => {
                // Loops: output dims then the reduced one last.
                let xr = kd[0].shape.len();
                let mut xe = Vec::new();
                let mut k = 0;
                for dd in 0..xr {
                    if dd == *axis {
                        xe.push(dim(xr - 1));
                    } else {
                        xe.push(dim(k));
                        k += 1;
                    }
                }
                let mut it = parallel.clone();
                it.push(IteratorType::Reduction);
                let op = if *kind == crate::lang::Reduction::Sum {
                    Arith::Add
                } else {
                    Arith::Max
                };
                let dt = d.dtype;
                generic(
                    b,
                    &kv,
                    vec![xe, dims(rank)],
                    &it,
                    &d.shape,
                    dt,
                    true,
                    |b, n| arith(b, op, dt, n[1], n[0]),
                )?
            }
            Op::Pad { lo, hi } => pad(b, kv[0], lo, hi, t, d.dtype),
            Op::Slice {
                offsets,
                sizes,
                strides,
            } => {
                let ctx = b.ctx;
                let op = ExtractSliceOp::build(
                    b,
                    kv[0],
                    &[],
                    &[],
                    &[],
                    t,
                    ctx.dense_i64_array(offsets),
                    ctx.dense_i64_array(sizes),
                    ctx.dense_i64_array(strides),
                );
                result(b, op)
            }
            Op::Reshape(shape) => {
                let ctx = b.ctx;
                let n: i64 = shape.iter().product();
                let flat_t = tensor_type(b, &[n], d.dtype);
                let mut cur = kv[0];
                let xr = kd[0].shape.len();
                if xr != 1 {
                    let all = reassociation_attr(ctx, &[(0..xr as i64).collect()]);
                    let op = CollapseShapeOp::build(b, cur, flat_t, all);
                    cur = result(b, op);
                }
                if rank != 1 {
                    let all = reassociation_attr(ctx, &[(0..rank as i64).collect()]);
                    let op = ExpandShapeOp::build(b, cur, &[], t, all, ctx.dense_i64_array(shape));
                    cur = result(b, op);
                }
                cur
            }
            Op::Transpose(perm) => {
                let e = init(b, &d.shape, d.dtype, false)?;
                let perm = b.ctx.dense_i64_array(perm);
                named(b, TransposeOp::NAME, &kv, e, &[("permutation", perm)])?
            }
            Op::Pack { dims: pd, tiles } => {
                // Pad to a multiple first, then gather.
                let xs = &kd[0].shape;
                let mut hi = vec![0; xs.len()];
                for (&p, &tl) in pd.iter().zip(tiles.iter()) {
                    hi[p as usize] = (xs[p as usize] + tl - 1) / tl * tl - xs[p as usize];
                }
                let mut src = kv[0];
                if hi.iter().any(|&h| h > 0) {
                    let padded: Vec<i64> = xs.iter().zip(&hi).map(|(a, b)| a + b).collect();
                    let padded_t = tensor_type(b, &padded, d.dtype);
                    src = pad(b, src, &vec![0; xs.len()], &hi, padded_t, d.dtype);
                }
                let xr = xs.len();
                let exprs: Vec<AffineExpr> = (0..xr)
                    .map(|i| match pd.iter().position(|&p| p as usize == i) {
                        Some(k) => dim(i) * tiles[k] + dim(xr + k),
                        None => dim(i),
                    })
                    .collect();
                gather(b, src, &d, exprs)?
            }
            Op::Unpack {
                dims: pd, tiles, ..
            } => {
                let mut exprs = dims(rank);
                for (&p, &tl) in pd.iter().zip(tiles.iter()) {
                    exprs[p as usize] = dim(p as usize).floor_div(tl);
                }
                for (&p, &tl) in pd.iter().zip(tiles.iter()) {
                    exprs.push(dim(p as usize).modulo(tl));
                }
                gather(b, kv[0], &d, exprs)?
            }
            Op::Unfold {
                axis, step, dil, ..
            } => {
                let a = *axis as usize;
                let mut exprs = dims(a);
                exprs.push(dim(a + 1) * *step + dim(a) * *dil);
                exprs.extend((a + 2..rank).map(dim));
                gather(b, kv[0], &d, exprs)?
            }
            Op::ImagePack([s0, s1]) => {
                let exprs = vec![
                    dim(0),
                    dim(1).floor_div(s0 * s1),
                    dim(2) * *s0 + dim(1).floor_div(*s1).modulo(*s0),
                    dim(3) * *s1 + dim(1).modulo(*s1),
                ];
                gather(b, kv[0], &d, exprs)?
            }
            Op::Interleave([d0, d1]) => {
                let ctx = b.ctx;
                let mut acc = init(b, &d.shape, d.dtype, false)?;
                for (k, &part) in kv.iter().enumerate() {
                    let (a, c) = (k as i64 / d1, k as i64 % d1);
                    let op = InsertSliceOp::build(
                        b,
                        part,
                        acc,
                        &[],
                        &[],
                        &[],
                        t,
                        ctx.dense_i64_array(&[0, 0, a, c]),
                        ctx.dense_i64_array(&kd[k].shape),
                        ctx.dense_i64_array(&[1, 1, *d0, *d1]),
                    );
                    acc = result(b, op);
                }
                acc
            }
        };
        values.push(v);
        datas.push(d);
    }
    let root = *values.last().ok_or("empty term")?;
    ReturnOp::build(b, &[root]);
    Ok(root)
}

fn apply_epilogue(
    b: &mut OpBuilder,
    r: Value,
    shape: &[i64],
    acc: DType,
    epi: Option<Unary>,
) -> Result<Value, String> {
    let Some(u) = epi else { return Ok(r) };
    let rank = shape.len();
    generic(
        b,
        &[r],
        vec![dims(rank), dims(rank)],
        &vec![IteratorType::Parallel; rank],
        shape,
        u.result_type(acc),
        false,
        |b, n| unary_payload(b, u, n[0], acc),
    )
}
