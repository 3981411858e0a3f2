//! Semantics of the vector ops of `extra_ops.rs` that compute: shuffles,
//! strided slices, masks, gather/scatter, expandload/compressstore,
//! `multi_reduction`, `scan`, `interleave`/`deinterleave`, `step`,
//! `from_elements`/`to_elements`.
//!
//! Memory addressing follows MLIR's lowering to LLVM: a gather's indices
//! and an expanding load's lanes are offsets from `base[offsets]` in the
//! row-major order of the memref's logical shape (a pointer plus an offset),
//! so they may run past the innermost dimension into the next row, and
//! `scan` is the sequential scan of `ScanToArithOps` (inclusive: `dest[0] =
//! source[0]`; exclusive: `dest[0] = initial_value`, `dest[i] = dest[i-1] ⊕
//! source[i-1]`; the accumulated value is the last `dest`).

use super::{combine, result_shape, shaped, vector};
use crate::ops::{indices, operand_groups};
use crate::{Flow, InterpResult, Interpreter, Registry, RtValue, Scalar, Shaped};
use strata_dialect_vector::extra_ops::{
    CompressStoreOp, ConstantMaskOp, CreateMaskOp, DeinterleaveOp, ExpandLoadOp,
    ExtractStridedSliceOp, FromElementsOp, GatherOp, InsertStridedSliceOp, InterleaveOp,
    MultiDimReductionOp, ScanOp, ScatterOp, ShuffleOp, StepOp, ToElementsOp,
};
use strata_dialect_vector::kind_of;
use strata_ir::OpId;

pub fn register(registry: &mut Registry) {
    registry.register_op::<ShuffleOp>(shuffle);
    registry.register_op::<ExtractStridedSliceOp>(extract_strided_slice);
    registry.register_op::<InsertStridedSliceOp>(insert_strided_slice);
    registry.register_op::<CreateMaskOp>(create_mask);
    registry.register_op::<ConstantMaskOp>(constant_mask);
    registry.register_op::<GatherOp>(gather);
    registry.register_op::<ScatterOp>(scatter);
    registry.register_op::<ExpandLoadOp>(expandload);
    registry.register_op::<CompressStoreOp>(compressstore);
    registry.register_op::<MultiDimReductionOp>(multi_reduction);
    registry.register_op::<ScanOp>(scan);
    registry.register_op::<InterleaveOp>(interleave);
    registry.register_op::<DeinterleaveOp>(deinterleave);
    registry.register_op::<StepOp>(step);
    registry.register_op::<FromElementsOp>(from_elements);
    registry.register_op::<ToElementsOp>(to_elements);
}

fn i64_list(it: &Interpreter, op: OpId, name: &str) -> Vec<i64> {
    strata_dialect_vector::i64_list(it.ctx, it.ir, op, name)
}

fn int_of(s: Scalar) -> i64 {
    match s {
        Scalar::Int(v, w) => strata_dialect_arith::semantics::sext(v, w) as i64,
        Scalar::Float(f, _) => f as i64,
    }
}

fn is_set(s: Scalar) -> bool {
    matches!(s, Scalar::Int(1, _))
}

/// Splits a value into its leading-dimension chunks (a 0-D vector or a
/// scalar is one chunk of one element).
fn chunks(v: &RtValue) -> Vec<Vec<Scalar>> {
    match v {
        RtValue::Vector(s) if !s.shape.is_empty() => {
            let n = s.shape[0].max(1) as usize;
            let len = s.elems.len() / n;
            s.elems.chunks(len.max(1)).map(|c| c.to_vec()).collect()
        }
        RtValue::Vector(s) => vec![s.elems.to_vec()],
        RtValue::Scalar(s) => vec![vec![*s]],
        _ => Vec::new(),
    }
}

