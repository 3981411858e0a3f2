//! Comparisons: `cmpi eq/ne` of two same-kind extensions compares the
//! narrow values (`CmpIExtSI`, `CmpIExtUI`), and a float comparison of an
//! integer converted to float against a float constant becomes an integer
//! comparison, or a constant when the constant is out of the integer's range
//! (`CmpFIntToFPConst`, from LLVM's InstCombine).

use super::{constant, constant_attr, def, int_attr, operand, replace_with, result_ty, ty};
use crate::build::{cmp_state, constant_state};
use crate::fold::decode;
use crate::semantics::{from_signed, round_to, Scalar};
use strata_ir::rewrite::{NoMatch, PatternRewriter, RewriteResult};
use strata_ir::{FloatKind, OpId};

fn predicate(r: &PatternRewriter, op: OpId) -> Option<i64> {
    let ctx = r.ctx();
    r.ir()
        .attr(ctx, op, "predicate")
        .and_then(|p| ctx.integer_value(p))
        .map(|p| p as i64)
}

/// `cmpi(eq|ne, ext(a), ext(b)) -> cmpi(eq|ne, a, b)` for `a`, `b` of one
/// type and one extension kind (MLIR tries `extsi` first).
pub(super) fn cmpi_of_ext(op: OpId, r: &mut PatternRewriter) -> RewriteResult {
    let pred = predicate(r, op)
        .filter(|p| *p == 0 || *p == 1)
        .ok_or(NoMatch)?;
    for ext in ["arith.extsi", "arith.extui"] {
        let (Some(x), Some(y)) = (
            def(r, operand(r, op, 0), ext),
            def(r, operand(r, op, 1), ext),
        ) else {
            continue;
        };
        let (a, b) = (operand(r, x, 0), operand(r, y, 0));
        if ty(r, a) != ty(r, b) {
            continue;
        }
        let (ctx, loc, res_ty) = (r.ctx(), r.ir().op_loc(op), result_ty(r, op));
        return replace_with(r, op, cmp_state(ctx, "arith.cmpi", pred, a, b, res_ty, loc));
    }
    Err(NoMatch)
}

/// The precision and largest exponent of a float format (`getFPMantissaWidth`).
fn precision(kind: FloatKind) -> Option<(i64, i64)> {
    Some(match kind {
        FloatKind::F16 => (11, 15),
        FloatKind::BF16 => (8, 127),
        FloatKind::F32 => (24, 127),
        FloatKind::F64 => (53, 1023),
        _ => return None,
    })
}

/// `ilogb` of a finite non-zero `x` (the exponent of its leading bit).
fn ilogb(x: f64) -> i64 {
    if x == 0.0 {
        return i64::from(i32::MIN) + 1;
    }
    let bits = x.abs().to_bits();
    let exp = ((bits >> 52) & 0x7ff) as i64;
    if exp == 0 {
        // Subnormal: the leading bit of the fraction.
        let lead = 63 - bits.leading_zeros() as i64;
        lead - 1074
    } else {
        exp - 1023
    }
}

// cmpi predicate numbers.
const EQ: i64 = 0;
const NE: i64 = 1;
const SLT: i64 = 2;
const SLE: i64 = 3;
const SGT: i64 = 4;
const SGE: i64 = 5;
const ULT: i64 = 6;
const ULE: i64 = 7;
const UGT: i64 = 8;
const UGE: i64 = 9;

/// The integer predicate of a float one (ordered and unordered alike).
fn integer_predicate(pred: i64, unsigned: bool) -> Option<i64> {
    let pick = |s, u| if unsigned { u } else { s };
    Some(match pred {
        1 | 8 => EQ,
        2 | 9 => pick(SGT, UGT),
        3 | 10 => pick(SGE, UGE),
        4 | 11 => pick(SLT, ULT),
        5 | 12 => pick(SLE, ULE),
        6 | 13 => NE,
        _ => return None,
    })
}

/// What a `cmpf` of a converted integer against a constant becomes.
enum Outcome {
    Constant(bool),
    Compare(i64, i128),
}

