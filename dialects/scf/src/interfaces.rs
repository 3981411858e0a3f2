//! `scf` ops as seen by the transformations: how control moves between an
//! op and its regions (MLIR's `RegionBranchOpInterface`), which ops are
//! loops (`LoopLikeOpInterface`), and what they do to memory.

use smallvec::{smallvec, SmallVec};
use std::sync::Arc;
use strata_ir::interfaces::{
    ConditionallySpeculatable, LoopLikeOpInterface, RegionBranchOpInterface, RegionLoop,
    RegionSuccessor, Speculatability, SpeculatableIf, RECURSIVELY_SPECULATABLE,
};
use strata_ir::{Attribute, Context, Ir, OpDefinition, OpId, Value};

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
    match (ctx.op_name_str(ir.op_name(op)), from) {
        ("scf.for", _) => smallvec![Region(0), Parent],
        ("scf.if", None) => {
            let else_empty = ir.region_is_empty(ir.region(op, 1));
            let else_target = if else_empty { Parent } else { Region(1) };
            match operands
                .first()
                .copied()
                .flatten()
                .and_then(|a| ctx.integer_value(a))
            {
                Some(0) => smallvec![else_target],
                Some(_) => smallvec![Region(0)],
                None => smallvec![Region(0), else_target],
            }
        }
        ("scf.if", Some(_)) => smallvec![Parent],
        ("scf.while", None) => smallvec![Region(0)],
        ("scf.while", Some(0)) => smallvec![Parent, Region(1)],
        ("scf.while", Some(_)) => smallvec![Region(0)],
        ("scf.execute_region", None) => smallvec![Region(0)],
        ("scf.execute_region", Some(_)) => smallvec![Parent],
        _ => SmallVec::new(),
    }
}

/// The values that receive what flows into region `r`: its entry block's
/// arguments, minus `scf.for`'s induction variable.
pub fn region_inputs(ctx: &Context, ir: &Ir, op: OpId, r: usize) -> Vec<Value> {
    let args = ir
        .entry_block(ir.region(op, r))
        .map(|b| ir.block_args(b).to_vec())
        .unwrap_or_default();
    if ctx.op_name_str(ir.op_name(op)) == "scf.for" && !args.is_empty() {
        args[1..].to_vec()
    } else {
        args
    }
}

/// The operands of `op` forwarded when control enters `to` from outside.
pub fn entry_operands_of(ctx: &Context, ir: &Ir, op: OpId, to: RegionSuccessor) -> Vec<Value> {
    let _ = to;
    match ctx.op_name_str(ir.op_name(op)) {
        "scf.for" => ir.operands(op).skip(3).collect(),
        "scf.while" => ir.operands(op).collect(),
        _ => Vec::new(),
    }
}

struct ScfRegionBranch;

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
}

pub(crate) fn attach(defs: &mut [OpDefinition]) {
    for def in defs.iter_mut() {
        let name = def.name.as_str();
        if matches!(
            name,
            "scf.for" | "scf.if" | "scf.while" | "scf.execute_region"
        ) {
            def.interfaces
                .insert::<dyn RegionBranchOpInterface>(Arc::new(ScfRegionBranch));
        }
        if matches!(name, "scf.for" | "scf.while" | "scf.parallel") {
            def.interfaces
                .insert::<dyn LoopLikeOpInterface>(Arc::new(RegionLoop));
        }
        // MLIR: scf.if is `RecursivelySpeculatable`; scf.for is when its
        // step is a non-zero constant (a zero or unknown step may never
        // terminate); scf.while, scf.parallel and scf.execute_region never.
        match name {
            "scf.if" => def
                .interfaces
                .insert::<dyn ConditionallySpeculatable>(Arc::new(RECURSIVELY_SPECULATABLE)),
            "scf.for" => def
                .interfaces
                .insert::<dyn ConditionallySpeculatable>(Arc::new(SpeculatableIf(
                    for_speculatability,
                ))),
            _ => {}
        }
    }
}

/// `scf.for`: its body may run speculatively only when the step is a
/// known non-zero constant.
fn for_speculatability(ctx: &Context, ir: &Ir, op: OpId) -> Speculatability {
    let step = ir.operand(op, 2);
    let constant =
        strata_ir::fold::constant_of_value(ctx, ir, step).and_then(|a| ctx.integer_value(a));
    match constant {
        Some(step) if step != 0 => Speculatability::RecursivelySpeculatable,
        _ => Speculatability::NotSpeculatable,
    }
}
