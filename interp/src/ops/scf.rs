//! scf: counted loops with loop-carried values, conditionals, while loops,
//! parallel loops with reductions (run sequentially, in row-major order of
//! the iteration space; reductions combine in that order), regions run
//! once, and `scf.forall` (its iterations run one after the other in
//! row-major order, a valid schedule of a loop whose iterations may run in
//! any order; each iteration sees the shared outputs as the iterations
//! before it left them, and the `tensor.parallel_insert_slice`s of its
//! `scf.forall.in_parallel` write into them).

use super::operand_groups;
use crate::{Flow, InterpError, InterpResult, Interpreter, Registry, RtValue, Scalar};
use strata_dialect_arith::semantics::{mask, sext};
use strata_dialect_scf::{
    ConditionOp, ExecuteRegionOp, ForOp, ForallOp, IfOp, InParallelOp, IndexSwitchOp, ParallelOp,
    ReduceOp, ReduceReturnOp, WhileOp, YieldOp,
};
use strata_dialect_tensor::parallel_insert_slice::ParallelInsertSliceOp;
use strata_ir::OpId;

pub fn register(registry: &mut Registry) {
    registry.register_op::<ForOp>(for_op);
    registry.register_op::<IfOp>(if_op);
    registry.register_op::<WhileOp>(while_op);
    registry.register_op::<ParallelOp>(parallel);
    registry.register_op::<ExecuteRegionOp>(execute_region);
    registry.register_op::<ForallOp>(forall);
    registry.register_op::<IndexSwitchOp>(index_switch);
    registry.register_op::<InParallelOp>(in_parallel);
    // Terminators hand their operands to the op that runs the region.
    registry.register_op::<YieldOp>(|_, _, args| Ok(Flow::Yield(args.to_vec())));
    registry.register_op::<ConditionOp>(|_, _, args| Ok(Flow::Yield(args.to_vec())));
    registry.register_op::<ReduceOp>(|_, _, args| Ok(Flow::Yield(args.to_vec())));
    registry.register_op::<ReduceReturnOp>(|_, _, args| Ok(Flow::Yield(args.to_vec())));
}

/// An integer operand as (value as a wide number, width); `signed` picks
/// the interpretation of the bits.
fn int(it: &Interpreter, op: OpId, v: &RtValue, signed: bool) -> InterpResult<(i128, u32)> {
    match v {
        RtValue::Scalar(Scalar::Int(bits, w)) => Ok((
            if signed {
                sext(*bits, *w)
            } else {
                *bits as i128
            },
            *w,
        )),
        _ => Err(it.error(op, "loop bound is not an integer")),
    }
}

fn for_op(it: &mut Interpreter, op: OpId, args: &[RtValue]) -> InterpResult<Flow> {
    let signed = it.ir.attr(it.ctx, op, "unsignedCmp").is_none();
    let (lb, width) = int(it, op, &args[0], signed)?;
    let (ub, _) = int(it, op, &args[1], signed)?;
    let (step, _) = int(it, op, &args[2], signed)?;
    if step <= 0 {
        return Err(it.error(op, format!("scf.for with a non-positive step ({step})")));
    }
    let region = it.ir.region(op, 0);
    let mut carried = args[3..].to_vec();
    let mut iv = lb;
    while iv < ub {
        let mut block_args = Vec::with_capacity(carried.len() + 1);
        block_args.push(RtValue::Scalar(Scalar::Int(mask(iv as u128, width), width)));
        block_args.extend(carried);
        carried = it.run_region(region, block_args)?;
        iv += step;
    }
    Ok(Flow::Next(carried))
}

fn if_op(it: &mut Interpreter, op: OpId, args: &[RtValue]) -> InterpResult<Flow> {
    let c = args[0]
        .as_bool()
        .ok_or_else(|| it.error(op, "condition is not a boolean"))?;
    let region = it.ir.region(op, if c { 0 } else { 1 });
    Ok(Flow::Next(it.run_region(region, Vec::new())?))
}

