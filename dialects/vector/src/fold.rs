//! Folds of `vector` ops, the common cases of MLIR's: a shape_cast to the
//! same type or of a shape_cast, a broadcast to the same type or of a
//! scalar constant (a splat constant), a transpose
//! by the identity permutation, extract/insert at an empty position, and
//! an extract of a broadcast scalar. Each op names its folder in its
//! declaration; producers are matched through their typed handles.

use crate::{BroadcastOp, InsertOp, ShapeCastOp};
use strata_ir::fold::FoldOutcome;
use strata_ir::{Attribute, Context, Ir, OpId, TypeData};

fn same_type(ir: &Ir, op: OpId) -> bool {
    ir.value_type(ir.operand(op, 0)) == ir.value_type(ir.result(op, 0))
}

/// MLIR's `BroadcastOp::fold`: the same type gives the source; a scalar
/// constant of the element type gives the splat constant. (A splat vector
/// source does not fold: MLIR takes any typed attribute for a scalar and
/// gives up on its type.)
pub(crate) fn fold_broadcast(
    ctx: &Context,
    ir: &mut Ir,
    op: OpId,
    c: &[Option<Attribute>],
) -> FoldOutcome {
    if same_type(ir, op) {
        return FoldOutcome::value(ir.operand(op, 0));
    }
    let ty = ir.value_type(ir.result(op, 0));
    let Some(attr) = c.first().copied().flatten() else {
        return FoldOutcome::Failed;
    };
    let Some(scalar) = strata_dialect_arith::fold::decode(ctx, attr) else {
        return FoldOutcome::Failed;
    };
    if ctx.element_type(scalar.ty).is_some() || ctx.element_type(ty) != Some(scalar.ty) {
        return FoldOutcome::Failed;
    }
    match strata_dialect_arith::fold::encode_splat(ctx, ty, scalar.elems[0]) {
        Some(splat) => FoldOutcome::attribute(splat),
        None => FoldOutcome::Failed,
    }
}

pub(crate) fn fold_shape_cast(
    ctx: &Context,
    ir: &mut Ir,
    op: OpId,
    c: &[Option<Attribute>],
) -> FoldOutcome {
    if same_type(ir, op) {
        return FoldOutcome::value(ir.operand(op, 0));
    }
    // shape_cast(shape_cast(x)) -> shape_cast(x), or x when the types agree.
    let src = ir.operand(op, 0);
    if let Some(def) = ShapeCastOp::defining(ctx, ir, src) {
        let inner = def.source(ctx, ir);
        if ir.value_type(inner) == ir.value_type(ir.result(op, 0)) {
            return FoldOutcome::value(inner);
        }
        ir.set_operand(op, 0, inner);
        return FoldOutcome::InPlace;
    }
    let _ = c;
    FoldOutcome::Failed
}

pub(crate) fn fold_transpose(
    ctx: &Context,
    ir: &mut Ir,
    op: OpId,
    _: &[Option<Attribute>],
) -> FoldOutcome {
    let perm = ir
        .attr(ctx, op, "permutation")
        .and_then(|a| ctx.dense_array_i64(a))
        .unwrap_or_default();
    if perm.iter().enumerate().all(|(i, &p)| p == i as i64) {
        return FoldOutcome::value(ir.operand(op, 0));
    }
    FoldOutcome::Failed
}

fn empty_position(ctx: &Context, ir: &Ir, op: OpId) -> bool {
    ir.attr(ctx, op, "static_position")
        .and_then(|a| ctx.dense_array_i64(a))
        .is_some_and(|p| p.is_empty())
}

pub(crate) fn fold_extract(
    ctx: &Context,
    ir: &mut Ir,
    op: OpId,
    _: &[Option<Attribute>],
) -> FoldOutcome {
    if empty_position(ctx, ir, op) {
        return FoldOutcome::value(ir.operand(op, 0));
    }
    // extract(broadcast(scalar)) -> scalar
    let src = ir.operand(op, 0);
    if let Some(def) = BroadcastOp::defining(ctx, ir, src) {
        let scalar = def.source(ctx, ir);
        if !matches!(
            ctx.type_data(ir.value_type(scalar)),
            TypeData::Vector { .. }
        ) && ir.value_type(scalar) == ir.value_type(ir.result(op, 0))
        {
            return FoldOutcome::value(scalar);
        }
    }
    // extract(insert(v, d, p), p) -> v at the same static position.
    if let Some(def) = InsertOp::defining(ctx, ir, src) {
        let pos = |o| {
            ir.attr(ctx, o, "static_position")
                .and_then(|a| ctx.dense_array_i64(a))
        };
        let (a, b) = (pos(op), pos(def.op()));
        if a.is_some() && a == b && ir.num_operands(op) == 1 && ir.num_operands(def.op()) == 2 {
            return FoldOutcome::value(def.valueToStore(ctx, ir));
        }
    }
    // extract(shape_cast(x), p) -> extract(x, p') of a scalar, p' naming
    // the same element in x's shape.
    if let Some(def) = ShapeCastOp::defining(ctx, ir, src) {
        let inner = def.source(ctx, ir);
        let pos = ir
            .attr(ctx, op, "static_position")
            .and_then(|a| ctx.dense_array_i64(a))
            .unwrap_or_default();
        let cast_shape = ctx
            .shape(ir.value_type(src))
            .map(|s| s.to_vec())
            .unwrap_or_default();
        let inner_shape = ctx
            .shape(ir.value_type(inner))
            .map(|s| s.to_vec())
            .unwrap_or_default();
        let scalar = pos.len() == cast_shape.len() && ir.num_operands(op) == 1;
        if scalar && pos.iter().zip(&cast_shape).all(|(&p, &d)| p >= 0 && p < d) {
            let mut linear = pos
                .iter()
                .zip(&cast_shape)
                .fold(0i64, |a, (&p, &d)| a * d + p);
            let mut new_pos = vec![0i64; inner_shape.len()];
            for (k, &d) in inner_shape.iter().enumerate().rev() {
                new_pos[k] = linear % d;
                linear /= d;
            }
            ir.set_operand(op, 0, inner);
            let attr = ctx.dense_i64_array(&new_pos);
            ir.set_property(ctx, op, "static_position", Some(attr));
            return FoldOutcome::InPlace;
        }
    }
    FoldOutcome::Failed
}

pub(crate) fn fold_insert(
    ctx: &Context,
    ir: &mut Ir,
    op: OpId,
    _: &[Option<Attribute>],
) -> FoldOutcome {
    if empty_position(ctx, ir, op)
        && ir.value_type(ir.operand(op, 0)) == ir.value_type(ir.result(op, 0))
    {
        return FoldOutcome::value(ir.operand(op, 0));
    }
    FoldOutcome::Failed
}
