//! Which SSA values may stand for an affine map's dimensions and symbols
//! (MLIR's `isValidDim` / `isValidSymbol` of `AffineOps.cpp`).
//!
//! Why: an affine map only describes an access or a bound polyhedrally if
//! its symbols do not change inside the affine scope (the region of the
//! nearest op with the `AFFINE_SCOPE` trait, e.g. `func.func`,
//! `gpu.launch`, `test.affine_scope`) and its dimensions are induction
//! variables or affine functions of them. MLIR's verifiers reject
//! `affine.for`/`if`/`parallel` bounds and `affine.load`/`store` subscripts
//! (map dimensions and symbols alike) that break this; Strata's follow the
//! same rules with the same messages:
//!
//! - a valid symbol is an index value defined at the top level of the
//!   scope (or above it, up to an isolated-from-above op), a constant, the
//!   result of a pure op whose operands are all valid symbols, or a
//!   `memref.dim`/`tensor.dim` whose size is itself symbolic;
//! - a valid dimension is a valid symbol, an `affine.for`/`affine.parallel`
//!   induction variable, an `affine.apply` / `affine.linearize_index` /
//!   `affine.delinearize_index` of valid dimensions, or a `dim` of a
//!   top-level shaped value.

use crate::ApplyOp;
use crate::{DelinearizeIndexOp, ForOp, LinearizeIndexOp, ParallelOp};
use strata_dialect_memref::{AllocOp, AllocaOp, CastOp, SubViewOp, ViewOp};
use strata_ir::diagnostics::DiagResult;
use strata_ir::verifier::emit_op_error;
use strata_ir::{Context, Ir, OpId, OpTraits, RegionId, Value};

fn has_trait(ctx: &Context, ir: &Ir, op: OpId, t: OpTraits) -> bool {
    ctx.op_definition(ir.op_name(op))
        .is_some_and(|d| d.has_trait(t))
}

/// The region a value is defined in (its block's region).
fn value_region(ir: &Ir, v: Value) -> Option<RegionId> {
    ir.value_block(v).and_then(|b| ir.block_region(b))
}

/// The region of `op`'s nearest ancestor with the `AFFINE_SCOPE` trait that
/// holds `op` (MLIR's `getAffineScope`), `None` outside any scope.
pub fn affine_scope(ctx: &Context, ir: &Ir, op: OpId) -> Option<RegionId> {
    let mut cur = op;
    while let Some(parent) = ir.parent_op(cur) {
        if has_trait(ctx, ir, parent, OpTraits::AFFINE_SCOPE) {
            return ir.op_block(cur).and_then(|b| ir.block_region(b));
        }
        cur = parent;
    }
    None
}

/// Whether `v` is defined directly in a region of an affine-scope op
/// (MLIR's one-argument `isTopLevelValue`).
pub fn is_top_level_value(ctx: &Context, ir: &Ir, v: Value) -> bool {
    ir.value_block(v)
        .and_then(|b| ir.block_parent_op(b))
        .is_some_and(|p| has_trait(ctx, ir, p, OpTraits::AFFINE_SCOPE))
}

/// Whether `v` is defined in `region` or in a region enclosing it, without
/// crossing an isolated-from-above op (MLIR's `isTopLevelValueOrAbove`).
fn is_top_level_value_or_above(ctx: &Context, ir: &Ir, v: Value, region: RegionId) -> bool {
    let Some(def_region) = value_region(ir, v) else {
        return false;
    };
    let mut region = Some(region);
    while let Some(r) = region {
        if r == def_region {
            return true;
        }
        let Some(op) = ir.region_op(r) else {
            return false;
        };
        if has_trait(ctx, ir, op, OpTraits::ISOLATED_FROM_ABOVE) {
            return false;
        }
        region = ir.op_block(op).and_then(|b| ir.block_region(b));
    }
    false
}

/// Whether `v` is the induction variable of an `affine.for` or
/// `affine.parallel`.
pub fn is_affine_induction_var(ctx: &Context, ir: &Ir, v: Value) -> bool {
    if ir.defining_op(v).is_some() {
        return false;
    }
    let Some(block) = ir.value_block(v) else {
        return false;
    };
    let Some(parent) = ir.block_parent_op(block) else {
        return false;
    };
    let index = ir.block_args(block).iter().position(|&a| a == v);
    // Only the first argument of affine.for: the others are iter_args.
    (ForOp::is(ctx, ir, parent) && index == Some(0)) || ParallelOp::is(ctx, ir, parent)
}

fn is_index(ctx: &Context, ir: &Ir, v: Value) -> bool {
    ctx.is_index(ir.value_type(v))
}

