//! Bitwise ops: `xori(cmpi(p, a, b), true) -> cmpi(!p, a, b)` and a logic
//! op of two same-kind extensions done before extending
//! (`andi(extui(x), extui(y)) -> extui(andi(x, y))`, for `andi`, `ori`,
//! `xori` and both extensions).

use super::{create, def, name_of, operand, replace_with, result_ty, scalar_int, ty};
use crate::build::{binary_state, cmp_state, unary_state};
use strata_ir::rewrite::{NoMatch, PatternRewriter, RewriteResult};
use strata_ir::OpId;

/// The predicate testing the negation (`slt` <-> `sge`, ...).
fn invert_cmpi(p: i64) -> i64 {
    [1, 0, 5, 4, 3, 2, 9, 8, 7, 6][p as usize]
}

/// `xori(cmpi(p, a, b), true) -> cmpi(!p, a, b)` (`XOrINotCmpI`).
pub(super) fn xori_not_cmpi(op: OpId, r: &mut PatternRewriter) -> RewriteResult {
    let (v, w) = scalar_int(r, operand(r, op, 1)).ok_or(NoMatch)?;
    if (v, w) != (1, 1) {
        return Err(NoMatch);
    }
    let cmp = def(r, operand(r, op, 0), "arith.cmpi").ok_or(NoMatch)?;
    let ctx = r.ctx();
    let pred = r
        .ir()
        .attr(ctx, cmp, "predicate")
        .and_then(|p| ctx.integer_value(p))
        .filter(|p| (0..10).contains(p))
        .ok_or(NoMatch)? as i64;
    let (a, b) = (operand(r, cmp, 0), operand(r, cmp, 1));
    let (loc, res_ty) = (r.ir().op_loc(op), result_ty(r, cmp));
    replace_with(
        r,
        op,
        cmp_state(ctx, "arith.cmpi", invert_cmpi(pred), a, b, res_ty, loc),
    )
}

/// `logic(ext(x), ext(y)) -> ext(logic(x, y))` when `x` and `y` have one
/// type; the extension kind is the one of the registered pattern that
/// matched first (MLIR tries `extui` before `extsi`).
pub(super) fn logic_of_ext(op: OpId, r: &mut PatternRewriter) -> RewriteResult {
    let logic = name_of(r, op);
    for ext in ["arith.extui", "arith.extsi"] {
        let (Some(a), Some(b)) = (
            def(r, operand(r, op, 0), ext),
            def(r, operand(r, op, 1), ext),
        ) else {
            continue;
        };
        let (x, y) = (operand(r, a, 0), operand(r, b, 0));
        if ty(r, x) != ty(r, y) {
            continue;
        }
        let (ctx, loc, res_ty, x_ty) = (r.ctx(), r.ir().op_loc(op), result_ty(r, op), ty(r, x));
        r.set_insertion_point_before(op);
        let inner = create(r, binary_state(ctx, logic, x, y, x_ty, loc));
        return replace_with(r, op, unary_state(ctx, ext, inner, res_ty, loc));
    }
    Err(NoMatch)
}
