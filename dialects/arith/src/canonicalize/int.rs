//! Integer reassociation with constants (`AddIAddConstant`,
//! `SubIRHSAddConstant`, ... of `ArithCanonicalization.td`), `x + (y * -1)`
//! into a subtraction, and the extended ops whose second result is unused.
//!
//! The new constant has the result's type and the wrapped value MLIR's
//! `APInt` arithmetic gives; the new op keeps only the overflow flags both
//! matched ops carry (MLIR's `mergeOverflowFlags`), or none where MLIR's
//! pattern passes `DefOverflow`.

use super::{
    constant, create, def, int_attr, int_or_splat, operand, replace_with, result_ty, scalar_int, ty,
};
use crate::build::{binary_state, cmp_state, unary_state, with_overflow};
use crate::fold::overflow_flags;
use crate::ops::i1_same_shape;
use crate::semantics::{int_binary, mask, sext};
use strata_ir::rewrite::{NoMatch, PatternRewriter, RewriteResult};
use strata_ir::{OpId, Value};

/// An integer-constant operand position of a matched binary op.
#[derive(Clone, Copy)]
enum Side {
    /// `op(x, c)`
    Rhs,
    /// `op(c, x)`
    Lhs,
}

/// Matches `v = inner(x, c)` (`Side::Rhs`) or `inner(c, x)` (`Side::Lhs`)
/// with a scalar integer constant `c`: returns the op, `x` and `c`'s bits.
fn inner_with_constant(
    r: &PatternRewriter,
    v: Value,
    inner: &str,
    side: Side,
) -> Option<(OpId, Value, u128)> {
    let op = def(r, v, inner)?;
    let (x, c) = match side {
        Side::Rhs => (operand(r, op, 0), operand(r, op, 1)),
        Side::Lhs => (operand(r, op, 1), operand(r, op, 0)),
    };
    Some((op, x, scalar_int(r, c)?.0))
}

/// What a reassociation builds: `new_op(x, k)` or `new_op(k, x)` where
/// `k = c_a <combine> c_b`.
struct Rebuild {
    new_op: &'static str,
    constant_first: bool,
    combine: &'static str,
    /// Whether the new op merges the matched ops' flags (else none).
    merge_flags: bool,
}

/// The reassociations on `op`: `outer(inner(..), c1)` when `inner_lhs`,
/// else `outer(c1, inner(..))`; `swap` orders the combination `c1 ∘ c0`.
fn reassociate(
    op: OpId,
    r: &mut PatternRewriter,
    inner: &str,
    inner_side: Side,
    outer_constant: Side,
    swap: bool,
    rebuild: Rebuild,
) -> RewriteResult {
    let (c1_pos, nested_pos) = match outer_constant {
        Side::Rhs => (1, 0),
        Side::Lhs => (0, 1),
    };
    let (c1, _) = scalar_int(r, operand(r, op, c1_pos)).ok_or(NoMatch)?;
    let (inner_op, x, c0) =
        inner_with_constant(r, operand(r, op, nested_pos), inner, inner_side).ok_or(NoMatch)?;
    let res_ty = result_ty(r, op);
    let width = r.ctx().integer_width(res_ty).unwrap_or(64);
    let (a, b) = if swap { (c1, c0) } else { (c0, c1) };
    let k = int_binary(rebuild.combine, a, b, width).map_err(|_| NoMatch)?;
    let flags = if rebuild.merge_flags {
        overflow_flags(r.ctx(), r.ir(), op) & overflow_flags(r.ctx(), r.ir(), inner_op)
    } else {
        0
    };
    let ctx = r.ctx();
    let loc = r.ir().op_loc(op);
    r.set_insertion_point_before(op);
    let k = constant(r, int_attr(ctx, res_ty, k, width), res_ty, op);
    let (lhs, rhs) = if rebuild.constant_first {
        (k, x)
    } else {
        (x, k)
    };
    let state = with_overflow(
        ctx,
        binary_state(ctx, rebuild.new_op, lhs, rhs, res_ty, loc),
        flags,
    );
    replace_with(r, op, state)
}

const fn rebuild(
    new_op: &'static str,
    constant_first: bool,
    combine: &'static str,
    merge_flags: bool,
) -> Rebuild {
    Rebuild {
        new_op,
        constant_first,
        combine,
        merge_flags,
    }
}