fn shuffle(it: &mut Interpreter, op: OpId, args: &[RtValue]) -> InterpResult<Flow> {
    let (a, b) = (chunks(&args[0]), chunks(&args[1]));
    let mut out = Vec::new();
    for m in i64_list(it, op, "mask") {
        // -1 is a poison lane: any value will do; take the first one.
        let m = if m < 0 { 0 } else { m as usize };
        let chunk = if m < a.len() {
            &a[m]
        } else {
            b.get(m - a.len())
                .ok_or_else(|| it.error(op, format!("shuffle index {m} out of bounds")))?
        };
        out.extend_from_slice(chunk);
    }
    Ok(Flow::Next(vec![vector(result_shape(it, op), out)]))
}

fn extract_strided_slice(it: &mut Interpreter, op: OpId, args: &[RtValue]) -> InterpResult<Flow> {
    let src = shaped(it, op, &args[0])?;
    let (offsets, strides) = (i64_list(it, op, "offsets"), i64_list(it, op, "strides"));
    let shape = result_shape(it, op);
    let mut out = Vec::with_capacity(shape.iter().product::<i64>().max(0) as usize);
    let mut bad = None;
    crate::memory::for_each_index(&shape, |idx| {
        let from: Vec<i64> = idx
            .iter()
            .enumerate()
            .map(|(k, &i)| offsets.get(k).map_or(i, |&o| o + i * strides[k]))
            .collect();
        match src.linear_index(&from) {
            Some(l) => out.push(src.elems[l]),
            None => bad = Some(from),
        }
    });
    if let Some(from) = bad {
        return Err(it.error(op, format!("slice position {from:?} out of bounds")));
    }
    Ok(Flow::Next(vec![vector(shape, out)]))
}

fn insert_strided_slice(it: &mut Interpreter, op: OpId, args: &[RtValue]) -> InterpResult<Flow> {
    let src = shaped(it, op, &args[0])?;
    let dest = shaped(it, op, &args[1])?;
    let mut elems = dest.elems.to_vec();
    let (offsets, strides) = (i64_list(it, op, "offsets"), i64_list(it, op, "strides"));
    let lead = dest.shape.len() - src.shape.len();
    let mut k = 0;
    let mut bad = None;
    crate::memory::for_each_index(&src.shape, |idx| {
        let mut to = offsets[..lead].to_vec();
        to.extend(
            idx.iter()
                .enumerate()
                .map(|(d, &i)| offsets[lead + d] + i * strides[d]),
        );
        match dest.linear_index(&to) {
            Some(l) => elems[l] = src.elems[k],
            None => bad = Some(to),
        }
        k += 1;
    });
    if let Some(to) = bad {
        return Err(it.error(op, format!("slice position {to:?} out of bounds")));
    }
    Ok(Flow::Next(vec![vector(dest.shape.clone(), elems)]))
}

/// A mask of `shape` whose leading `sizes[k]` entries of each dimension are set.
fn mask_of(shape: &[i64], sizes: &[i64]) -> RtValue {
    if shape.is_empty() {
        let set = sizes.first().is_some_and(|&s| s > 0);
        return vector(Vec::new(), vec![Scalar::Int(set as u128, 1)]);
    }
    let mut out = Vec::new();
    crate::memory::for_each_index(shape, |idx| {
        let set = idx.iter().zip(sizes).all(|(&i, &s)| i < s);
        out.push(Scalar::Int(set as u128, 1));
    });
    vector(shape.to_vec(), out)
}

fn create_mask(it: &mut Interpreter, op: OpId, args: &[RtValue]) -> InterpResult<Flow> {
    let sizes = indices(it, op, args, "mask size")?;
    Ok(Flow::Next(vec![mask_of(&result_shape(it, op), &sizes)]))
}

fn constant_mask(it: &mut Interpreter, op: OpId, _: &[RtValue]) -> InterpResult<Flow> {
    let sizes = i64_list(it, op, "mask_dim_sizes");
    Ok(Flow::Next(vec![mask_of(&result_shape(it, op), &sizes)]))
}

