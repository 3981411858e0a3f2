//! Verifiers of the `affine` ops with MLIR 22's messages.

use crate::syntax::map_of;
use crate::validity::verify_dims_and_symbols;
use crate::{ForOp, IfOp, ParallelOp};
use strata_ir::diagnostics::DiagResult;
use strata_ir::verifier::emit_op_error;
use strata_ir::{Context, Ir, OpId};

/// The checks loads and stores share; `vector` for `affine.vector_load`
/// and `affine.vector_store`.
fn verify_access(
    ctx: &Context,
    ir: &Ir,
    op: OpId,
    memref_index: usize,
    vector: bool,
) -> DiagResult<()> {
    let memref = ir.value_type(ir.operand(op, memref_index));
    let rank = ctx.shape(memref).map_or(0, |s| s.len());
    let Some(map) = ir.attr(ctx, op, "map").and_then(|a| map_of(ctx, a)) else {
        return Ok(());
    };
    if map.num_results() != rank {
        return Err(emit_op_error(
            ctx,
            ir,
            op,
            "affine map num results must equal memref rank",
        ));
    }
    if map.num_inputs() != ir.num_operands(op) - memref_index - 1 {
        return Err(emit_op_error(
            ctx,
            ir,
            op,
            "expects as many subscripts as affine map inputs",
        ));
    }
    let indices: Vec<_> = ir.operands(op).skip(memref_index + 1).collect();
    verify_dims_and_symbols(ctx, ir, op, &indices, map.num_dims())?;
    // MLIR's verifyVectorMemoryOp, after the indexing checks.
    let vector_type = match memref_index {
        0 => ir
            .num_results(op)
            .checked_sub(1)
            .map(|_| ir.value_type(ir.result(op, 0))),
        _ => Some(ir.value_type(ir.operand(op, 0))),
    };
    if vector {
        if let Some(vector) = vector_type {
            if ctx.element_type(memref) != ctx.element_type(vector) {
                return Err(emit_op_error(
                    ctx,
                    ir,
                    op,
                    "requires memref and vector types of the same elemental type",
                ));
            }
        }
    }
    Ok(())
}

/// `affine.load`, or `affine.vector_load` (`VECTOR`).
pub(crate) fn verify_load<const VECTOR: bool>(ctx: &Context, ir: &Ir, op: OpId) -> DiagResult<()> {
    let memref = ir.value_type(ir.operand(op, 0));
    if !VECTOR
        && ir.num_results(op) == 1
        && ctx.element_type(memref) != Some(ir.value_type(ir.result(op, 0)))
    {
        return Err(emit_op_error(
            ctx,
            ir,
            op,
            "result type must match element type of memref",
        ));
    }
    verify_access(ctx, ir, op, 0, VECTOR)
}

/// `affine.store`, or `affine.vector_store` (`VECTOR`).
pub(crate) fn verify_store<const VECTOR: bool>(ctx: &Context, ir: &Ir, op: OpId) -> DiagResult<()> {
    let memref = ir.value_type(ir.operand(op, 1));
    if !VECTOR && ctx.element_type(memref) != Some(ir.value_type(ir.operand(op, 0))) {
        return Err(emit_op_error(
            ctx,
            ir,
            op,
            "value to store must have the same type as memref element type",
        ));
    }
    verify_access(ctx, ir, op, 1, VECTOR)
}

pub(crate) fn verify_yield(ctx: &Context, ir: &Ir, op: OpId) -> DiagResult<()> {
    let Some(parent) = ir.parent_op(op) else {
        return Ok(());
    };
    if !(IfOp::is(ctx, ir, parent) || ForOp::is(ctx, ir, parent) || ParallelOp::is(ctx, ir, parent))
    {
        return Err(emit_op_error(
            ctx,
            ir,
            op,
            "only terminates affine.if/for/parallel regions",
        ));
    }
    if ir.num_results(parent) != ir.num_operands(op) {
        return Err(emit_op_error(
            ctx,
            ir,
            op,
            "parent of yield must have same number of results as the yield operands",
        ));
    }
    for (i, (v, r)) in ir.operands(op).zip(ir.results(parent)).enumerate() {
        if ir.value_type(v) != ir.value_type(r) {
            return Err(emit_op_error(
                ctx,
                ir,
                op,
                format!("types mismatch between yield op and its parent at operand #{i}"),
            ));
        }
    }
    Ok(())
}

/// `affine.apply` (`APPLY`, which has one result), `affine.min` and `affine.max`.
pub(crate) fn verify_map_op<const APPLY: bool>(ctx: &Context, ir: &Ir, op: OpId) -> DiagResult<()> {
    let Some(map) = ir.attr(ctx, op, "map").and_then(|a| map_of(ctx, a)) else {
        return Ok(());
    };
    if map.num_inputs() != ir.num_operands(op) {
        return Err(emit_op_error(
            ctx,
            ir,
            op,
            "operand count and affine map dimension and symbol count must match",
        ));
    }
    if APPLY && map.num_results() != 1 {
        return Err(emit_op_error(ctx, ir, op, "mapping must produce one value"));
    }
    Ok(())
}

pub(crate) fn verify_for(ctx: &Context, ir: &Ir, op: OpId) -> DiagResult<()> {
    let Some(body) = ir.entry_block(ir.region(op, 0)) else {
        return Ok(());
    };
    let args = ir.block_args(body);
    if args.is_empty() || !ctx.is_index(ir.value_type(args[0])) {
        return Err(emit_op_error(
            ctx,
            ir,
            op,
            "expected body to have a single index argument for the induction variable",
        ));
    }
    if args.len() - 1 != ir.num_results(op) {
        return Err(emit_op_error(
            ctx,
            ir,
            op,
            "mismatch between the number of loop-carried values and results",
        ));
    }
    let operands: Vec<_> = ir.operands(op).collect();
    let mut start = 0;
    for name in ["lowerBoundMap", "upperBoundMap"] {
        let Some(map) = ir.attr(ctx, op, name).and_then(|a| map_of(ctx, a)) else {
            continue;
        };
        let end = (start + map.num_inputs()).min(operands.len());
        verify_dims_and_symbols(ctx, ir, op, &operands[start..end], map.num_dims())?;
        start = end;
    }
    Ok(())
}

/// `affine.if`: no region arguments (MLIR's `NoRegionArguments` trait, checked
/// first), operand count, then dim/symbol validity of the operands.
pub(crate) fn verify_if(ctx: &Context, ir: &Ir, op: OpId) -> DiagResult<()> {
    for (i, &region) in ir.regions(op).iter().enumerate() {
        if ir
            .entry_block(region)
            .is_some_and(|b| !ir.block_args(b).is_empty())
        {
            return Err(emit_op_error(
                ctx,
                ir,
                op,
                format!("region #{i} should have no arguments"),
            ));
        }
    }
    let Some(strata_ir::AttrData::IntegerSet(set)) =
        ir.attr(ctx, op, "condition").map(|a| ctx.attr_data(a))
    else {
        return Ok(());
    };
    if set.num_inputs() != ir.num_operands(op) {
        return Err(emit_op_error(
            ctx,
            ir,
            op,
            "operand count and condition integer set dimension and symbol count must match",
        ));
    }
    let operands: Vec<_> = ir.operands(op).collect();
    verify_dims_and_symbols(ctx, ir, op, &operands, set.num_dims())
}
