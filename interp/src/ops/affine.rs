//! affine: loops whose bounds are the max (lower) and min (upper) of affine
//! maps, conditionals on integer sets, accesses with affine subscripts,
//! and `affine.apply`/`min`/`max`. Maps are evaluated with
//! [`strata_affine::AffineMap::eval`] on the op's operands (dimensions
//! first, then symbols); a division or modulo by zero is an error.
//! `affine.parallel` runs its points in order and reduces what each
//! yields from the reduction's identity, as `lower-affine`'s
//! `scf.parallel` does; `affine.delinearize_index`/`linearize_index` use
//! the dialect's own arithmetic.

use super::memref::{memref_arg, read_block, write_block};
use super::{indices, operand_groups};
use crate::{Flow, InterpResult, Interpreter, Registry, RtValue, Shaped};
use strata_dialect_affine::{
    ApplyOp, DelinearizeIndexOp, ForOp, IfOp, LinearizeIndexOp, LoadOp, MaxOp, MinOp, ParallelOp,
    StoreOp, VectorLoadOp, VectorStoreOp, YieldOp,
};
use strata_ir::{AttrData, OpId};

pub fn register(registry: &mut Registry) {
    registry.register_op::<ForOp>(for_op);
    registry.register_op::<IfOp>(if_op);
    registry.register_op::<LoadOp>(load);
    registry.register_op::<StoreOp>(store);
    registry.register_op::<VectorLoadOp>(vector_load);
    registry.register_op::<VectorStoreOp>(vector_store);
    registry.register_op::<ApplyOp>(|it, op, args| map_op(it, op, args, ApplyOp::NAME));
    registry.register_op::<MinOp>(|it, op, args| map_op(it, op, args, MinOp::NAME));
    registry.register_op::<MaxOp>(|it, op, args| map_op(it, op, args, MaxOp::NAME));
    registry.register_op::<YieldOp>(|_, _, args| Ok(Flow::Yield(args.to_vec())));
    registry.register_op::<ParallelOp>(parallel);
    registry.register_op::<DelinearizeIndexOp>(delinearize_index);
    registry.register_op::<LinearizeIndexOp>(linearize_index);
}

/// The results of the affine map attribute `name` of `op` applied to `operands`.
pub fn eval_map(
    it: &Interpreter,
    op: OpId,
    name: &str,
    operands: &[RtValue],
) -> InterpResult<Vec<i64>> {
    let attr = it
        .ir
        .attr(it.ctx, op, name)
        .ok_or_else(|| it.error(op, format!("missing affine map '{name}'")))?;
    let AttrData::AffineMap(map) = it.ctx.attr_data(attr) else {
        return Err(it.error(op, format!("'{name}' is not an affine map")));
    };
    let values = indices(it, op, operands, "map operand")?;
    if values.len() != map.num_dims() + map.num_symbols() {
        return Err(it.error(op, "affine map applied to the wrong number of operands"));
    }
    let (dims, symbols) = values.split_at(map.num_dims());
    map.eval(dims, symbols)
        .map_err(|e| it.error(op, format!("cannot evaluate the affine map: {e:?}")))
}

fn for_op(it: &mut Interpreter, op: OpId, args: &[RtValue]) -> InterpResult<Flow> {
    let groups = operand_groups(it, op)?;
    let lbs = eval_map(it, op, "lowerBoundMap", &args[groups[0].clone()])?;
    let ubs = eval_map(it, op, "upperBoundMap", &args[groups[1].clone()])?;
    let lb = lbs
        .into_iter()
        .max()
        .ok_or_else(|| it.error(op, "empty lower bound map"))?;
    let ub = ubs
        .into_iter()
        .min()
        .ok_or_else(|| it.error(op, "empty upper bound map"))?;
    let step = it
        .ir
        .attr(it.ctx, op, "step")
        .and_then(|a| it.ctx.integer_value(a))
        .ok_or_else(|| it.error(op, "missing step"))? as i64;
    if step <= 0 {
        return Err(it.error(op, format!("affine.for with a non-positive step ({step})")));
    }
    let region = it.ir.region(op, 0);
    let mut carried = args[groups[2].clone()].to_vec();
    let mut iv = lb;
    while iv < ub {
        let mut block_args = Vec::with_capacity(carried.len() + 1);
        block_args.push(RtValue::index(iv));
        block_args.extend(carried);
        carried = it.run_region(region, block_args)?;
        iv += step;
    }
    Ok(Flow::Next(carried))
}