/// The memref index `delta` elements after `base` in row-major order of
/// the logical shape, or `None` past the end.
fn advance(sizes: &[i64], base: &[i64], delta: i64) -> Option<Vec<i64>> {
    let mut linear = 0i64;
    for (&b, &s) in base.iter().zip(sizes) {
        linear = linear * s + b;
    }
    linear += delta;
    let total: i64 = sizes.iter().product();
    if linear < 0 || linear >= total.max(1) {
        return None;
    }
    let mut out = vec![0; sizes.len()];
    for d in (0..sizes.len()).rev() {
        out[d] = linear % sizes[d];
        linear /= sizes[d];
    }
    Some(out)
}

/// Base memref and `base[offsets]` of a gather/scatter/expandload/compressstore.
fn base_and_offsets(
    it: &Interpreter,
    op: OpId,
    args: &[RtValue],
) -> InterpResult<(crate::MemRefView, Vec<i64>, Vec<std::ops::Range<usize>>)> {
    let g = operand_groups(it, op)?;
    let m = super::memref_arg(it, op, &args[0])?.clone();
    let offsets = indices(it, op, &args[g[1].clone()], "index")?;
    Ok((m, offsets, g))
}

fn out_of_bounds(it: &Interpreter, op: OpId, base: &[i64], delta: i64) -> crate::InterpError {
    it.error(
        op,
        format!("out-of-bounds access {delta} elements after {base:?}"),
    )
}

fn gather(it: &mut Interpreter, op: OpId, args: &[RtValue]) -> InterpResult<Flow> {
    let (m, base, g) = base_and_offsets(it, op, args)?;
    let idx = shaped(it, op, &args[g[2].start])?;
    let mask = shaped(it, op, &args[g[3].start])?;
    let pass = shaped(it, op, &args[g[4].start])?;
    let mut out = pass.elems.to_vec();
    for (k, slot) in out.iter_mut().enumerate() {
        if is_set(mask.elems[k]) {
            let delta = int_of(idx.elems[k]);
            let pos = advance(&m.sizes, &base, delta)
                .ok_or_else(|| out_of_bounds(it, op, &base, delta))?;
            *slot = it
                .memory
                .load(&m, &pos)
                .map_err(|e| it.error(op, e.to_string()))?;
        }
    }
    Ok(Flow::Next(vec![vector(pass.shape.clone(), out)]))
}

fn scatter(it: &mut Interpreter, op: OpId, args: &[RtValue]) -> InterpResult<Flow> {
    let (m, base, g) = base_and_offsets(it, op, args)?;
    let idx = shaped(it, op, &args[g[2].start])?.clone();
    let mask = shaped(it, op, &args[g[3].start])?.clone();
    let value = shaped(it, op, &args[g[4].start])?.clone();
    for k in 0..value.elems.len() {
        if is_set(mask.elems[k]) {
            let delta = int_of(idx.elems[k]);
            let pos = advance(&m.sizes, &base, delta)
                .ok_or_else(|| out_of_bounds(it, op, &base, delta))?;
            it.memory
                .store(&m, &pos, value.elems[k])
                .map_err(|e| it.error(op, e.to_string()))?;
        }
    }
    Ok(Flow::Next(Vec::new()))
}

fn expandload(it: &mut Interpreter, op: OpId, args: &[RtValue]) -> InterpResult<Flow> {
    let (m, base, g) = base_and_offsets(it, op, args)?;
    let mask = shaped(it, op, &args[g[2].start])?;
    let pass = shaped(it, op, &args[g[3].start])?;
    let mut out = pass.elems.to_vec();
    let mut next = 0;
    for (k, slot) in out.iter_mut().enumerate() {
        if is_set(mask.elems[k]) {
            let pos =
                advance(&m.sizes, &base, next).ok_or_else(|| out_of_bounds(it, op, &base, next))?;
            *slot = it
                .memory
                .load(&m, &pos)
                .map_err(|e| it.error(op, e.to_string()))?;
            next += 1;
        }
    }
    Ok(Flow::Next(vec![vector(pass.shape.clone(), out)]))
}