fn while_op(it: &mut Interpreter, op: OpId, args: &[RtValue]) -> InterpResult<Flow> {
    let before = it.ir.region(op, 0);
    let after = it.ir.region(op, 1);
    let mut values = args.to_vec();
    loop {
        let mut cond = it.run_region(before, values)?;
        if cond.is_empty() {
            return Err(it.error(op, "the 'before' region did not end in scf.condition"));
        }
        let forwarded = cond.split_off(1);
        if cond[0].as_bool() != Some(true) {
            return Ok(Flow::Next(forwarded));
        }
        values = it.run_region(after, forwarded)?;
    }
}

fn parallel(it: &mut Interpreter, op: OpId, args: &[RtValue]) -> InterpResult<Flow> {
    let groups = operand_groups(it, op)?;
    let ints = |it: &Interpreter, r: &std::ops::Range<usize>| -> InterpResult<Vec<i64>> {
        super::indices(it, op, &args[r.clone()], "loop bound")
    };
    let (lbs, ubs, steps) = (
        ints(it, &groups[0])?,
        ints(it, &groups[1])?,
        ints(it, &groups[2])?,
    );
    let mut acc = args[groups[3].clone()].to_vec();
    if let Some(&s) = steps.iter().find(|&&s| s <= 0) {
        return Err(it.error(op, format!("scf.parallel with a non-positive step ({s})")));
    }
    let region = it.ir.region(op, 0);
    let reduce = it
        .ir
        .entry_block(region)
        .and_then(|b| it.ir.last_op(b))
        .filter(|&t| ReduceOp::is(it.ctx, it.ir, t));
    if lbs.iter().zip(&ubs).any(|(l, u)| l >= u) {
        return Ok(Flow::Next(acc));
    }
    let mut ivs = lbs.clone();
    loop {
        let block_args = ivs.iter().map(|&i| RtValue::index(i)).collect();
        let partial = it.run_region(region, block_args)?;
        if partial.len() != acc.len() {
            return Err(it.error(op, "scf.reduce does not reduce every init value"));
        }
        for (k, value) in partial.into_iter().enumerate() {
            let reduce = reduce
                .ok_or_else(|| it.error(op, "scf.parallel with results but no scf.reduce"))?;
            let combiner = it.ir.region(reduce, k);
            let mut r = it.run_region(combiner, vec![acc[k].clone(), value])?;
            acc[k] = r
                .pop()
                .ok_or_else(|| InterpError::new("reduction region yielded nothing"))?;
        }
        if !next_point(&mut ivs, &lbs, &ubs, &steps) {
            return Ok(Flow::Next(acc));
        }
    }
}

/// Moves `ivs` to the next point of the iteration space `lbs..ubs` by
/// `steps` (scf.parallel, scf.forall, affine.parallel), innermost
/// dimension fastest; false after the last point. A step that would carry
/// an index past the largest `index` ends its dimension,
/// as `scf.for` counts (and as the C target steps), instead of wrapping to
/// a negative index that is below the bound and runs on.
pub(crate) fn next_point(ivs: &mut [i64], lbs: &[i64], ubs: &[i64], steps: &[i64]) -> bool {
    for d in (0..ivs.len()).rev() {
        match ivs[d].checked_add(steps[d]) {
            Some(next) if next < ubs[d] => {
                ivs[d] = next;
                return true;
            }
            _ => ivs[d] = lbs[d],
        }
    }
    false
}

fn execute_region(it: &mut Interpreter, op: OpId, _: &[RtValue]) -> InterpResult<Flow> {
    let region = it.ir.region(op, 0);
    Ok(Flow::Next(it.run_region(region, Vec::new())?))
}

/// The mixed static/dynamic list `name` of `op` with the dynamic entries
/// taken from `dynamic`.
fn mixed_list(
    it: &Interpreter,
    op: OpId,
    name: &str,
    dynamic: &[RtValue],
) -> InterpResult<Vec<i64>> {
    let statics = strata_dialect_tensor::syntax::i64_array_prop(it.ctx, it.ir, op, name);
    let dynamic = super::indices(it, op, dynamic, "loop bound")?;
    super::tensor::mixed(&statics, &dynamic)
        .ok_or_else(|| it.error(op, format!("missing a dynamic entry of {name}")))
}

