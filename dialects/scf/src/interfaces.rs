//! `scf` ops as seen by the transformations: how control moves between an
//! op and its regions (MLIR's `RegionBranchOpInterface`) and when a loop
//! may run speculatively (`ConditionallySpeculatable`). Each op's
//! declaration names the implementations it has.

use crate::{ConditionOp, ExecuteRegionOp, ForOp, IfOp, IndexSwitchOp, WhileOp};
use smallvec::{smallvec, SmallVec};
use strata_ir::interfaces::{RegionBranchOpInterface, RegionSuccessor, Speculatability};
use strata_ir::{Attribute, Context, Ir, OpId, Value};

/// Where an edge starts: the op itself or the end of one of its regions.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum RegionEdgeSource {
    Parent,
    Region(usize),
}

/// The successors of `from` in `op`, in MLIR's order, with nothing known
/// about the operands.
pub fn region_successors(
    ctx: &Context,
    ir: &Ir,
    op: OpId,
    from: RegionEdgeSource,
) -> SmallVec<[RegionSuccessor; 2]> {
    let from = match from {
        RegionEdgeSource::Parent => None,
        RegionEdgeSource::Region(r) => Some(r),
    };
    let operands = vec![None; ir.num_operands(op)];
    successors_of(ctx, ir, op, from, &operands)
}

fn successors_of(
    ctx: &Context,
    ir: &Ir,
    op: OpId,
    from: Option<usize>,
    operands: &[Option<Attribute>],
) -> SmallVec<[RegionSuccessor; 2]> {
    use RegionSuccessor::*;
    if ForOp::is(ctx, ir, op) {
        return smallvec![Region(0), Parent];
    }
    if IfOp::is(ctx, ir, op) {
        if from.is_some() {
            return smallvec![Parent];
        }
        let else_empty = ir.region_is_empty(ir.region(op, 1));
        let else_target = if else_empty { Parent } else { Region(1) };
        return match operands
            .first()
            .copied()
            .flatten()
            .and_then(|a| ctx.integer_value(a))
        {
            Some(0) => smallvec![else_target],
            Some(_) => smallvec![Region(0)],
            None => smallvec![Region(0), else_target],
        };
    }
    if WhileOp::is(ctx, ir, op) {
        // From `before`, `scf.condition`'s first operand picks one when
        // it is a known constant.
        let condition = || {
            operands
                .first()
                .copied()
                .flatten()
                .and_then(|a| ctx.integer_value(a))
        };
        return match from {
            None => smallvec![Region(0)],
            Some(0) => match condition() {
                Some(0) => smallvec![Parent],
                Some(_) => smallvec![Region(1)],
                None => smallvec![Parent, Region(1)],
            },
            Some(_) => smallvec![Region(0)],
        };
    }
    if let Some(switch) = IndexSwitchOp::wrap(ctx, ir, op) {
        // Region 0 is the default, region 1 + i case i.
        if from.is_some() {
            return smallvec![Parent];
        }
        let cases = ctx
            .dense_array_i64(switch.cases(ctx, ir))
            .unwrap_or_default();
        let arg = operands
            .first()
            .copied()
            .flatten()
            .and_then(|a| ctx.integer_value(a));
        return match arg {
            Some(value) => {
                let case = cases.iter().position(|&c| c as i128 == value);
                smallvec![case.map_or(Region(0), |i| Region(i + 1))]
            }
            None => (1..=cases.len()).map(Region).chain([Region(0)]).collect(),
        };
    }
    if ExecuteRegionOp::is(ctx, ir, op) {
        return match from {
            None => smallvec![Region(0)],
            Some(_) => smallvec![Parent],
        };
    }
    SmallVec::new()
}

/// The values that receive what flows into region `r`: its entry block's
/// arguments, minus `scf.for`'s induction variable.
pub fn region_inputs(ctx: &Context, ir: &Ir, op: OpId, r: usize) -> Vec<Value> {
    let args = ir
        .entry_block(ir.region(op, r))
        .map(|b| ir.block_args(b).to_vec())
        .unwrap_or_default();
    if ForOp::is(ctx, ir, op) && !args.is_empty() {
        args[1..].to_vec()
    } else {
        args
    }
}

/// The operands of `op` forwarded when control enters `to` from outside.
pub fn entry_operands_of(ctx: &Context, ir: &Ir, op: OpId, to: RegionSuccessor) -> Vec<Value> {
    let _ = to;
    if let Some(for_op) = ForOp::wrap(ctx, ir, op) {
        for_op.initArgs(ctx, ir)
    } else if WhileOp::is(ctx, ir, op) {
        ir.operands(op).collect()
    } else {
        Vec::new()
    }
}

/// The region-branch edges of `scf.for`, `scf.if`, `scf.while`,
/// `scf.index_switch` and `scf.execute_region`.
pub(crate) struct ScfRegionBranch;

impl RegionBranchOpInterface for ScfRegionBranch {
    fn successors(
        &self,
        ctx: &Context,
        ir: &Ir,
        op: OpId,
        from: Option<usize>,
        operands: &[Option<Attribute>],
    ) -> SmallVec<[RegionSuccessor; 2]> {
        successors_of(ctx, ir, op, from, operands)
    }
    fn entry_operands(
        &self,
        ctx: &Context,
        ir: &Ir,
        op: OpId,
        to: RegionSuccessor,
    ) -> SmallVec<[Value; 4]> {
        entry_operands_of(ctx, ir, op, to).into_iter().collect()
    }
    fn successor_inputs(
        &self,
        ctx: &Context,
        ir: &Ir,
        op: OpId,
        to: RegionSuccessor,
    ) -> SmallVec<[Value; 4]> {
        match to {
            RegionSuccessor::Region(r) => region_inputs(ctx, ir, op, r).into_iter().collect(),
            RegionSuccessor::Parent => ir.results(op).collect(),
        }
    }
    /// `scf.condition` forwards its operands after the condition.
    fn terminator_operands(
        &self,
        ctx: &Context,
        ir: &Ir,
        _op: OpId,
        terminator: OpId,
        _to: RegionSuccessor,
    ) -> SmallVec<[Value; 4]> {
        let skip = usize::from(ConditionOp::is(ctx, ir, terminator));
        ir.operands(terminator).skip(skip).collect()
    }
}

/// `scf.for`: it may run speculatively (when its body may) only when it
/// is known to terminate, which MLIR's `ForOp::getSpeculatability` decides
/// by the step alone: a step of 1 ends for any bounds, any other step may
/// not (a wrapping induction variable), even with constant bounds.
pub(crate) fn for_speculatability(ctx: &Context, ir: &Ir, op: OpId) -> Speculatability {
    let step = ir.operand(op, 2);
    let constant =
        strata_ir::fold::constant_of_value(ctx, ir, step).and_then(|a| ctx.integer_value(a));
    match constant {
        Some(1) => Speculatability::RecursivelySpeculatable,
        _ => Speculatability::NotSpeculatable,
    }
}