fn compressstore(it: &mut Interpreter, op: OpId, args: &[RtValue]) -> InterpResult<Flow> {
    let (m, base, g) = base_and_offsets(it, op, args)?;
    let mask = shaped(it, op, &args[g[2].start])?.clone();
    let value = shaped(it, op, &args[g[3].start])?.clone();
    let mut next = 0;
    for k in 0..value.elems.len() {
        if is_set(mask.elems[k]) {
            let pos =
                advance(&m.sizes, &base, next).ok_or_else(|| out_of_bounds(it, op, &base, next))?;
            it.memory
                .store(&m, &pos, value.elems[k])
                .map_err(|e| it.error(op, e.to_string()))?;
            next += 1;
        }
    }
    Ok(Flow::Next(Vec::new()))
}

fn multi_reduction(it: &mut Interpreter, op: OpId, args: &[RtValue]) -> InterpResult<Flow> {
    let kind = kind_of(it.ctx, it.ir, op);
    let src = shaped(it, op, &args[0])?;
    let dims = i64_list(it, op, "reduction_dims");
    let kept: Vec<usize> = (0..src.shape.len())
        .filter(|d| !dims.contains(&(*d as i64)))
        .collect();
    let (acc_shape, mut acc) = match &args[1] {
        RtValue::Scalar(s) => (Vec::new(), vec![*s]),
        v => {
            let s = shaped(it, op, v)?;
            (s.shape.clone(), s.elems.to_vec())
        }
    };
    let acc_view = Shaped::new(acc_shape.clone(), acc.clone());
    let mut k = 0;
    let mut result = Ok(());
    crate::memory::for_each_index(&src.shape, |idx| {
        let at: Vec<i64> = kept.iter().map(|&d| idx[d]).collect();
        let l = acc_view.linear_index(&at).unwrap_or(0);
        match combine(kind, acc[l], src.elems[k]) {
            Ok(v) => acc[l] = v,
            Err(e) => result = Err(e),
        }
        k += 1;
    });
    result?;
    Ok(Flow::Next(vec![
        if acc_shape.is_empty() && matches!(args[1], RtValue::Scalar(_)) {
            RtValue::Scalar(acc[0])
        } else {
            vector(acc_shape, acc)
        },
    ]))
}

fn scan(it: &mut Interpreter, op: OpId, args: &[RtValue]) -> InterpResult<Flow> {
    let kind = kind_of(it.ctx, it.ir, op);
    let src = shaped(it, op, &args[0])?;
    let dim = it
        .ir
        .attr(it.ctx, op, "reduction_dim")
        .and_then(|a| it.ctx.integer_value(a))
        .unwrap_or(0) as usize;
    let inclusive = it
        .ir
        .attr(it.ctx, op, "inclusive")
        .and_then(|a| it.ctx.integer_value(a))
        .unwrap_or(0)
        != 0;
    let init = match &args[1] {
        RtValue::Scalar(s) => Shaped::new(Vec::new(), vec![*s]),
        v => shaped(it, op, v)?.clone(),
    };
    let mut dest = src.elems.to_vec();
    let mut last = init.elems.to_vec();
    let mut outer = src.shape.clone();
    outer[dim] = 1;
    let mut result = Ok(());
    crate::memory::for_each_index(&outer, |idx| {
        let at: Vec<i64> = (0..idx.len())
            .filter(|&d| d != dim)
            .map(|d| idx[d])
            .collect();
        let a = init.linear_index(&at).unwrap_or(0);
        let mut pos = idx.to_vec();
        let mut prev = init.elems[a];
        for i in 0..src.shape[dim] {
            pos[dim] = i;
            let here = src.linear_index(&pos).unwrap_or(0);
            let value = if i == 0 {
                if inclusive {
                    src.elems[here]
                } else {
                    init.elems[a]
                }
            } else {
                let x = if inclusive {
                    src.elems[here]
                } else {
                    pos[dim] = i - 1;
                    let p = src.elems[src.linear_index(&pos).unwrap_or(0)];
                    pos[dim] = i;
                    p
                };
                match combine(kind, prev, x) {
                    Ok(v) => v,
                    Err(e) => {
                        result = Err(e);
                        prev
                    }
                }
            };
            dest[here] = value;
            prev = value;
        }
        last[a] = prev;
    });
    result?;
    let acc = if matches!(args[1], RtValue::Scalar(_)) {
        RtValue::Scalar(last[0])
    } else {
        vector(init.shape.clone(), last)
    };
    Ok(Flow::Next(vec![vector(src.shape.clone(), dest), acc]))
}