/// MLIR's `isValidSymbol(value, region)`.
pub fn is_valid_symbol(ctx: &Context, ir: &Ir, v: Value, region: Option<RegionId>) -> bool {
    if !is_index(ctx, ir, v) {
        return false;
    }
    if region.is_some_and(|r| is_top_level_value_or_above(ctx, ir, v, r)) {
        return true;
    }
    let Some(def) = ir.defining_op(v) else {
        return false;
    };
    if has_trait(ctx, ir, def, OpTraits::CONSTANT_LIKE) {
        return true;
    }
    if has_trait(ctx, ir, def, OpTraits::PURE)
        && ir
            .operands(def)
            .all(|o| is_valid_symbol(ctx, ir, o, region))
    {
        return true;
    }
    if is_dim_op(ctx, ir, def) {
        return is_dim_op_valid_symbol(ctx, ir, def, region);
    }
    false
}

fn is_dim_op(ctx: &Context, ir: &Ir, op: OpId) -> bool {
    (strata_dialect_memref::DimOp::is(ctx, ir, op)
        || strata_dialect_tensor::ops::DimOp::is(ctx, ir, op))
        && ir.num_operands(op) == 2
}

/// MLIR's `isDimOpValidSymbol`: the shaped operand is top-level, or the
/// queried size of the view/subview/alloc producing it is a valid symbol.
fn is_dim_op_valid_symbol(ctx: &Context, ir: &Ir, dim: OpId, region: Option<RegionId>) -> bool {
    let shaped = ir.operand(dim, 0);
    if is_top_level_value(ctx, ir, shaped) {
        return true;
    }
    let Some(mut def) = ir.defining_op(shaped) else {
        return false;
    };
    let Some(index) = strata_ir::fold::constant_of_value(ctx, ir, ir.operand(dim, 1))
        .and_then(|a| ctx.integer_value(a))
        .and_then(|i| usize::try_from(i).ok())
    else {
        return false;
    };
    while let Some(cast) = CastOp::wrap(ctx, ir, def) {
        let source = cast.source(ctx, ir);
        if ctx.shape(ir.value_type(source)).is_none() {
            return false;
        }
        match ir.defining_op(source) {
            Some(d) => def = d,
            None => return false,
        }
    }
    // The dynamic sizes of the op producing the memref, in order.
    let sizes = if let Some(alloc) = AllocOp::wrap(ctx, ir, def) {
        alloc.dynamicSizes(ctx, ir)
    } else if let Some(alloca) = AllocaOp::wrap(ctx, ir, def) {
        alloca.dynamicSizes(ctx, ir)
    } else if let Some(view) = ViewOp::wrap(ctx, ir, def) {
        view.sizes(ctx, ir)
    } else if let Some(subview) = SubViewOp::wrap(ctx, ir, def) {
        subview.sizes(ctx, ir)
    } else {
        return false;
    };
    let Some(shape) = ctx.shape(ir.value_type(ir.result(def, 0))) else {
        return false;
    };
    let Some(&size) = shape.get(index) else {
        return false;
    };
    if size != strata_ir::DYNAMIC {
        return true;
    }
    let position = shape[..index]
        .iter()
        .filter(|&&s| s == strata_ir::DYNAMIC)
        .count();
    sizes
        .get(position)
        .is_some_and(|&s| is_valid_symbol(ctx, ir, s, region))
}

/// MLIR's `isValidDim(value, region)`.
pub fn is_valid_dim(ctx: &Context, ir: &Ir, v: Value, region: Option<RegionId>) -> bool {
    if !is_index(ctx, ir, v) {
        return false;
    }
    if is_valid_symbol(ctx, ir, v, region) {
        return true;
    }
    let Some(def) = ir.defining_op(v) else {
        return is_affine_induction_var(ctx, ir, v);
    };
    if ApplyOp::is(ctx, ir, def)
        || LinearizeIndexOp::is(ctx, ir, def)
        || DelinearizeIndexOp::is(ctx, ir, def)
    {
        ir.operands(def).all(|o| is_valid_dim(ctx, ir, o, region))
    } else if is_dim_op(ctx, ir, def) {
        is_top_level_value(ctx, ir, ir.operand(def, 0))
    } else {
        false
    }
}

/// MLIR's `verifyDimAndSymbolIdentifiers`: the first `num_dims` operands
/// must be valid dimensions, the others valid symbols, in `op`'s scope.
pub fn verify_dims_and_symbols(
    ctx: &Context,
    ir: &Ir,
    op: OpId,
    operands: &[Value],
    num_dims: usize,
) -> DiagResult<()> {
    let scope = affine_scope(ctx, ir, op);
    for (i, &v) in operands.iter().enumerate() {
        if i < num_dims {
            if !is_valid_dim(ctx, ir, v, scope) {
                return Err(emit_op_error(
                    ctx,
                    ir,
                    op,
                    "operand cannot be used as a dimension id",
                ));
            }
        } else if !is_valid_symbol(ctx, ir, v, scope) {
            return Err(emit_op_error(
                ctx,
                ir,
                op,
                "operand cannot be used as a symbol",
            ));
        }
    }
    Ok(())
}
