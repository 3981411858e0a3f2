//! vector: loads and stores (plain, masked, and transfers with permutation
//! maps, padding and `in_bounds`), broadcast, fma (fused), contractions
//! (every point of the iteration space in row-major order, `acc ⊕ (l * r)`
//! with separate roundings), reductions (sequential, starting from the
//! accumulator), outer products (fused for `add` on floats, as MLIR lowers
//! them), extract/insert, shape_cast and transpose.

use super::memref::{memref_arg, read_block, write_block};
use super::{indices, operand_groups};
use crate::{Flow, InterpError, InterpResult, Interpreter, Registry, RtValue, Scalar, Shaped};
use strata_dialect_arith::semantics::{self as sem, round_to};
use strata_dialect_vector::{kind_of, CombiningKind};
use strata_dialect_vector::{
    BroadcastOp, ContractionOp, ExtractOp, FmaOp, InsertOp, LoadOp, MaskedLoadOp, MaskedStoreOp,
    OuterProductOp, ReductionOp, ShapeCastOp, StoreOp, TransferReadOp, TransferWriteOp,
    TransposeOp,
};
use strata_ir::{FloatKind, OpId, DYNAMIC};

pub fn register(registry: &mut Registry) {
    registry.register_op::<LoadOp>(load);
    registry.register_op::<StoreOp>(store);
    registry.register_op::<MaskedLoadOp>(masked_load);
    registry.register_op::<MaskedStoreOp>(masked_store);
    registry.register_op::<BroadcastOp>(broadcast);
    registry.register_op::<FmaOp>(fma);
    registry.register_op::<ShapeCastOp>(shape_cast);
    registry.register_op::<TransposeOp>(transpose);
    registry.register_op::<ReductionOp>(reduction);
    registry.register_op::<ContractionOp>(contract);
    registry.register_op::<OuterProductOp>(outerproduct);
    registry.register_op::<TransferReadOp>(transfer_read);
    registry.register_op::<TransferWriteOp>(transfer_write);
    registry.register_op::<ExtractOp>(extract);
    registry.register_op::<InsertOp>(insert);
    extra::register(registry);
}

mod extra;

fn shaped<'v>(it: &Interpreter, op: OpId, v: &'v RtValue) -> InterpResult<&'v Shaped> {
    v.as_shaped()
        .ok_or_else(|| it.error(op, "operand is not a vector"))
}

fn result_shape(it: &Interpreter, op: OpId) -> Vec<i64> {
    let ty = it.ir.value_type(it.ir.result(op, 0));
    it.ctx.shape(ty).map(|s| s.to_vec()).unwrap_or_default()
}

fn vector(shape: Vec<i64>, elems: Vec<Scalar>) -> RtValue {
    RtValue::Vector(Shaped::new(shape, elems))
}

/// `a ⊕ b` for a combining kind.
pub fn combine(kind: CombiningKind, a: Scalar, b: Scalar) -> InterpResult<Scalar> {
    let err = |e: sem::SemanticsError| InterpError::new(e.to_string());
    match (a, b) {
        (Scalar::Float(x, k), Scalar::Float(y, _)) => Ok(Scalar::Float(
            sem::float_binary(kind.arith_op(true), x, y, k).map_err(err)?,
            k,
        )),
        (Scalar::Int(x, w), Scalar::Int(y, _)) => Ok(Scalar::Int(
            sem::int_binary(kind.arith_op(false), x, y, w).map_err(err)?,
            w,
        )),
        _ => Err(InterpError::new("combining values of different kinds")),
    }
}

fn mul(a: Scalar, b: Scalar) -> InterpResult<Scalar> {
    combine(CombiningKind::Mul, a, b)
}

/// `a * b + c` rounded once.
fn fused(a: Scalar, b: Scalar, c: Scalar) -> InterpResult<Scalar> {
    match (a, b, c) {
        (Scalar::Float(x, k), Scalar::Float(y, _), Scalar::Float(z, _)) => Ok(Scalar::Float(
            match k {
                FloatKind::F32 => (x as f32).mul_add(y as f32, z as f32) as f64,
                _ => round_to(k, x.mul_add(y, z)),
            },
            k,
        )),
        _ => combine(CombiningKind::Add, mul(a, b)?, c),
    }
}