fn if_op(it: &mut Interpreter, op: OpId, args: &[RtValue]) -> InterpResult<Flow> {
    let attr = it
        .ir
        .attr(it.ctx, op, "condition")
        .ok_or_else(|| it.error(op, "missing condition"))?;
    let AttrData::IntegerSet(set) = it.ctx.attr_data(attr) else {
        return Err(it.error(op, "condition is not an integer set"));
    };
    let values = indices(it, op, args, "set operand")?;
    if values.len() != set.num_dims() + set.num_symbols() {
        return Err(it.error(op, "integer set applied to the wrong number of operands"));
    }
    let (dims, symbols) = values.split_at(set.num_dims());
    let mut holds = true;
    for (i, c) in set.constraints().iter().enumerate() {
        let v = c
            .eval(dims, symbols)
            .map_err(|e| it.error(op, format!("cannot evaluate the integer set: {e:?}")))?;
        holds &= if set.is_eq(i) { v == 0 } else { v >= 0 };
    }
    let region = it.ir.region(op, if holds { 0 } else { 1 });
    Ok(Flow::Next(it.run_region(region, Vec::new())?))
}

fn load(it: &mut Interpreter, op: OpId, args: &[RtValue]) -> InterpResult<Flow> {
    let m = memref_arg(it, op, &args[0])?;
    let idx = eval_map(it, op, "map", &args[1..])?;
    let v = it
        .memory
        .load(m, &idx)
        .map_err(|e| it.error(op, e.to_string()))?;
    Ok(Flow::Next(vec![RtValue::Scalar(v)]))
}

fn store(it: &mut Interpreter, op: OpId, args: &[RtValue]) -> InterpResult<Flow> {
    let v = args[0]
        .as_scalar()
        .ok_or_else(|| it.error(op, "stored value is not a scalar"))?;
    let m = memref_arg(it, op, &args[1])?;
    let idx = eval_map(it, op, "map", &args[2..])?;
    it.memory
        .store(m, &idx, v)
        .map_err(|e| it.error(op, e.to_string()))?;
    Ok(Flow::Next(Vec::new()))
}

fn vector_load(it: &mut Interpreter, op: OpId, args: &[RtValue]) -> InterpResult<Flow> {
    let m = memref_arg(it, op, &args[0])?;
    let idx = eval_map(it, op, "map", &args[1..])?;
    let ty = it.ir.value_type(it.ir.result(op, 0));
    let shape = it.ctx.shape(ty).map(|s| s.to_vec()).unwrap_or_default();
    let elems = read_block(it, op, m, &idx, &shape)?;
    Ok(Flow::Next(vec![RtValue::Vector(Shaped::new(shape, elems))]))
}

fn vector_store(it: &mut Interpreter, op: OpId, args: &[RtValue]) -> InterpResult<Flow> {
    let v = args[0]
        .as_shaped()
        .ok_or_else(|| it.error(op, "stored value is not a vector"))?
        .clone();
    let m = memref_arg(it, op, &args[1])?.clone();
    let idx = eval_map(it, op, "map", &args[2..])?;
    write_block(it, op, &m, &idx, &v.shape, &v.elems)?;
    Ok(Flow::Next(Vec::new()))
}

fn map_op(it: &mut Interpreter, op: OpId, args: &[RtValue], name: &str) -> InterpResult<Flow> {
    let results = eval_map(it, op, "map", args)?;
    let v = match name {
        MinOp::NAME => results.into_iter().min(),
        MaxOp::NAME => results.into_iter().max(),
        _ => results.first().copied(),
    }
    .ok_or_else(|| it.error(op, "empty affine map"))?;
    Ok(Flow::Next(vec![RtValue::index(v)]))
}

/// The results of `map` over `operands`, grouped.
fn bound_values(
    it: &Interpreter,
    op: OpId,
    map: &strata_ir::affine::AffineMap,
    groups: &[i64],
    operands: &[RtValue],
    take_max: bool,
) -> InterpResult<Vec<i64>> {
    use strata_dialect_affine::parallel::ParallelBounds;
    let values = indices(it, op, operands, "bound operand")?;
    let (dims, symbols) = values.split_at(map.num_dims().min(values.len()));
    let results = map
        .eval(dims, symbols)
        .map_err(|e| it.error(op, format!("cannot evaluate the affine map: {e:?}")))?;
    ParallelBounds::group_ranges(groups)
        .into_iter()
        .map(|(start, size)| {
            let group = results.get(start..start + size).unwrap_or(&[]);
            let bound = if take_max {
                group.iter().max()
            } else {
                group.iter().min()
            };
            bound
                .copied()
                .ok_or_else(|| it.error(op, "empty bound group"))
        })
        .collect()
}