/// MLIR's `CmpFIntToFPConst` decision for `(float)x <pred> rhs`, `x` of
/// `width` bits.
fn decide(pred: i64, rhs: f64, kind: FloatKind, width: u32, unsigned: bool) -> Option<Outcome> {
    let (mantissa, max_exp) = precision(kind)?;
    if width == 0 || width > 127 {
        return None;
    }
    let value_bits = i64::from(if unsigned { width } else { width - 1 });
    if i64::from(width) > mantissa {
        // The conversion rounds; give up where that can change the answer.
        if rhs.is_infinite() {
            if max_exp < value_bits {
                return None;
            }
        } else {
            let e = ilogb(rhs);
            if mantissa <= e && e <= value_bits {
                return None;
            }
        }
    }
    match pred {
        7 => return Some(Outcome::Constant(true)),
        14 => return Some(Outcome::Constant(false)),
        _ => {}
    }
    let mut ipred = integer_predicate(pred, unsigned)?;
    let (min, max): (i128, i128) = if unsigned {
        (0, (1i128 << width) - 1)
    } else {
        (-(1i128 << (width - 1)), (1i128 << (width - 1)) - 1)
    };
    let as_float = |v: i128| round_to(kind, v as f64);
    if as_float(max) < rhs {
        let t = [NE, SLT, SLE, ULT, ULE].contains(&ipred);
        return Some(Outcome::Constant(t));
    }
    if as_float(min) > rhs {
        let t = [NE, SGT, SGE, UGT, UGE].contains(&ipred);
        return Some(Outcome::Constant(t));
    }
    // rhs truncated toward zero must be an integer of the type.
    let t = rhs.trunc();
    if t < min as f64 || t > max as f64 || as_float(t as i128) != t {
        return None;
    }
    let rhs_int = t as i128;
    if rhs != 0.0 && as_float(rhs_int) != rhs {
        // A fractional constant: adjust the predicate, or decide.
        let neg = rhs.is_sign_negative();
        match ipred {
            NE => return Some(Outcome::Constant(true)),
            EQ => return Some(Outcome::Constant(false)),
            ULE if neg => return Some(Outcome::Constant(false)),
            SLE if neg => ipred = SLT,
            ULT if neg => return Some(Outcome::Constant(false)),
            ULT => ipred = ULE,
            SLT if !neg => ipred = SLE,
            UGT if neg => return Some(Outcome::Constant(true)),
            SGT if neg => ipred = SGE,
            UGE if neg => return Some(Outcome::Constant(true)),
            UGE => ipred = UGT,
            SGE if !neg => ipred = SGT,
            _ => {}
        }
    }
    Some(Outcome::Compare(ipred, rhs_int))
}

/// `cmpf(p, sitofp(x), c)` / `cmpf(p, uitofp(x), c)` as an integer compare.
pub(super) fn cmpf_int_to_fp_const(op: OpId, r: &mut PatternRewriter) -> RewriteResult {
    let ctx = r.ctx();
    let c = operand(r, op, 1);
    if ctx.element_type(ty(r, c)).is_some() {
        return Err(NoMatch);
    }
    let attr = constant_attr(r, c).ok_or(NoMatch)?;
    let Scalar::Float(rhs, kind) = decode(ctx, attr).ok_or(NoMatch)?.elems[0] else {
        return Err(NoMatch);
    };
    if rhs.is_nan() {
        return Err(NoMatch);
    }
    let lhs = operand(r, op, 0);
    let (conv, unsigned) = if let Some(d) = def(r, lhs, "arith.sitofp") {
        (d, false)
    } else {
        (def(r, lhs, "arith.uitofp").ok_or(NoMatch)?, true)
    };
    let x = operand(r, conv, 0);
    let x_ty = ty(r, x);
    let width = match ctx.type_data(x_ty) {
        strata_ir::TypeData::Integer { width, .. } => *width,
        _ => return Err(NoMatch),
    };
    let pred = predicate(r, op).ok_or(NoMatch)?;
    let loc = r.ir().op_loc(op);
    match decide(pred, rhs, kind, width, unsigned).ok_or(NoMatch)? {
        Outcome::Constant(b) => replace_with(
            r,
            op,
            constant_state(ctx, ctx.bool_attr(b), ctx.signless(1), loc),
        ),
        Outcome::Compare(ipred, k) => {
            r.set_insertion_point_before(op);
            let k = constant(
                r,
                int_attr(ctx, x_ty, from_signed(k, width), width),
                x_ty,
                op,
            );
            let res_ty = result_ty(r, op);
            replace_with(
                r,
                op,
                cmp_state(ctx, "arith.cmpi", ipred, x, k, res_ty, loc),
            )
        }
    }
}
