//! Canonicalization patterns of the arith ops: MLIR 22's
//! `ArithCanonicalization.td` (DRR) and the C++ patterns of `ArithOps.cpp`
//! (`SelectToExtUI`, `CmpFIntToFPConst`), each with MLIR's benefit and in
//! MLIR's insertion order, so that the greedy driver picks the same pattern
//! mlir-opt picks and the output is mlir-opt's.
//!
//! One table lists every pattern with its root op; the families live in
//! their own files: integer reassociation and the extended ops ([`int`]),
//! bitwise ops of extensions ([`bitwise`]), `select` ([`select`]), cast
//! chains ([`casts`]), comparisons ([`cmp`]) and float negations
//! ([`float`]). The folds (`fold.rs`) run before any pattern.
//!
//! A DRR benefit is the number of ops its source pattern matches; C++
//! patterns have benefit 1. Constants are matched as MLIR's
//! `ConstantLikeMatcher` does: `APIntAttr` only matches a scalar integer,
//! `getIntOrSplatIntValue` also a splat.

mod bitwise;
mod casts;
mod cmp;
mod float;
mod int;
mod select;

use crate::build::constant_state;
use crate::fold::decode;
use crate::semantics::{mask, sext, Scalar};
use strata_ir::fold::constant_of_value;
use strata_ir::rewrite::{PatternRewriter, RewritePatternSet, RewriteResult, TypedOp};
use strata_ir::{Attribute, Context, OpId, OperationState, Type, Value};

/// A pattern: its root op, name, benefit and rewrite.
struct Pattern {
    root: &'static str,
    name: &'static str,
    benefit: u16,
    apply: fn(OpId, &mut PatternRewriter) -> RewriteResult,
}

const fn pat(
    root: &'static str,
    name: &'static str,
    benefit: u16,
    apply: fn(OpId, &mut PatternRewriter) -> RewriteResult,
) -> Pattern {
    Pattern {
        root,
        name,
        benefit,
        apply,
    }
}

/// Every pattern, in the order MLIR's `getCanonicalizationPatterns` add them.
const PATTERNS: &[Pattern] = &[
    pat("arith.addi", "AddIAddConstant", 2, int::addi_add_constant),
    pat(
        "arith.addi",
        "AddISubConstantRHS",
        2,
        int::addi_sub_constant_rhs,
    ),
    pat(
        "arith.addi",
        "AddISubConstantLHS",
        2,
        int::addi_sub_constant_lhs,
    ),
    pat(
        "arith.addi",
        "AddIMulNegativeOneRhs",
        2,
        int::addi_mul_neg_one_rhs,
    ),
    pat(
        "arith.addi",
        "AddIMulNegativeOneLhs",
        2,
        int::addi_mul_neg_one_lhs,
    ),
    pat(
        "arith.addui_extended",
        "AddUIExtendedToAddI",
        1,
        int::extended_to_plain,
    ),
    pat(
        "arith.subi",
        "SubIRHSAddConstant",
        2,
        int::subi_rhs_add_constant,
    ),
    pat(
        "arith.subi",
        "SubILHSAddConstant",
        2,
        int::subi_lhs_add_constant,
    ),
    pat(
        "arith.subi",
        "SubIRHSSubConstantRHS",
        2,
        int::subi_rhs_sub_constant_rhs,
    ),
    pat(
        "arith.subi",
        "SubIRHSSubConstantLHS",
        2,
        int::subi_rhs_sub_constant_lhs,
    ),
    pat(
        "arith.subi",
        "SubILHSSubConstantRHS",
        2,
        int::subi_lhs_sub_constant_rhs,
    ),
    pat(
        "arith.subi",
        "SubILHSSubConstantLHS",
        2,
        int::subi_lhs_sub_constant_lhs,
    ),
    pat(
        "arith.subi",
        "SubISubILHSRHSLHS",
        2,
        int::subi_subi_lhs_rhs_lhs,
    ),
    pat("arith.muli", "MulIMulIConstant", 2, int::muli_muli_constant),
    pat(
        "arith.mulsi_extended",
        "MulSIExtendedToMulI",
        1,
        int::extended_to_plain,
    ),
    pat(
        "arith.mulsi_extended",
        "MulSIExtendedRHSOne",
        1,
        int::mulsi_extended_rhs_one,
    ),
    pat(
        "arith.mului_extended",
        "MulUIExtendedToMulI",
        1,
        int::extended_to_plain,
    ),
    pat("arith.xori", "XOrINotCmpI", 2, bitwise::xori_not_cmpi),
    pat(
        "arith.xori",
        "XOrIOfExtUI+XOrIOfExtSI",
        3,
        bitwise::logic_of_ext,
    ),
    pat(
        "arith.andi",
        "AndOfExtUI+AndOfExtSI",
        3,
        bitwise::logic_of_ext,
    ),
    pat("arith.ori", "OrOfExtUI+OrOfExtSI", 3, bitwise::logic_of_ext),
    pat("arith.cmpi", "CmpIExtSI+CmpIExtUI", 3, cmp::cmpi_of_ext),
    pat(
        "arith.cmpf",
        "CmpFIntToFPConst",
        1,
        cmp::cmpf_int_to_fp_const,
    ),
    pat(
        "arith.select",
        "RedundantSelectFalse",
        2,
        select::redundant_false,
    ),
    pat(
        "arith.select",
        "RedundantSelectTrue",
        2,
        select::redundant_true,
    ),
    pat("arith.select", "SelectNotCond", 2, select::not_cond),
    pat("arith.select", "SelectI1ToNot", 1, select::i1_to_not),
    pat("arith.select", "SelectToExtUI", 1, select::to_extui),
    pat(
        "arith.index_cast",
        "IndexCastOfExtSI",
        2,
        casts::index_cast_of_ext,
    ),
    pat(
        "arith.index_castui",
        "IndexCastUIOfExtUI",
        2,
        casts::index_cast_of_ext,
    ),
    pat(
        "arith.bitcast",
        "BitcastOfBitcast",
        2,
        casts::bitcast_of_bitcast,
    ),
    pat("arith.extsi", "ExtSIOfExtUI", 2, casts::extsi_of_extui),
    pat(
        "arith.trunci",
        "TruncIExtSIToExtSI+TruncIExtUIToExtUI",
        2,
        casts::trunci_of_ext,
    ),
    pat(
        "arith.trunci",
        "TruncIShrSIToTrunciShrUI",
        2,
        casts::trunci_of_shrsi,
    ),
    pat(
        "arith.truncf",
        "TruncFSIToFPToSIToFP+TruncFUIToFPToUIToFP",
        2,
        casts::truncf_of_itofp,
    ),
    pat("arith.mulf", "MulFOfNegF", 3, float::of_negf),
    pat("arith.divf", "DivFOfNegF", 3, float::of_negf),
];