/// `addi(addi(x, c0), c1) -> addi(x, c0 + c1)`
pub(super) fn addi_add_constant(op: OpId, r: &mut PatternRewriter) -> RewriteResult {
    let b = rebuild("arith.addi", false, "arith.addi", true);
    reassociate(op, r, "arith.addi", Side::Rhs, Side::Rhs, false, b)
}

/// `addi(subi(x, c0), c1) -> addi(x, c1 - c0)`
pub(super) fn addi_sub_constant_rhs(op: OpId, r: &mut PatternRewriter) -> RewriteResult {
    let b = rebuild("arith.addi", false, "arith.subi", true);
    reassociate(op, r, "arith.subi", Side::Rhs, Side::Rhs, true, b)
}

/// `addi(subi(c0, x), c1) -> subi(c0 + c1, x)`
pub(super) fn addi_sub_constant_lhs(op: OpId, r: &mut PatternRewriter) -> RewriteResult {
    let b = rebuild("arith.subi", true, "arith.addi", true);
    reassociate(op, r, "arith.subi", Side::Lhs, Side::Rhs, false, b)
}

/// `subi(addi(x, c0), c1) -> addi(x, c0 - c1)` (no flags)
pub(super) fn subi_rhs_add_constant(op: OpId, r: &mut PatternRewriter) -> RewriteResult {
    let b = rebuild("arith.addi", false, "arith.subi", false);
    reassociate(op, r, "arith.addi", Side::Rhs, Side::Rhs, false, b)
}

/// `subi(c1, addi(x, c0)) -> subi(c1 - c0, x)`
pub(super) fn subi_lhs_add_constant(op: OpId, r: &mut PatternRewriter) -> RewriteResult {
    let b = rebuild("arith.subi", true, "arith.subi", true);
    reassociate(op, r, "arith.addi", Side::Rhs, Side::Lhs, true, b)
}

/// `subi(subi(x, c0), c1) -> subi(x, c0 + c1)`
pub(super) fn subi_rhs_sub_constant_rhs(op: OpId, r: &mut PatternRewriter) -> RewriteResult {
    let b = rebuild("arith.subi", false, "arith.addi", true);
    reassociate(op, r, "arith.subi", Side::Rhs, Side::Rhs, false, b)
}

/// `subi(subi(c0, x), c1) -> subi(c0 - c1, x)`
pub(super) fn subi_rhs_sub_constant_lhs(op: OpId, r: &mut PatternRewriter) -> RewriteResult {
    let b = rebuild("arith.subi", true, "arith.subi", true);
    reassociate(op, r, "arith.subi", Side::Lhs, Side::Rhs, false, b)
}

/// `subi(c1, subi(x, c0)) -> subi(c0 + c1, x)`
pub(super) fn subi_lhs_sub_constant_rhs(op: OpId, r: &mut PatternRewriter) -> RewriteResult {
    let b = rebuild("arith.subi", true, "arith.addi", true);
    reassociate(op, r, "arith.subi", Side::Rhs, Side::Lhs, false, b)
}

/// `subi(c1, subi(c0, x)) -> addi(x, c1 - c0)`
pub(super) fn subi_lhs_sub_constant_lhs(op: OpId, r: &mut PatternRewriter) -> RewriteResult {
    let b = rebuild("arith.addi", false, "arith.subi", true);
    reassociate(op, r, "arith.subi", Side::Lhs, Side::Lhs, true, b)
}

/// `muli(muli(x, c0), c1) -> muli(x, c0 * c1)`
pub(super) fn muli_muli_constant(op: OpId, r: &mut PatternRewriter) -> RewriteResult {
    let b = rebuild("arith.muli", false, "arith.muli", true);
    reassociate(op, r, "arith.muli", Side::Rhs, Side::Rhs, false, b)
}

/// `subi(subi(a, b), a) -> subi(0, b)`
pub(super) fn subi_subi_lhs_rhs_lhs(op: OpId, r: &mut PatternRewriter) -> RewriteResult {
    let inner = def(r, operand(r, op, 0), "arith.subi").ok_or(NoMatch)?;
    let (a, b) = (operand(r, inner, 0), operand(r, inner, 1));
    if operand(r, op, 1) != a {
        return Err(NoMatch);
    }
    let zero_ty = ty(r, b);
    let zero = zero_attr(r, zero_ty).ok_or(NoMatch)?;
    let flags = overflow_flags(r.ctx(), r.ir(), op) & overflow_flags(r.ctx(), r.ir(), inner);
    let (ctx, loc, res_ty) = (r.ctx(), r.ir().op_loc(op), result_ty(r, op));
    r.set_insertion_point_before(op);
    let zero = constant(r, zero, zero_ty, op);
    let state = with_overflow(
        ctx,
        binary_state(ctx, "arith.subi", zero, b, res_ty, loc),
        flags,
    );
    replace_with(r, op, state)
}

