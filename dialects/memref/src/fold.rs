//! Folds of `memref` ops, after MLIR's: `memref.dim` of a static dimension
//! (or of an allocation's dynamic size), `memref.rank` of a ranked memref,
//! casts to the same type and casts of casts, and the absorption of a
//! ranked `memref.cast` into the ops that use it (`foldMemRefCast`).

use crate::ops::{AllocOp, AllocaOp, CastOp, ReinterpretCastOp, SubViewOp, ViewOp};
use crate::verify::subview_dropped_dims;
use strata_ir::directives::offset_size_stride_lists;
use strata_ir::fold::FoldOutcome;
use strata_ir::{Attribute, Context, Ir, OpId, TypeData, DYNAMIC};

pub(crate) fn fold_dim(
    ctx: &Context,
    ir: &mut Ir,
    op: OpId,
    constants: &[Option<Attribute>],
) -> FoldOutcome {
    let Some(index) = constants
        .get(1)
        .copied()
        .flatten()
        .and_then(|a| ctx.integer_value(a))
    else {
        return FoldOutcome::Failed;
    };
    let source = ir.operand(op, 0);
    let Some(shape) = ctx.shape(ir.value_type(source)).map(|s| s.to_vec()) else {
        return FoldOutcome::Failed;
    };
    if index < 0 || index as usize >= shape.len() {
        return FoldOutcome::Failed;
    }
    let i = index as usize;
    if shape[i] != DYNAMIC {
        return FoldOutcome::attribute(ctx.index_attr(shape[i]));
    }
    // The size the op defining the memref was given: an allocation's or a
    // view's dynamic size operand, a subview's size of the source dimension
    // that became dimension `i`.
    let position = shape[..i].iter().filter(|&&d| d == DYNAMIC).count();
    if let Some(def) = ir.defining_op(source) {
        if AllocOp::is(ctx, ir, def) || AllocaOp::is(ctx, ir, def) {
            return FoldOutcome::value(ir.operand(def, position));
        }
        if ViewOp::is(ctx, ir, def) {
            return FoldOutcome::value(ir.operand(def, 2 + position));
        }
        if SubViewOp::is(ctx, ir, def) {
            let dropped = subview_dropped_dims(ctx, ir, def).unwrap_or_default();
            let mut kept = (0..dropped.len()).filter(|&d| !dropped[d]);
            if let Some(size) = kept.nth(i).and_then(|d| {
                offset_size_stride_lists(ctx, ir, def)[1]
                    .get(d)
                    .and_then(|e| e.1)
            }) {
                return FoldOutcome::value(size);
            }
        }
    }
    // dim(cast(x)) -> dim(x)
    if absorb_cast(ctx, ir, op, 0) {
        return FoldOutcome::InPlace;
    }
    FoldOutcome::Failed
}

pub(crate) fn fold_rank(
    ctx: &Context,
    ir: &mut Ir,
    op: OpId,
    _: &[Option<Attribute>],
) -> FoldOutcome {
    match ctx.shape(ir.value_type(ir.operand(op, 0))) {
        Some(shape) => FoldOutcome::attribute(ctx.index_attr(shape.len() as i64)),
        None => FoldOutcome::Failed,
    }
}

pub(crate) fn fold_cast(
    ctx: &Context,
    ir: &mut Ir,
    op: OpId,
    _: &[Option<Attribute>],
) -> FoldOutcome {
    let source = ir.operand(op, 0);
    let result_ty = ir.value_type(ir.result(op, 0));
    if ir.value_type(source) == result_ty {
        return FoldOutcome::value(source);
    }
    // cast(cast(x)) back to x's type is x; to another compatible type, a
    // cast of x (MLIR's `foldMemRefCast` on the cast itself).
    if let Some(def) = ir.defining_op(source) {
        if CastOp::is(ctx, ir, def) {
            let inner = ir.operand(def, 0);
            let inner_ty = ir.value_type(inner);
            if inner_ty == result_ty {
                return FoldOutcome::value(inner);
            }
            let ranked = matches!(ctx.type_data(inner_ty), TypeData::MemRef { .. });
            if ranked && crate::verify::cast_compatible(ctx, inner_ty, result_ty) {
                ir.set_operand(op, 0, inner);
                return FoldOutcome::InPlace;
            }
        }
    }
    FoldOutcome::Failed
}

