//! `arith.select` patterns: a select nested on the same condition
//! (`RedundantSelectTrue/False`), a negated condition (`SelectNotCond`),
//! `select(c, false, true) -> not c` (`SelectI1ToNot`) and a choice between
//! 1 and 0 as `extui` (`SelectToExtUI`).

use super::{
    constant, create, def, int_attr, int_or_splat, operand, replace_with, result_ty, scalar_int, ty,
};
use crate::build::{binary_state, select_state, unary_state};
use crate::semantics::mask;
use strata_ir::rewrite::{NoMatch, PatternRewriter, RewriteResult};
use strata_ir::{OpId, TypeData, Value};

fn rebuild(r: &mut PatternRewriter, op: OpId, c: Value, a: Value, b: Value) -> RewriteResult {
    let (ctx, loc, res_ty) = (r.ctx(), r.ir().op_loc(op), result_ty(r, op));
    replace_with(r, op, select_state(ctx, c, a, b, res_ty, loc))
}

/// `select(p, a, select(p, b, c)) -> select(p, a, c)`
pub(super) fn redundant_false(op: OpId, r: &mut PatternRewriter) -> RewriteResult {
    let p = operand(r, op, 0);
    let inner = def(r, operand(r, op, 2), "arith.select").ok_or(NoMatch)?;
    if operand(r, inner, 0) != p {
        return Err(NoMatch);
    }
    let (a, c) = (operand(r, op, 1), operand(r, inner, 2));
    rebuild(r, op, p, a, c)
}

/// `select(p, select(p, a, b), c) -> select(p, a, c)`
pub(super) fn redundant_true(op: OpId, r: &mut PatternRewriter) -> RewriteResult {
    let p = operand(r, op, 0);
    let inner = def(r, operand(r, op, 1), "arith.select").ok_or(NoMatch)?;
    if operand(r, inner, 0) != p {
        return Err(NoMatch);
    }
    let (a, c) = (operand(r, inner, 1), operand(r, op, 2));
    rebuild(r, op, p, a, c)
}

/// `select(xori(p, -1), a, b) -> select(p, b, a)`
pub(super) fn not_cond(op: OpId, r: &mut PatternRewriter) -> RewriteResult {
    let not = def(r, operand(r, op, 0), "arith.xori").ok_or(NoMatch)?;
    let (v, w) = scalar_int(r, operand(r, not, 1)).ok_or(NoMatch)?;
    if v != mask(u128::MAX, w) {
        return Err(NoMatch);
    }
    let (p, a, b) = (operand(r, not, 0), operand(r, op, 1), operand(r, op, 2));
    rebuild(r, op, p, b, a)
}

/// `select(p, false, true) -> xori(p, true)` on `i1`.
pub(super) fn i1_to_not(op: OpId, r: &mut PatternRewriter) -> RewriteResult {
    let is_i1 = |r: &PatternRewriter, v: Value, want: u128| scalar_int(r, v) == Some((want, 1));
    if !is_i1(r, operand(r, op, 1), 0) || !is_i1(r, operand(r, op, 2), 1) {
        return Err(NoMatch);
    }
    let p = operand(r, op, 0);
    not_then(r, op, p, |_, _, v| Ok(v))
}

/// Builds `xori(p, true)` before `op`, then replaces `op` with `finish`'s
/// value built from it.
fn not_then(
    r: &mut PatternRewriter,
    op: OpId,
    p: Value,
    finish: impl FnOnce(&mut PatternRewriter, OpId, Value) -> Result<Value, NoMatch>,
) -> RewriteResult {
    let (ctx, loc, p_ty) = (r.ctx(), r.ir().op_loc(op), ty(r, p));
    r.set_insertion_point_before(op);
    let t = constant(r, int_attr(ctx, p_ty, 1, 1), p_ty, op);
    let not = create(r, binary_state(ctx, "arith.xori", p, t, p_ty, loc));
    let v = finish(r, op, not)?;
    r.replace_op(op, &[v]);
    Ok(())
}

/// `select(p, 1, 0) -> extui(p)`, `select(p, 0, 1) -> extui(xori(p, true))`
/// on a scalar integer other than `i1`.
pub(super) fn to_extui(op: OpId, r: &mut PatternRewriter) -> RewriteResult {
    let res_ty = result_ty(r, op);
    let ctx = r.ctx();
    if !matches!(ctx.type_data(res_ty), TypeData::Integer { width, .. } if *width != 1) {
        return Err(NoMatch);
    }
    let value = |r: &PatternRewriter, i| int_or_splat(r, operand(r, op, i)).map(|(v, _)| v);
    let (t, f) = (value(r, 1), value(r, 2));
    let p = operand(r, op, 0);
    let loc = r.ir().op_loc(op);
    match (t, f) {
        (Some(1), Some(0)) => replace_with(r, op, unary_state(ctx, "arith.extui", p, res_ty, loc)),
        (Some(0), Some(1)) => not_then(r, op, p, |r, _, not| {
            Ok(create(r, unary_state(ctx, "arith.extui", not, res_ty, loc)))
        }),
        _ => Err(NoMatch),
    }
}
