//! `scf-forall-to-parallel` (MLIR's `SCFForallToParallelLoop`): an
//! `scf.forall` without shared outputs becomes an `scf.parallel` with the
//! same bounds (static ones as `arith.constant`s), body and `mapping`; its
//! empty `scf.forall.in_parallel` becomes `scf.reduce`. A forall with
//! shared outputs fails the pass: its parallel inserts have no
//! `scf.parallel` counterpart until bufferization turned them into stores.

use crate::{bound_values, lower_each_forall};
use strata_dialect_scf::forall::{outputs, terminator};
use strata_dialect_scf::{ParallelOp, ReduceOp};
use strata_ir::builder::OpBuilder;
use strata_ir::pass::{Pass, PassContext, PassResult};
use strata_ir::{Context, Diagnostic, InsertPoint, Ir, OpId, OperationState};

/// The pass object.
#[derive(Clone, Default)]
pub struct ForallToParallel;

impl Pass for ForallToParallel {
    fn name(&self) -> &str {
        "SCFForallToParallelLoop"
    }
    fn argument(&self) -> &str {
        "scf-forall-to-parallel"
    }
    fn description(&self) -> &str {
        "Convert SCF forall loops to SCF parallel loops"
    }
    fn run_on_operation(&mut self, pc: &mut PassContext) -> PassResult {
        lower_each_forall(pc, forall_to_parallel)
    }
}

/// Converts one `scf.forall`; returns the `scf.parallel`.
pub fn forall_to_parallel(ctx: &Context, ir: &mut Ir, forall: OpId) -> Result<OpId, Diagnostic> {
    if !outputs(ctx, ir, forall).is_empty() {
        return Err(Diagnostic::error(
            ir.op_loc(forall),
            "only fully bufferized scf.forall ops can be lowered to scf.parallel",
        ));
    }
    let term = terminator(ctx, ir, forall)
        .ok_or_else(|| Diagnostic::error(ir.op_loc(forall), "expected scf.forall.in_parallel"))?;
    let [lbs, ubs, steps] = bound_values(ctx, ir, forall);
    let mut b = OpBuilder::at(ctx, ir, InsertPoint::Before(forall));
    b.loc = b.ir.op_loc(forall);
    let parallel = ParallelOp::build(&mut b, &lbs, &ubs, &steps, &[], &[]).op();
    if let Some(mapping) = ir.attr(ctx, forall, "mapping") {
        ir.set_attributes(
            parallel,
            ctx.dictionary_attr([(ctx.intern_str("mapping"), mapping)]),
        );
    }
    let (from, to) = (ir.region(forall, 0), ir.region(parallel, 0));
    ir.take_region_body(from, to);
    // Not ReduceOp::build: that makes one region per declared group, and
    // a reduce without operands has no region.
    let reduce = OperationState::new(ctx, ReduceOp::NAME, ir.op_loc(term));
    ir.create_op(reduce, InsertPoint::Before(term));
    ir.erase_op(term).expect("terminator has no results");
    ir.erase_op(forall).expect("forall without results");
    Ok(parallel)
}
