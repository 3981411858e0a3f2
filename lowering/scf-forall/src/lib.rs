//! Lowerings of `scf.forall` (MLIR's `SCF/Transforms/ForallToFor.cpp` and
//! `ForallToParallel.cpp`), one file per pass:
//!
//! - [`forall_to_for`] (`scf-forall-to-for`): a nest of sequential
//!   `scf.for` loops, one per dimension, the shared outputs carried as
//!   `iter_args` and each `tensor.parallel_insert_slice` becoming a
//!   `tensor.insert_slice` in the innermost body. Running the iterations in
//!   order is one valid schedule of the parallel loop.
//! - [`forall_to_parallel`] (`scf-forall-to-parallel`): an `scf.parallel`
//!   with the same bounds and body; only a bufferized forall (no shared
//!   outputs) converts, since `scf.parallel` has no parallel inserts.
//!
//! Both materialize static bounds as `arith.constant`s before the loop, as
//! MLIR's `ForallOp::getLowerBound(builder)` does.

pub mod forall_to_for;
pub mod forall_to_parallel;

pub use forall_to_for::ForallToFor;
pub use forall_to_parallel::ForallToParallel;

use strata_dialect_arith::build::constant_state;
use strata_dialect_scf::forall::{mixed_bounds, Bound};
use strata_dialect_scf::ForallOp;
use strata_ir::pass::{PassContext, PassResult};
use strata_ir::{Context, Diagnostic, InsertPoint, Ir, OpId, Value};

/// The lower bounds, upper bounds and steps of `forall` as values: static
/// entries become `arith.constant`s before it (lbs first, then ubs, then
/// steps, each in order, as MLIR creates them).
pub(crate) fn bound_values(ctx: &Context, ir: &mut Ir, forall: OpId) -> [Vec<Value>; 3] {
    let bounds = mixed_bounds(ctx, ir, forall);
    let loc = ir.op_loc(forall);
    let mut out: [Vec<Value>; 3] = Default::default();
    for (k, list) in bounds.iter().enumerate() {
        for &b in list {
            let v = match b {
                Bound::Dynamic(v) => v,
                Bound::Static(c) => {
                    let state = constant_state(ctx, ctx.index_attr(c), ctx.index_type(), loc);
                    let op = ir.create_op(state, InsertPoint::Before(forall));
                    ir.result(op, 0)
                }
            };
            out[k].push(v);
        }
    }
    out
}

/// Runs `lower` on every `scf.forall` under the pass's op, outermost
/// first, skipping those an earlier lowering erased; the first failure
/// fails the pass. Both passes' `run_on_operation`.
pub(crate) fn lower_each_forall<T>(
    pc: &mut PassContext,
    mut lower: impl FnMut(&Context, &mut Ir, OpId) -> Result<T, Diagnostic>,
) -> PassResult {
    let ctx = pc.ctx();
    let root = pc.op();
    let ir = pc.ir_mut();
    let foralls: Vec<OpId> = ir
        .collect_preorder(root)
        .into_iter()
        .filter(|&op| ForallOp::is(ctx, ir, op))
        .collect();
    for forall in foralls {
        if ir.is_alive(forall) {
            lower(ctx, ir, forall)?;
        }
    }
    Ok(())
}