/// The zero of an integer-like type (MLIR's `getZeroAttr`), a splat for
/// shaped types.
fn zero_attr(r: &PatternRewriter, ty: strata_ir::Type) -> Option<strata_ir::Attribute> {
    let ctx = r.ctx();
    let width = ctx
        .integer_width(ctx.element_type_or_self(ty))
        .unwrap_or(64);
    crate::fold::encode_splat(ctx, ty, crate::semantics::Scalar::Int(0, width))
}

/// `addi(x, muli(y, -1)) -> subi(x, y)`
pub(super) fn addi_mul_neg_one_rhs(op: OpId, r: &mut PatternRewriter) -> RewriteResult {
    addi_mul_neg_one(op, r, 1)
}

/// `addi(muli(x, -1), y) -> subi(y, x)`
pub(super) fn addi_mul_neg_one_lhs(op: OpId, r: &mut PatternRewriter) -> RewriteResult {
    addi_mul_neg_one(op, r, 0)
}

fn addi_mul_neg_one(op: OpId, r: &mut PatternRewriter, mul_pos: usize) -> RewriteResult {
    let mul = def(r, operand(r, op, mul_pos), "arith.muli").ok_or(NoMatch)?;
    let (v, w) = int_or_splat(r, operand(r, mul, 1)).ok_or(NoMatch)?;
    if v != mask(u128::MAX, w) {
        return Err(NoMatch);
    }
    let y = operand(r, mul, 0);
    let other = operand(r, op, 1 - mul_pos);
    let (ctx, loc, res_ty) = (r.ctx(), r.ir().op_loc(op), result_ty(r, op));
    replace_with(
        r,
        op,
        binary_state(ctx, "arith.subi", other, y, res_ty, loc),
    )
}

/// `addui_extended` / `mul*_extended` whose second result is unused:
/// the plain op, and the first operand for the dead result.
pub(super) fn extended_to_plain(op: OpId, r: &mut PatternRewriter) -> RewriteResult {
    if r.ir().has_uses(r.ir().result(op, 1)) {
        return Err(NoMatch);
    }
    let plain = if super::name_of(r, op) == "arith.addui_extended" {
        "arith.addi"
    } else {
        "arith.muli"
    };
    let (x, y) = (operand(r, op, 0), operand(r, op, 1));
    let (ctx, loc, res_ty) = (r.ctx(), r.ir().op_loc(op), result_ty(r, op));
    r.set_insertion_point_before(op);
    let v = create(r, binary_state(ctx, plain, x, y, res_ty, loc));
    r.replace_op(op, &[v, x]);
    Ok(())
}

/// `mulsi_extended(x, 1) -> [x, extsi(cmpi slt, x, 0)]` (1 strictly
/// positive: not for `i1`, whose 1 is -1).
pub(super) fn mulsi_extended_rhs_one(op: OpId, r: &mut PatternRewriter) -> RewriteResult {
    let (v, w) = int_or_splat(r, operand(r, op, 1)).ok_or(NoMatch)?;
    if v != 1 || sext(v, w) != 1 {
        return Err(NoMatch);
    }
    let x = operand(r, op, 0);
    let x_ty = ty(r, x);
    let zero = zero_attr(r, x_ty).ok_or(NoMatch)?;
    let (ctx, loc) = (r.ctx(), r.ir().op_loc(op));
    r.set_insertion_point_before(op);
    let zero = constant(r, zero, x_ty, op);
    let cmp = create(
        r,
        cmp_state(ctx, "arith.cmpi", 2, x, zero, i1_same_shape(ctx, x_ty), loc),
    );
    let high_ty = r.ir().value_type(r.ir().result(op, 1));
    let ext = create(r, unary_state(ctx, "arith.extsi", cmp, high_ty, loc));
    r.replace_op(op, &[x, ext]);
    Ok(())
}