fn load(it: &mut Interpreter, op: OpId, args: &[RtValue]) -> InterpResult<Flow> {
    let m = memref_arg(it, op, &args[0])?;
    let idx = indices(it, op, &args[1..], "index")?;
    let shape = result_shape(it, op);
    let elems = read_block(it, op, m, &idx, &shape)?;
    Ok(Flow::Next(vec![vector(shape, elems)]))
}

fn store(it: &mut Interpreter, op: OpId, args: &[RtValue]) -> InterpResult<Flow> {
    let v = shaped(it, op, &args[0])?.clone();
    let m = memref_arg(it, op, &args[1])?.clone();
    let idx = indices(it, op, &args[2..], "index")?;
    write_block(it, op, &m, &idx, &v.shape, &v.elems)?;
    Ok(Flow::Next(Vec::new()))
}

/// The memref positions of the elements of a block of `shape` at `base`
/// (trailing dimensions), row-major.
fn block_positions(base: &[i64], shape: &[i64]) -> Vec<Vec<i64>> {
    let lead = base.len().saturating_sub(shape.len());
    let mut out = Vec::new();
    crate::memory::for_each_index(shape, |v| {
        let mut idx = base.to_vec();
        for (k, &o) in v.iter().enumerate() {
            idx[lead + k] += o;
        }
        out.push(idx);
    });
    out
}

fn masked_load(it: &mut Interpreter, op: OpId, args: &[RtValue]) -> InterpResult<Flow> {
    let g = operand_groups(it, op)?;
    let m = memref_arg(it, op, &args[0])?;
    let idx = indices(it, op, &args[g[1].clone()], "index")?;
    let mask = shaped(it, op, &args[g[2].start])?;
    let pass = shaped(it, op, &args[g[3].start])?;
    let mut out = Vec::with_capacity(pass.len());
    for (k, pos) in block_positions(&idx, &pass.shape).iter().enumerate() {
        out.push(if matches!(mask.elems[k], Scalar::Int(1, _)) {
            it.memory
                .load(m, pos)
                .map_err(|e| it.error(op, e.to_string()))?
        } else {
            pass.elems[k]
        });
    }
    Ok(Flow::Next(vec![vector(pass.shape.clone(), out)]))
}

fn masked_store(it: &mut Interpreter, op: OpId, args: &[RtValue]) -> InterpResult<Flow> {
    let g = operand_groups(it, op)?;
    let m = memref_arg(it, op, &args[0])?.clone();
    let idx = indices(it, op, &args[g[1].clone()], "index")?;
    let mask = shaped(it, op, &args[g[2].start])?.clone();
    let value = shaped(it, op, &args[g[3].start])?.clone();
    for (k, pos) in block_positions(&idx, &value.shape).iter().enumerate() {
        if matches!(mask.elems[k], Scalar::Int(1, _)) {
            it.memory
                .store(&m, pos, value.elems[k])
                .map_err(|e| it.error(op, e.to_string()))?;
        }
    }
    Ok(Flow::Next(Vec::new()))
}

fn broadcast(it: &mut Interpreter, op: OpId, args: &[RtValue]) -> InterpResult<Flow> {
    let shape = result_shape(it, op);
    let n = it.elements_for(op, &shape, false)?;
    let out = match &args[0] {
        RtValue::Scalar(s) => vec![*s; n],
        RtValue::Vector(src) => {
            let lead = shape.len() - src.shape.len();
            let mut out = Vec::with_capacity(n);
            crate::memory::for_each_index(&shape, |idx| {
                let from: Vec<i64> = src
                    .shape
                    .iter()
                    .enumerate()
                    .map(|(k, &d)| if d == 1 { 0 } else { idx[lead + k] })
                    .collect();
                out.push(src.elems[src.linear_index(&from).unwrap_or(0)]);
            });
            out
        }
        _ => return Err(it.error(op, "broadcast of a non-vector, non-scalar value")),
    };
    Ok(Flow::Next(vec![vector(shape, out)]))
}

fn fma(it: &mut Interpreter, _: OpId, args: &[RtValue]) -> InterpResult<Flow> {
    let _ = it;
    let r = super::elementwise(args, |v| fused(v[0], v[1], v[2]))?;
    Ok(Flow::Next(vec![r]))
}