fn parallel(it: &mut Interpreter, op: OpId, args: &[RtValue]) -> InterpResult<Flow> {
    use strata_dialect_affine::parallel::{reductions, ParallelBounds};
    let b = ParallelBounds::of(it.ctx, it.ir, op)
        .ok_or_else(|| it.error(op, "malformed affine.parallel"))?;
    let split = b.lower_operands.len();
    let lbs = bound_values(it, op, &b.lower_map, &b.lower_groups, &args[..split], true)?;
    let ubs = bound_values(it, op, &b.upper_map, &b.upper_groups, &args[split..], false)?;
    if let Some(&s) = b.steps.iter().find(|&&s| s <= 0) {
        return Err(it.error(
            op,
            format!("affine.parallel with a non-positive step ({s})"),
        ));
    }
    let kinds = reductions(it.ctx, it.ir, op);
    let mut acc = Vec::with_capacity(kinds.len());
    for (kind, result) in kinds.iter().zip(it.ir.results(op)) {
        let ty = it.ir.value_type(result);
        let identity = kind
            .and_then(|k| k.identity(it.ctx, ty))
            .ok_or_else(|| it.error(op, "reduction without an identity value"))?;
        acc.push(super::arith::value_of_attribute(it.ctx, identity, ty)?);
    }
    let region = it.ir.region(op, 0);
    if lbs.iter().zip(&ubs).any(|(l, u)| l >= u) {
        return Ok(Flow::Next(acc));
    }
    let mut ivs = lbs.clone();
    loop {
        let block_args = ivs.iter().map(|&i| RtValue::index(i)).collect();
        let yielded = it.run_region(region, block_args)?;
        if yielded.len() != acc.len() {
            return Err(it.error(op, "the body yields a value per reduction"));
        }
        for ((slot, value), kind) in acc.iter_mut().zip(yielded).zip(&kinds) {
            let (Some(a), Some(v), Some(kind)) = (slot.as_scalar(), value.as_scalar(), kind) else {
                return Err(it.error(op, "affine.parallel reduces scalars only"));
            };
            *slot = RtValue::Scalar(super::arith::atomic_combine(*kind, a, v)?);
        }
        if !super::scf::next_point(&mut ivs, &lbs, &ubs, &b.steps) {
            return Ok(Flow::Next(acc));
        }
    }
}

fn delinearize_index(it: &mut Interpreter, op: OpId, args: &[RtValue]) -> InterpResult<Flow> {
    use strata_dialect_affine::index::{delinearize, mixed_basis, static_basis};
    let values = indices(it, op, args, "index")?;
    let basis = mixed_basis(&static_basis(it.ctx, it.ir, op), &values[1..]);
    if let Some(&b) = basis.iter().find(|&&b| b <= 0) {
        return Err(it.error(
            op,
            format!("affine.delinearize_index with a non-positive basis element ({b})"),
        ));
    }
    // The lowering multiplies the radices with overflow<nsw, nuw>.
    let radices = if it.ir.num_results(op) == basis.len() {
        &basis[1.min(basis.len())..]
    } else {
        &basis[..]
    };
    if radices
        .iter()
        .try_fold(1i64, |p, &b| p.checked_mul(b))
        .is_none()
    {
        return Err(it.error(
            op,
            "affine.delinearize_index basis product overflows index (undefined: its lowering computes it with overflow<nsw, nuw>)",
        ));
    }
    let parts = delinearize(values[0], &basis, it.ir.num_results(op))
        .ok_or_else(|| it.error(op, "affine.delinearize_index with a zero basis element"))?;
    Ok(Flow::Next(parts.into_iter().map(RtValue::index).collect()))
}

fn linearize_index(it: &mut Interpreter, op: OpId, args: &[RtValue]) -> InterpResult<Flow> {
    use strata_dialect_affine::index::{linearize, mixed_basis, static_basis};
    let values = indices(it, op, args, "index")?;
    let groups = operand_groups(it, op)?;
    let basis = mixed_basis(&static_basis(it.ctx, it.ir, op), &values[groups[1].clone()]);
    let multi = &values[groups[0].clone()];
    let linear = linearize(multi, &basis).ok_or_else(|| {
        it.error(
            op,
            "affine.linearize_index overflows index (undefined: its lowering computes with overflow<nsw>)",
        )
    })?;
    Ok(Flow::Next(vec![RtValue::index(linear)]))
}
