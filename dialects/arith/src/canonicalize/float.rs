//! `mulf(negf(x), negf(y)) -> mulf(x, y)` and the same for `divf`, keeping
//! the fast-math flags of the original op (`MulFOfNegF`, `DivFOfNegF`).

use super::{def, name_of, operand, replace_with, result_ty, ty};
use crate::build::binary_state;
use strata_ir::rewrite::{NoMatch, PatternRewriter, RewriteResult};
use strata_ir::OpId;

pub(super) fn of_negf(op: OpId, r: &mut PatternRewriter) -> RewriteResult {
    let a = def(r, operand(r, op, 0), "arith.negf").ok_or(NoMatch)?;
    let b = def(r, operand(r, op, 1), "arith.negf").ok_or(NoMatch)?;
    let (x, y) = (operand(r, a, 0), operand(r, b, 0));
    if ty(r, x) != ty(r, y) {
        return Err(NoMatch);
    }
    let (ctx, loc, res_ty) = (r.ctx(), r.ir().op_loc(op), result_ty(r, op));
    let mut state = binary_state(ctx, name_of(r, op), x, y, res_ty, loc);
    state.properties = r.ir().properties(op);
    replace_with(r, op, state)
}