fn shape_cast(it: &mut Interpreter, op: OpId, args: &[RtValue]) -> InterpResult<Flow> {
    let src = shaped(it, op, &args[0])?;
    Ok(Flow::Next(vec![RtValue::Vector(Shaped {
        shape: result_shape(it, op),
        elems: src.elems.clone(),
    })]))
}

fn transpose(it: &mut Interpreter, op: OpId, args: &[RtValue]) -> InterpResult<Flow> {
    let src = shaped(it, op, &args[0])?;
    let perm = it
        .ir
        .attr(it.ctx, op, "permutation")
        .and_then(|a| it.ctx.dense_array_i64(a))
        .unwrap_or_default();
    let shape = result_shape(it, op);
    let mut out = Vec::with_capacity(src.len());
    crate::memory::for_each_index(&shape, |idx| {
        let mut from = vec![0; idx.len()];
        for (i, &p) in perm.iter().enumerate() {
            from[p as usize] = idx[i];
        }
        out.push(src.elems[src.linear_index(&from).unwrap_or(0)]);
    });
    Ok(Flow::Next(vec![vector(shape, out)]))
}

fn reduction(it: &mut Interpreter, op: OpId, args: &[RtValue]) -> InterpResult<Flow> {
    let kind = kind_of(it.ctx, it.ir, op);
    let src = shaped(it, op, &args[0])?;
    let mut elems = src.elems.iter().copied();
    let mut acc = match args.get(1) {
        Some(a) => a
            .as_scalar()
            .ok_or_else(|| it.error(op, "accumulator is not a scalar"))?,
        None => elems
            .next()
            .ok_or_else(|| it.error(op, "reduction of an empty vector"))?,
    };
    for x in elems {
        acc = combine(kind, acc, x)?;
    }
    Ok(Flow::Next(vec![RtValue::Scalar(acc)]))
}

fn contract(it: &mut Interpreter, op: OpId, args: &[RtValue]) -> InterpResult<Flow> {
    let kind = kind_of(it.ctx, it.ir, op);
    let maps = strata_dialect_vector::indexing_maps(it.ctx, it.ir, op);
    let (lhs, rhs) = (shaped(it, op, &args[0])?, shaped(it, op, &args[1])?);
    let n = maps.first().map_or(0, |m| m.num_dims());
    // The extent of every iteration dimension, from the operands.
    let mut sizes = vec![1i64; n];
    for (k, shape) in [&lhs.shape, &rhs.shape].into_iter().enumerate() {
        for (r, e) in maps[k].results().iter().enumerate() {
            if let Some(d) = e.as_dim() {
                sizes[d] = shape[r];
            }
        }
    }
    let (acc_shape, mut acc): (Vec<i64>, Vec<Scalar>) = match &args[2] {
        RtValue::Scalar(s) => (Vec::new(), vec![*s]),
        v => {
            let s = shaped(it, op, v)?;
            (s.shape.clone(), s.elems.to_vec())
        }
    };
    let linear = |shape: &[i64], idx: &[i64]| {
        idx.iter().zip(shape).fold(0i64, |a, (&i, &d)| a * d + i) as usize
    };
    let mut failure = None;
    crate::memory::for_each_index(&sizes, |point| {
        if failure.is_some() {
            return;
        }
        let at = |k: usize| -> Vec<i64> { maps[k].eval(point, &[]).unwrap_or_default() };
        let l = lhs.elems[linear(&lhs.shape, &at(0))];
        let r = rhs.elems[linear(&rhs.shape, &at(1))];
        let slot = linear(&acc_shape, &at(2));
        match mul(l, r).and_then(|p| combine(kind, acc[slot], p)) {
            Ok(v) => acc[slot] = v,
            Err(e) => failure = Some(e),
        }
    });
    if let Some(e) = failure {
        return Err(it.error(op, e.message));
    }
    Ok(Flow::Next(vec![if acc_shape.is_empty() {
        RtValue::Scalar(acc[0])
    } else {
        vector(acc_shape, acc)
    }]))
}