/// Replaces operand `index` by the source of the `memref.cast` defining it
/// when that source is ranked (MLIR's `foldMemRefCast`).
fn absorb_cast(ctx: &Context, ir: &mut Ir, op: OpId, index: usize) -> bool {
    let value = ir.operand(op, index);
    let Some(def) = ir.defining_op(value) else {
        return false;
    };
    if !CastOp::is(ctx, ir, def) {
        return false;
    }
    let source = ir.operand(def, 0);
    if !matches!(
        ctx.type_data(ir.value_type(source)),
        TypeData::MemRef { .. }
    ) {
        return false;
    }
    ir.set_operand(op, index, source);
    true
}

pub(crate) fn fold_cast_operand_0(
    ctx: &Context,
    ir: &mut Ir,
    op: OpId,
    _: &[Option<Attribute>],
) -> FoldOutcome {
    if absorb_cast(ctx, ir, op, 0) {
        FoldOutcome::InPlace
    } else {
        FoldOutcome::Failed
    }
}

/// MLIR's `ReinterpretCastOp::fold`: the source of a reinterpret_cast,
/// cast or zero-offset subview feeding it is used directly (only the base
/// buffer matters), and a reinterpret_cast to its source's own static type
/// at offset 0 is its source.
pub(crate) fn fold_reinterpret_cast(
    ctx: &Context,
    ir: &mut Ir,
    op: OpId,
    _: &[Option<Attribute>],
) -> FoldOutcome {
    let source = ir.operand(op, 0);
    let previous = ir.defining_op(source).and_then(|def| {
        if ReinterpretCastOp::is(ctx, ir, def) || CastOp::is(ctx, ir, def) {
            return Some(ir.operand(def, 0));
        }
        if !SubViewOp::is(ctx, ir, def) {
            return None;
        }
        let offsets = ir
            .attr(ctx, def, "static_offsets")
            .and_then(|a| ctx.dense_array_i64(a))
            .unwrap_or_default();
        offsets.iter().all(|&o| o == 0).then(|| ir.operand(def, 0))
    });
    if let Some(previous) = previous {
        ir.set_operand(op, 0, previous);
        return FoldOutcome::InPlace;
    }
    let result_ty = ir.value_type(ir.result(op, 0));
    let static_shape = ctx.shape(result_ty).is_some_and(|s| !s.contains(&DYNAMIC));
    let zero_offset = ir
        .attr(ctx, op, "static_offsets")
        .and_then(|a| ctx.dense_array_i64(a))
        .is_some_and(|o| o.first() == Some(&0));
    if static_shape && zero_offset && ir.value_type(source) == result_ty {
        return FoldOutcome::value(source);
    }
    FoldOutcome::Failed
}

pub(crate) fn fold_cast_operand_1(
    ctx: &Context,
    ir: &mut Ir,
    op: OpId,
    _: &[Option<Attribute>],
) -> FoldOutcome {
    if absorb_cast(ctx, ir, op, 1) {
        FoldOutcome::InPlace
    } else {
        FoldOutcome::Failed
    }
}

pub(crate) fn fold_cast_operands_copy(
    ctx: &Context,
    ir: &mut Ir,
    op: OpId,
    _: &[Option<Attribute>],
) -> FoldOutcome {
    let a = absorb_cast(ctx, ir, op, 0);
    let b = absorb_cast(ctx, ir, op, 1);
    if a || b {
        FoldOutcome::InPlace
    } else {
        FoldOutcome::Failed
    }
}
