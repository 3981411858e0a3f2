//! Cast chains: `index_cast(extsi(x)) -> index_cast(x)` (and the unsigned
//! pair), `bitcast(bitcast(x)) -> bitcast(x)`, `extsi(extui(x)) ->
//! extui(x)`, a truncation that only drops extension bits
//! (`trunci(extsi(x)) -> extsi(x)`), `trunci(shrsi(x, c)) ->
//! trunci(shrui(x, c))` when the truncation drops exactly the shifted-in
//! bits, and `truncf(sitofp(x)) -> sitofp(x)` under the default rounding.

use super::{constant, create, def, int_or_splat, name_of, operand, replace_with, result_ty, ty};
use crate::build::{binary_state, unary_state};
use strata_ir::rewrite::{NoMatch, PatternRewriter, RewriteResult};
use strata_ir::{OpId, Type, Value};

/// Replaces `op` by `name(x)` of `op`'s result type.
fn recast(r: &mut PatternRewriter, op: OpId, name: &str, x: Value) -> RewriteResult {
    let (ctx, loc, res_ty) = (r.ctx(), r.ir().op_loc(op), result_ty(r, op));
    replace_with(r, op, unary_state(ctx, name, x, res_ty, loc))
}

/// `index_cast(extsi(x)) -> index_cast(x)`, `index_castui(extui(x)) -> index_castui(x)`
pub(super) fn index_cast_of_ext(op: OpId, r: &mut PatternRewriter) -> RewriteResult {
    let name = name_of(r, op);
    let ext = if name == "arith.index_cast" {
        "arith.extsi"
    } else {
        "arith.extui"
    };
    let inner = def(r, operand(r, op, 0), ext).ok_or(NoMatch)?;
    let x = operand(r, inner, 0);
    recast(r, op, name, x)
}

/// `bitcast(bitcast(x)) -> bitcast(x)`
pub(super) fn bitcast_of_bitcast(op: OpId, r: &mut PatternRewriter) -> RewriteResult {
    let inner = def(r, operand(r, op, 0), "arith.bitcast").ok_or(NoMatch)?;
    let x = operand(r, inner, 0);
    recast(r, op, "arith.bitcast", x)
}

/// `extsi(extui(x)) -> extui(x)`
pub(super) fn extsi_of_extui(op: OpId, r: &mut PatternRewriter) -> RewriteResult {
    let inner = def(r, operand(r, op, 0), "arith.extui").ok_or(NoMatch)?;
    let x = operand(r, inner, 0);
    recast(r, op, "arith.extui", x)
}

/// The element bit width (MLIR's `getScalarOrElementWidth`; -1 for others).
fn width(r: &PatternRewriter, ty: Type) -> i64 {
    let ctx = r.ctx();
    let e = ctx.element_type_or_self(ty);
    ctx.integer_width(e)
        .or_else(|| ctx.float_kind(e).map(|k| k.width()))
        .map_or(-1, i64::from)
}

/// `trunci(extsi(x)) -> extsi(x)`, `trunci(extui(x)) -> extui(x)` when the
/// truncated type is still wider than `x`.
pub(super) fn trunci_of_ext(op: OpId, r: &mut PatternRewriter) -> RewriteResult {
    for ext in ["arith.extsi", "arith.extui"] {
        let Some(inner) = def(r, operand(r, op, 0), ext) else {
            continue;
        };
        let x = operand(r, inner, 0);
        let (we, wt, wx) = (
            width(r, result_ty(r, inner)),
            width(r, result_ty(r, op)),
            width(r, ty(r, x)),
        );
        if we > wt && wt > 0 && wt > wx && wx > 0 {
            return recast(r, op, ext, x);
        }
    }
    Err(NoMatch)
}

/// `trunci(shrsi(x, c)) -> trunci(shrui(x, c))` when `c` is the number of
/// bits the truncation drops (the sign bits shifted in are dropped anyway).
pub(super) fn trunci_of_shrsi(op: OpId, r: &mut PatternRewriter) -> RewriteResult {
    let shr = def(r, operand(r, op, 0), "arith.shrsi").ok_or(NoMatch)?;
    let (x, c) = (operand(r, shr, 0), operand(r, shr, 1));
    let (amount, _) = int_or_splat(r, c).ok_or(NoMatch)?;
    if width(r, ty(r, x)) - width(r, result_ty(r, op)) != amount as i64 {
        return Err(NoMatch);
    }
    let c_attr = super::constant_attr(r, c).ok_or(NoMatch)?;
    let (ctx, loc, x_ty, res_ty) = (r.ctx(), r.ir().op_loc(op), ty(r, x), result_ty(r, op));
    let props = r.ir().properties(op);
    r.set_insertion_point_before(op);
    let c = constant(r, c_attr, ty(r, c), op);
    let shr = create(r, binary_state(ctx, "arith.shrui", x, c, x_ty, loc));
    let mut state = unary_state(ctx, "arith.trunci", shr, res_ty, loc);
    state.properties = props;
    replace_with(r, op, state)
}

/// `truncf(sitofp(x)) -> sitofp(x)`, `truncf(uitofp(x)) -> uitofp(x)`
/// without an explicit rounding mode.
pub(super) fn truncf_of_itofp(op: OpId, r: &mut PatternRewriter) -> RewriteResult {
    if r.ir().attr(r.ctx(), op, "roundingmode").is_some() {
        return Err(NoMatch);
    }
    for conv in ["arith.sitofp", "arith.uitofp"] {
        if let Some(inner) = def(r, operand(r, op, 0), conv) {
            let x = operand(r, inner, 0);
            return recast(r, op, conv, x);
        }
    }
    Err(NoMatch)
}