/// Adds the patterns rooted on `Op`, in table order: an op's
/// `canonicalize:` hook.
pub(crate) fn patterns<Op: TypedOp>(ctx: &Context, set: &mut RewritePatternSet) {
    let root = ctx.op_name(Op::NAME);
    for p in PATTERNS.iter().filter(|p| p.root == Op::NAME) {
        set.add_fn(Some(root), p.benefit, p.name, p.apply);
    }
}

// ---------------------------------------------------------------------------
// Matching helpers shared by the pattern files.
// ---------------------------------------------------------------------------

/// The name of `op`.
fn name_of<'c>(r: &PatternRewriter<'c>, op: OpId) -> &'c str {
    r.ctx().op_name_str(r.ir().op_name(op))
}

/// The op defining `v` when it is named `name`.
fn def(r: &PatternRewriter, v: Value, name: &str) -> Option<OpId> {
    r.ir().defining_op(v).filter(|&d| name_of(r, d) == name)
}

fn operand(r: &PatternRewriter, op: OpId, i: usize) -> Value {
    r.ir().operand(op, i)
}

fn ty(r: &PatternRewriter, v: Value) -> Type {
    r.ir().value_type(v)
}

fn result_ty(r: &PatternRewriter, op: OpId) -> Type {
    r.ir().value_type(r.ir().result(op, 0))
}

/// The constant attribute of `v` when it has `v`'s type.
fn constant_attr(r: &PatternRewriter, v: Value) -> Option<Attribute> {
    let attr = constant_of_value(r.ctx(), r.ir(), v)?;
    (crate::ops::typed_attr_type(r.ctx(), attr) == Some(ty(r, v))).then_some(attr)
}

/// A scalar integer constant (`ConstantLikeMatcher APIntAttr`): bits, width.
fn scalar_int(r: &PatternRewriter, v: Value) -> Option<(u128, u32)> {
    let attr = constant_attr(r, v)?;
    if r.ctx().element_type(ty(r, v)).is_some() {
        return None;
    }
    match decode(r.ctx(), attr)?.elems[0] {
        Scalar::Int(b, w) => Some((b, w)),
        Scalar::Float(..) => None,
    }
}

/// A scalar or splat integer constant (`getIntOrSplatIntValue`).
fn int_or_splat(r: &PatternRewriter, v: Value) -> Option<(u128, u32)> {
    let e = decode(r.ctx(), constant_attr(r, v)?)?;
    match e.elems[0] {
        Scalar::Int(b, w) if e.splat => Some((b, w)),
        _ => None,
    }
}

/// The scalar integer attribute of type `ty` with bits `v`.
fn int_attr(ctx: &Context, ty: Type, v: u128, width: u32) -> Attribute {
    ctx.integer_attr(ty, sext(mask(v, width), width))
}

/// Creates an `arith.constant` at the insertion point.
fn constant(r: &mut PatternRewriter, value: Attribute, ty: Type, op: OpId) -> Value {
    let loc = r.ir().op_loc(op);
    let state = constant_state(r.ctx(), value, ty, loc);
    create(r, state)
}

/// Creates `state` at the insertion point; returns its first result.
fn create(r: &mut PatternRewriter, state: OperationState) -> Value {
    let new = r.create_op(state);
    r.ir().result(new, 0)
}

/// Replaces `op` by the op built from `state`, created before `op`.
fn replace_with(r: &mut PatternRewriter, op: OpId, state: OperationState) -> RewriteResult {
    r.set_insertion_point_before(op);
    let v = create(r, state);
    r.replace_op(op, &[v]);
    Ok(())
}
