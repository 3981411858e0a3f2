//! Verifiers of the `affine` ops with MLIR 22's messages.

use crate::syntax::map_of;
use strata_ir::diagnostics::DiagResult;
use strata_ir::verifier::emit_op_error;
use strata_ir::{Context, Ir, OpDefinition, OpId};

pub(crate) fn attach(defs: &mut [OpDefinition]) {
    for def in defs.iter_mut() {
        def.hooks.verify = match def.name.as_str() {
            "affine.load" | "affine.vector_load" => Some(verify_load),
            "affine.store" | "affine.vector_store" => Some(verify_store),
            "affine.yield" => Some(verify_yield),
            "affine.apply" | "affine.min" | "affine.max" => Some(verify_map_op),
            "affine.for" => Some(verify_for),
            _ => None,
        };
    }
}

fn verify_access(ctx: &Context, ir: &Ir, op: OpId, memref_index: usize) -> DiagResult<()> {
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
    Ok(())
}

fn verify_load(ctx: &Context, ir: &Ir, op: OpId) -> DiagResult<()> {
    verify_access(ctx, ir, op, 0)
}

fn verify_store(ctx: &Context, ir: &Ir, op: OpId) -> DiagResult<()> {
    verify_access(ctx, ir, op, 1)
}

fn verify_yield(ctx: &Context, ir: &Ir, op: OpId) -> DiagResult<()> {
    let Some(parent) = ir.parent_op(op) else {
        return Ok(());
    };
    let name = ctx.op_name_str(ir.op_name(parent));
    if !matches!(name, "affine.if" | "affine.for" | "affine.parallel") {
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

fn verify_map_op(ctx: &Context, ir: &Ir, op: OpId) -> DiagResult<()> {
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
    if ctx.op_name_str(ir.op_name(op)) == "affine.apply" && map.num_results() != 1 {
        return Err(emit_op_error(ctx, ir, op, "mapping must produce one value"));
    }
    Ok(())
}

fn verify_for(ctx: &Context, ir: &Ir, op: OpId) -> DiagResult<()> {
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
    Ok(())
}