fn forall(it: &mut Interpreter, op: OpId, args: &[RtValue]) -> InterpResult<Flow> {
    let groups = operand_groups(it, op)?;
    let lbs = mixed_list(it, op, "staticLowerBound", &args[groups[0].clone()])?;
    let ubs = mixed_list(it, op, "staticUpperBound", &args[groups[1].clone()])?;
    let steps = mixed_list(it, op, "staticStep", &args[groups[2].clone()])?;
    let mut shared = args[groups[3].clone()].to_vec();
    if let Some(&s) = steps.iter().find(|&&s| s <= 0) {
        return Err(it.error(op, format!("scf.forall with a non-positive step ({s})")));
    }
    if lbs.iter().zip(&ubs).any(|(l, u)| l >= u) {
        return Ok(Flow::Next(shared));
    }
    let region = it.ir.region(op, 0);
    let mut ivs = lbs.clone();
    loop {
        let mut block_args: Vec<RtValue> = ivs.iter().map(|&i| RtValue::index(i)).collect();
        block_args.extend(shared);
        shared = it.run_region(region, block_args)?;
        if shared.len() != groups[3].len() {
            return Err(it.error(op, "the body did not end in scf.forall.in_parallel"));
        }
        if !next_point(&mut ivs, &lbs, &ubs, &steps) {
            return Ok(Flow::Next(shared));
        }
    }
}

/// Applies the parallel inserts to the shared outputs as this iteration
/// sees them and hands the outputs back to `scf.forall`.
fn in_parallel(it: &mut Interpreter, op: OpId, _: &[RtValue]) -> InterpResult<Flow> {
    let forall = it
        .ir
        .parent_op(op)
        .ok_or_else(|| it.error(op, "scf.forall.in_parallel outside scf.forall"))?;
    let rank =
        strata_dialect_tensor::syntax::i64_array_prop(it.ctx, it.ir, forall, "staticLowerBound")
            .len();
    let out_args: Vec<_> = it
        .ir
        .entry_block(it.ir.region(forall, 0))
        .map(|b| it.ir.block_args(b).iter().skip(rank).copied().collect())
        .unwrap_or_default();
    let mut shared = Vec::with_capacity(out_args.len());
    for &a in &out_args {
        let v = it
            .value(a)
            .cloned()
            .ok_or_else(|| it.error(op, "a shared output has no value"))?;
        shared.push(v);
    }
    let inserts: Vec<OpId> = it
        .ir
        .entry_block(it.ir.region(op, 0))
        .map(|b| it.ir.block_ops(b).collect())
        .unwrap_or_default();
    for inner in inserts {
        let Some(insert) = ParallelInsertSliceOp::wrap(it.ctx, it.ir, inner) else {
            return Err(it.error(inner, "unsupported op in scf.forall.in_parallel"));
        };
        let dest = insert.dest(it.ctx, it.ir);
        let k = out_args
            .iter()
            .position(|&a| a == dest)
            .ok_or_else(|| it.error(inner, "inserts into a value other than a shared output"))?;
        let mut operands = Vec::with_capacity(it.ir.num_operands(inner));
        for (i, v) in it.ir.operands(inner).enumerate() {
            if i == 1 {
                operands.push(shared[k].clone());
                continue;
            }
            let value = it
                .value(v)
                .cloned()
                .ok_or_else(|| it.error(inner, format!("operand #{i} has no value")))?;
            operands.push(value);
        }
        match super::tensor::insert_slice(it, inner, &operands)? {
            Flow::Next(mut r) if r.len() == 1 => shared[k] = r.pop().expect("one result"),
            _ => return Err(it.error(inner, "tensor.parallel_insert_slice failed")),
        }
    }
    Ok(Flow::Yield(shared))
}

/// Runs the region of the case equal to the index, else the default (region 0).
fn index_switch(it: &mut Interpreter, op: OpId, args: &[RtValue]) -> InterpResult<Flow> {
    let value = args[0]
        .as_i64()
        .ok_or_else(|| it.error(op, "switch argument is not an index"))?;
    let cases = strata_dialect_tensor::syntax::i64_array_prop(it.ctx, it.ir, op, "cases");
    let region = cases.iter().position(|&c| c == value).map_or(0, |i| i + 1);
    let region = it.ir.region(op, region);
    Ok(Flow::Next(it.run_region(region, Vec::new())?))
}