fn outerproduct(it: &mut Interpreter, op: OpId, args: &[RtValue]) -> InterpResult<Flow> {
    let kind = kind_of(it.ctx, it.ir, op);
    let lhs = shaped(it, op, &args[0])?;
    let shape = result_shape(it, op);
    let n = shape.iter().product::<i64>() as usize;
    let acc = match args.get(2) {
        Some(a) => Some(shaped(it, op, a)?.elems.clone()),
        None => None,
    };
    let mut out = Vec::with_capacity(n);
    for k in 0..n {
        let (i, j) = if shape.len() == 2 {
            (k / shape[1] as usize, k % shape[1] as usize)
        } else {
            (k, 0)
        };
        let r = match &args[1] {
            RtValue::Scalar(s) => *s,
            v => shaped(it, op, v)?.elems[j],
        };
        let l = lhs.elems[i];
        out.push(match &acc {
            None => mul(l, r)?,
            Some(a) if kind == CombiningKind::Add => fused(l, r, a[k])?,
            Some(a) => combine(kind, a[k], mul(l, r)?)?,
        });
    }
    Ok(Flow::Next(vec![vector(shape, out)]))
}

/// For each element of the transferred vector (row-major), its position in
/// the source, and whether that position is inside the source.
fn transfer_positions(
    it: &Interpreter,
    op: OpId,
    base: &[i64],
    source_shape: &[i64],
    vector_shape: &[i64],
) -> InterpResult<Vec<(Vec<i64>, bool)>> {
    let map = strata_dialect_vector::map_attr(it.ctx, it.ir, op, "permutation_map")
        .ok_or_else(|| it.error(op, "missing permutation_map"))?;
    let in_bounds = strata_dialect_vector::in_bounds(it.ctx, it.ir, op);
    let mut out = Vec::new();
    let mut failure = None;
    crate::memory::for_each_index(vector_shape, |v| {
        let mut pos = base.to_vec();
        let mut inside = true;
        for (r, e) in map.results().iter().enumerate() {
            if let Some(d) = e.as_dim() {
                pos[d] += v[r];
                let ok = pos[d] >= 0 && pos[d] < source_shape[d];
                if !ok && in_bounds.get(r) == Some(&true) && failure.is_none() {
                    failure = Some(format!(
                        "out-of-bounds access at {pos:?} of a source of shape {source_shape:?} in a dimension marked in_bounds"
                    ));
                }
                inside &= ok;
            }
        }
        // Dimensions the map leaves out are read at the base index.
        inside &= pos.iter().zip(source_shape).all(|(&p, &s)| p >= 0 && p < s);
        out.push((pos, inside));
    });
    if let Some(f) = failure {
        return Err(it.error(op, f));
    }
    Ok(out)
}

fn transfer_read(it: &mut Interpreter, op: OpId, args: &[RtValue]) -> InterpResult<Flow> {
    let g = operand_groups(it, op)?;
    let idx = indices(it, op, &args[g[1].clone()], "index")?;
    let padding = args[g[2].start]
        .as_scalar()
        .ok_or_else(|| it.error(op, "padding is not a scalar"))?;
    let mask = g[3]
        .clone()
        .next()
        .map(|i| shaped(it, op, &args[i]).cloned())
        .transpose()?;
    let shape = result_shape(it, op);
    let source_shape = match &args[0] {
        RtValue::MemRef(m) => m.sizes.clone(),
        RtValue::Tensor(t) => t.shape.clone(),
        _ => {
            return Err(it.error(
                op,
                "transfer from a value that is neither a memref nor a tensor",
            ))
        }
    };
    let positions = transfer_positions(it, op, &idx, &source_shape, &shape)?;
    let mut out = Vec::with_capacity(positions.len());
    for (k, (pos, inside)) in positions.iter().enumerate() {
        let enabled = mask
            .as_ref()
            .is_none_or(|m| matches!(m.elems[k], Scalar::Int(1, _)));
        out.push(if !inside || !enabled {
            padding
        } else {
            match &args[0] {
                RtValue::MemRef(m) => it
                    .memory
                    .load(m, pos)
                    .map_err(|e| it.error(op, e.to_string()))?,
                RtValue::Tensor(t) => t.elems[t.linear_index(pos).unwrap_or(0)],
                _ => unreachable!(),
            }
        });
    }
    Ok(Flow::Next(vec![vector(shape, out)]))
}