/// The elements of a vector or 0-D vector, and the length of its last dimension.
fn rows(v: &Shaped) -> (usize, &[Scalar]) {
    (v.shape.last().map_or(1, |&d| d.max(1) as usize), &v.elems)
}

fn interleave(it: &mut Interpreter, op: OpId, args: &[RtValue]) -> InterpResult<Flow> {
    let (a, b) = (shaped(it, op, &args[0])?, shaped(it, op, &args[1])?);
    let (n, ea) = rows(a);
    let eb = &b.elems;
    let mut out = Vec::with_capacity(ea.len() * 2);
    for (ra, rb) in ea.chunks(n).zip(eb.chunks(n)) {
        for (x, y) in ra.iter().zip(rb) {
            out.push(*x);
            out.push(*y);
        }
    }
    Ok(Flow::Next(vec![vector(result_shape(it, op), out)]))
}

fn deinterleave(it: &mut Interpreter, op: OpId, args: &[RtValue]) -> InterpResult<Flow> {
    let src = shaped(it, op, &args[0])?;
    let (n, elems) = rows(src);
    let (mut even, mut odd) = (Vec::new(), Vec::new());
    for row in elems.chunks(n) {
        for (i, x) in row.iter().enumerate() {
            if i % 2 == 0 { &mut even } else { &mut odd }.push(*x);
        }
    }
    let shape = result_shape(it, op);
    Ok(Flow::Next(vec![
        vector(shape.clone(), even),
        vector(shape, odd),
    ]))
}

fn step(it: &mut Interpreter, op: OpId, _: &[RtValue]) -> InterpResult<Flow> {
    let shape = result_shape(it, op);
    let ty = it.ir.value_type(it.ir.result(op, 0));
    let width = it
        .ctx
        .element_type(ty)
        .and_then(|e| it.ctx.integer_width(e))
        .unwrap_or(64);
    let n = shape.first().copied().unwrap_or(0);
    let out = (0..n)
        .map(|i| {
            Scalar::Int(
                strata_dialect_arith::semantics::mask(i as u128, width),
                width,
            )
        })
        .collect();
    Ok(Flow::Next(vec![vector(shape, out)]))
}

fn from_elements(it: &mut Interpreter, op: OpId, args: &[RtValue]) -> InterpResult<Flow> {
    let elems = args
        .iter()
        .map(|a| {
            a.as_scalar()
                .ok_or_else(|| it.error(op, "element is not a scalar"))
        })
        .collect::<InterpResult<Vec<_>>>()?;
    Ok(Flow::Next(vec![vector(result_shape(it, op), elems)]))
}

fn to_elements(it: &mut Interpreter, op: OpId, args: &[RtValue]) -> InterpResult<Flow> {
    let src = shaped(it, op, &args[0])?;
    Ok(Flow::Next(
        src.elems.iter().map(|&s| RtValue::Scalar(s)).collect(),
    ))
}