fn transfer_write(it: &mut Interpreter, op: OpId, args: &[RtValue]) -> InterpResult<Flow> {
    let g = operand_groups(it, op)?;
    let value = shaped(it, op, &args[0])?.clone();
    let idx = indices(it, op, &args[g[2].clone()], "index")?;
    let mask = g[3]
        .clone()
        .next()
        .map(|i| shaped(it, op, &args[i]).cloned())
        .transpose()?;
    let dest = args[1].clone();
    let source_shape = match &dest {
        RtValue::MemRef(m) => m.sizes.clone(),
        RtValue::Tensor(t) => t.shape.clone(),
        _ => {
            return Err(it.error(
                op,
                "transfer into a value that is neither a memref nor a tensor",
            ))
        }
    };
    let positions = transfer_positions(it, op, &idx, &source_shape, &value.shape)?;
    let mut tensor = match &dest {
        RtValue::Tensor(t) => Some(t.elems.to_vec()),
        _ => None,
    };
    for (k, (pos, inside)) in positions.iter().enumerate() {
        let enabled = mask
            .as_ref()
            .is_none_or(|m| matches!(m.elems[k], Scalar::Int(1, _)));
        if !inside || !enabled {
            continue;
        }
        match (&dest, &mut tensor) {
            (RtValue::MemRef(m), _) => it
                .memory
                .store(m, pos, value.elems[k])
                .map_err(|e| it.error(op, e.to_string()))?,
            (RtValue::Tensor(t), Some(elems)) => {
                elems[t.linear_index(pos).unwrap_or(0)] = value.elems[k]
            }
            _ => unreachable!(),
        }
    }
    Ok(Flow::Next(match tensor {
        Some(elems) => vec![RtValue::Tensor(Shaped::new(source_shape, elems))],
        None => Vec::new(),
    }))
}

/// The static position of an extract/insert with its dynamic entries filled.
fn position(
    it: &Interpreter,
    op: OpId,
    dynamic: &[RtValue],
    shape: &[i64],
) -> InterpResult<Vec<i64>> {
    let statics = it
        .ir
        .attr(it.ctx, op, "static_position")
        .and_then(|a| it.ctx.dense_array_i64(a))
        .unwrap_or_default();
    let dynamic = indices(it, op, dynamic, "position")?;
    let mut next = dynamic.into_iter();
    let mut out = Vec::with_capacity(statics.len());
    for (i, &s) in statics.iter().enumerate() {
        let p = if s == DYNAMIC {
            next.next().unwrap_or(-1)
        } else {
            s
        };
        if p < 0 || p >= shape[i] {
            return Err(it.error(
                op,
                format!(
                    "position {p} out of bounds of dimension {i} of size {}",
                    shape[i]
                ),
            ));
        }
        out.push(p);
    }
    Ok(out)
}

/// Start and length of the slice at `pos` of a row-major `shape`.
fn slice(shape: &[i64], pos: &[i64]) -> (usize, usize) {
    let inner: i64 = shape[pos.len()..].iter().product();
    let start = pos.iter().zip(shape).fold(0i64, |a, (&p, &d)| a * d + p) * inner;
    (start as usize, inner as usize)
}

fn extract(it: &mut Interpreter, op: OpId, args: &[RtValue]) -> InterpResult<Flow> {
    let src = shaped(it, op, &args[0])?;
    let pos = position(it, op, &args[1..], &src.shape)?;
    let (start, len) = slice(&src.shape, &pos);
    let rest = src.shape[pos.len()..].to_vec();
    Ok(Flow::Next(vec![if it
        .ctx
        .shape(it.ir.value_type(it.ir.result(op, 0)))
        .is_none()
    {
        RtValue::Scalar(src.elems[start])
    } else {
        vector(rest, src.elems[start..start + len].to_vec())
    }]))
}

fn insert(it: &mut Interpreter, op: OpId, args: &[RtValue]) -> InterpResult<Flow> {
    let dest = shaped(it, op, &args[1])?;
    let pos = position(it, op, &args[2..], &dest.shape)?;
    let (start, len) = slice(&dest.shape, &pos);
    let mut elems = dest.elems.to_vec();
    match &args[0] {
        RtValue::Scalar(s) => elems[start] = *s,
        v => elems[start..start + len].copy_from_slice(&shaped(it, op, v)?.elems),
    }
    Ok(Flow::Next(vec![vector(dest.shape.clone(), elems)]))
}
