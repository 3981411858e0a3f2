//! The ops of the arith dialect, each declared once with `define_op!`: its
//! operands, results and properties with their constraints, its traits, its
//! assembly format (MLIR's, from `ArithOps.td`) and the code attached to it
//! (verifier, folder, canonicalization patterns). Families of ops that MLIR
//! derives from one ODS base class (`Arith_IntBinaryOpWithOverflowFlags`,
//! `Arith_FloatBinaryOp`, ...) are declared through one small macro each,
//! so an op is one line naming what sets it apart.
//!
//! Default-valued properties (`overflowFlags`, the binary ops' `fastmath`)
//! are always stored, as MLIR does, so the generic form shows
//! `<{overflowFlags = #arith.overflow<none>}>`; the custom form prints a
//! flag group only when it is not the default. `arith.constant` and
//! `arith.select` have hand-written syntax, as in MLIR.

use crate::attrs::{
    flags_constraint, no_fastmath, no_overflow, CMPF_PREDICATE_SYNTAX, CMPI_PREDICATE_SYNTAX,
    FASTMATH, FASTMATH_SYNTAX, OVERFLOW, OVERFLOW_SYNTAX, ROUNDING_MODE_SYNTAX,
};
use crate::canonicalize::patterns;
use crate::fold;
use crate::semantics::{CMPF_PREDICATES, CMPI_PREDICATES};
use strata_ir::asm::lexer::TokenKind;
use strata_ir::asm::parser::OpParser;
use strata_ir::asm::printer::{type_to_string, OpPrinter};
use strata_ir::constraints::{AttrConstraint, TypeConstraint};
use strata_ir::diagnostics::DiagResult;
use strata_ir::interfaces::{ConditionallySpeculatable, Speculatability, SpeculatableIf};
use strata_ir::verifier::{cast_incompatible, emit_op_error};
use strata_ir::{AttrData, Attribute, Context, Ir, OpId, Signedness, Type, TypeData};

// ---------------------------------------------------------------------------
// Type constraints, with MLIR's descriptions
// ---------------------------------------------------------------------------

fn scalar_like(ctx: &Context, ty: Type, elem: fn(&Context, Type) -> bool) -> bool {
    match ctx.type_data(ty) {
        TypeData::Vector { element, .. }
        | TypeData::RankedTensor { element, .. }
        | TypeData::UnrankedTensor { element } => elem(ctx, *element),
        _ => elem(ctx, ty),
    }
}

fn is_int_or_index(ctx: &Context, ty: Type) -> bool {
    ctx.is_index(ty) || ctx.is_signless_integer(ty)
}

fn memref_of(ctx: &Context, ty: Type, elem: fn(&Context, Type) -> bool) -> bool {
    matches!(ctx.type_data(ty), TypeData::MemRef { element, .. } | TypeData::UnrankedMemRef { element, .. } if elem(ctx, *element))
}

fn int_or_float(ctx: &Context, ty: Type) -> bool {
    ctx.is_signless_integer(ty) || ctx.is_float(ty)
}

/// `SignlessIntegerOrIndexLike`.
const INT_LIKE: TypeConstraint = TypeConstraint::Predicate(
    |ctx, ty| scalar_like(ctx, ty, is_int_or_index),
    "signless-integer-like",
);

/// `SignlessFixedWidthIntegerLike`.
const FIXED_INT_LIKE: TypeConstraint = TypeConstraint::Predicate(
    |ctx, ty| scalar_like(ctx, ty, |c, t| c.is_signless_integer(t)),
    "signless-fixed-width-integer-like",
);

/// `FloatLike`.
const FLOAT_LIKE: TypeConstraint = TypeConstraint::Predicate(
    |ctx, ty| scalar_like(ctx, ty, |c, t| c.is_float(t)),
    "floating-point-like",
);

/// `BoolLike`.
const BOOL_LIKE: TypeConstraint = TypeConstraint::Predicate(
    |ctx, ty| {
        scalar_like(ctx, ty, |c, t| {
            c.is_signless_integer(t) && c.integer_width(t) == Some(1)
        })
    },
    "bool-like",
);

/// `IndexCastTypeConstraint`.
const INDEX_CAST_LIKE: TypeConstraint = TypeConstraint::Predicate(
    |ctx, ty| scalar_like(ctx, ty, is_int_or_index) || memref_of(ctx, ty, is_int_or_index),
    "signless-integer-like or memref of signless-integer",
);

/// `BitcastTypeConstraint`.
const BITCAST_LIKE: TypeConstraint = TypeConstraint::Predicate(
    |ctx, ty| scalar_like(ctx, ty, int_or_float) || memref_of(ctx, ty, int_or_float),
    "signless-integer-or-float-like or memref of signless-integer or float",
);

// ---------------------------------------------------------------------------
// Op families (MLIR's ODS base classes)
// ---------------------------------------------------------------------------

/// `Arith_IntBinaryOp` and its flag-carrying variants: `flags: none`,
/// `flags: overflow` (`overflow<nsw, nuw>`) or `flags: exact`.
macro_rules! int_binary_op {
    ($(#[$doc:meta])* $name:ident = $op:literal, [$($tr:ident),*], flags: none $(, canonicalize: $canon:expr)? $(, speculatable_if: $spec:expr)?) => {
        strata_ir::define_op! {
            $(#[$doc])*
            pub struct $name = $op {
                traits: [PURE, SAME_OPERANDS_AND_RESULT_TYPE, ELEMENTWISE $(, $tr)*],
                operands: [lhs: single(INT_LIKE), rhs: single(INT_LIKE)],
                results: [result: single(INT_LIKE)],
                format: "$lhs `,` $rhs attr-dict `:` type($result)",
                fold: fold::fold_int_binary,
                $(canonicalize: $canon,)?
                $(interfaces: [dyn ConditionallySpeculatable => SpeculatableIf($spec)],)?
            }
        }
    };
    ($(#[$doc:meta])* $name:ident = $op:literal, [$($tr:ident),*], flags: overflow $(, canonicalize: $canon:expr)? $(, speculatable_if: $spec:expr)?) => {
        strata_ir::define_op! {
            $(#[$doc])*
            pub struct $name = $op {
                traits: [PURE, SAME_OPERANDS_AND_RESULT_TYPE, ELEMENTWISE $(, $tr)*],
                operands: [lhs: single(INT_LIKE), rhs: single(INT_LIKE)],
                results: [result: single(INT_LIKE)],
                attributes: [overflowFlags: defaulted(flags_constraint(&OVERFLOW), default = no_overflow, syntax = OVERFLOW_SYNTAX)],
                format: "$lhs `,` $rhs (`overflow` `` $overflowFlags^)? attr-dict `:` type($result)",
                fold: fold::fold_int_binary,
                $(canonicalize: $canon,)?
                $(interfaces: [dyn ConditionallySpeculatable => SpeculatableIf($spec)],)?
            }
        }
    };
    ($(#[$doc:meta])* $name:ident = $op:literal, [$($tr:ident),*], flags: exact $(, canonicalize: $canon:expr)? $(, speculatable_if: $spec:expr)?) => {
        strata_ir::define_op! {
            $(#[$doc])*
            pub struct $name = $op {
                traits: [PURE, SAME_OPERANDS_AND_RESULT_TYPE, ELEMENTWISE $(, $tr)*],
                operands: [lhs: single(INT_LIKE), rhs: single(INT_LIKE)],
                results: [result: single(INT_LIKE)],
                attributes: [isExact: optional(AttrConstraint::Unit)],
                format: "$lhs `,` $rhs (`exact` $isExact^)? attr-dict `:` type($result)",
                fold: fold::fold_int_binary,
                $(canonicalize: $canon,)?
                $(interfaces: [dyn ConditionallySpeculatable => SpeculatableIf($spec)],)?
            }
        }
    };
}

/// `Arith_FloatBinaryOp`: `fastmath<...>` defaulting to `none`.
macro_rules! float_binary_op {
    ($(#[$doc:meta])* $name:ident = $op:literal, [$($tr:ident),*] $(, canonicalize: $canon:expr)?) => {
        strata_ir::define_op! {
            $(#[$doc])*
            pub struct $name = $op {
                traits: [PURE, SAME_OPERANDS_AND_RESULT_TYPE, ELEMENTWISE $(, $tr)*],
                operands: [lhs: single(FLOAT_LIKE), rhs: single(FLOAT_LIKE)],
                results: [result: single(FLOAT_LIKE)],
                attributes: [fastmath: defaulted(flags_constraint(&FASTMATH), default = no_fastmath, syntax = FASTMATH_SYNTAX)],
                format: "$lhs `,` $rhs (`fastmath` `` $fastmath^)? attr-dict `:` type($result)",
                fold: fold::fold_float_binary,
                $(canonicalize: $canon,)?
            }
        }
    };
}

/// `Arith_CastOp` without flags: `$in attr-dict : type($in) to type($out)`.
macro_rules! cast_op {
    ($(#[$doc:meta])* $name:ident = $op:literal, $from:expr => $to:expr, $rule:expr $(, canonicalize: $canon:expr)?) => {
        strata_ir::define_op! {
            $(#[$doc])*
            pub struct $name = $op {
                traits: [PURE, ELEMENTWISE],
                operands: [r#in: single($from)],
                results: [out: single($to)],
                format: "$in attr-dict `:` type($in) `to` type($out)",
                verify: |ctx, ir, op| verify_cast(ctx, ir, op, $rule),
                fold: fold::fold_cast,
                $(canonicalize: $canon,)?
            }
        }
    };
}

// ---------------------------------------------------------------------------
// The ops
// ---------------------------------------------------------------------------

strata_ir::define_op! {
    /// An integer, float or elements constant.
    pub struct ConstantOp = "arith.constant" {
        summary: "integer or floating point constant",
        traits: [PURE, CONSTANT_LIKE],
        results: [result: single(TypeConstraint::Any)],
        attributes: [value: required(AttrConstraint::Any)],
        types_match: [[value, result]],
        parse: parse_constant,
        print: print_constant,
        verify: verify_constant,
        fold: fold::fold_constant,
        asm_result_names: constant_result_names,
    }
}

int_binary_op!(
    /// Integer addition.
    AddIOp = "arith.addi", [COMMUTATIVE], flags: overflow, canonicalize: patterns::<AddIOp>
);
int_binary_op!(
    /// Integer subtraction.
    SubIOp = "arith.subi", [], flags: overflow, canonicalize: patterns::<SubIOp>
);
int_binary_op!(
    /// Integer multiplication.
    MulIOp = "arith.muli", [COMMUTATIVE], flags: overflow, canonicalize: patterns::<MulIOp>
);
int_binary_op!(
    /// Signed integer division, rounding toward zero.
    DivSIOp = "arith.divsi", [], flags: exact, speculatable_if: signed_division
);
int_binary_op!(
    /// Unsigned integer division.
    DivUIOp = "arith.divui", [], flags: exact, speculatable_if: unsigned_division
);
int_binary_op!(
    /// Signed integer division, rounding toward positive infinity.
    CeilDivSIOp = "arith.ceildivsi", [], flags: none, speculatable_if: signed_division
);
int_binary_op!(
    /// Unsigned integer division, rounding up.
    CeilDivUIOp = "arith.ceildivui", [], flags: none, speculatable_if: unsigned_division
);
int_binary_op!(
    /// Signed integer division, rounding toward negative infinity.
    FloorDivSIOp = "arith.floordivsi", [], flags: none
);
int_binary_op!(
    /// Signed remainder (the sign of the dividend).
    RemSIOp = "arith.remsi", [], flags: none
);
int_binary_op!(
    /// Unsigned remainder.
    RemUIOp = "arith.remui", [], flags: none
);
int_binary_op!(
    /// Bitwise and.
    AndIOp = "arith.andi", [COMMUTATIVE], flags: none, canonicalize: patterns::<AndIOp>
);
int_binary_op!(
    /// Bitwise or.
    OrIOp = "arith.ori", [COMMUTATIVE], flags: none, canonicalize: patterns::<OrIOp>
);
int_binary_op!(
    /// Bitwise exclusive or.
    XOrIOp = "arith.xori", [COMMUTATIVE], flags: none, canonicalize: patterns::<XOrIOp>
);
int_binary_op!(
    /// Shift left.
    ShLIOp = "arith.shli", [], flags: overflow
);
int_binary_op!(
    /// Arithmetic (sign-filling) shift right.
    ShRSIOp = "arith.shrsi", [], flags: exact
);
int_binary_op!(
    /// Logical (zero-filling) shift right.
    ShRUIOp = "arith.shrui", [], flags: exact
);
int_binary_op!(
    /// Signed minimum.
    MinSIOp = "arith.minsi", [COMMUTATIVE], flags: none
);
int_binary_op!(
    /// Signed maximum.
    MaxSIOp = "arith.maxsi", [COMMUTATIVE], flags: none
);
int_binary_op!(
    /// Unsigned minimum.
    MinUIOp = "arith.minui", [COMMUTATIVE], flags: none
);
int_binary_op!(
    /// Unsigned maximum.
    MaxUIOp = "arith.maxui", [COMMUTATIVE], flags: none
);

float_binary_op!(
    /// Floating-point addition.
    AddFOp = "arith.addf", [COMMUTATIVE]
);
float_binary_op!(
    /// Floating-point subtraction.
    SubFOp = "arith.subf", []
);
float_binary_op!(
    /// Floating-point multiplication.
    MulFOp = "arith.mulf", [COMMUTATIVE], canonicalize: patterns::<MulFOp>
);
float_binary_op!(
    /// Floating-point division.
    DivFOp = "arith.divf", [], canonicalize: patterns::<DivFOp>
);
float_binary_op!(
    /// Floating-point remainder (C's `fmod`).
    RemFOp = "arith.remf", []
);
float_binary_op!(
    /// Minimum, propagating NaN (IEEE 754-2019 `minimum`).
    MinimumFOp = "arith.minimumf", [COMMUTATIVE]
);
float_binary_op!(
    /// Maximum, propagating NaN (IEEE 754-2019 `maximum`).
    MaximumFOp = "arith.maximumf", [COMMUTATIVE]
);
float_binary_op!(
    /// Minimum, ignoring a NaN operand (IEEE 754-2019 `minimumNumber`).
    MinNumFOp = "arith.minnumf", [COMMUTATIVE]
);
float_binary_op!(
    /// Maximum, ignoring a NaN operand (IEEE 754-2019 `maximumNumber`).
    MaxNumFOp = "arith.maxnumf", [COMMUTATIVE]
);

strata_ir::define_op! {
    /// Floating-point negation.
    pub struct NegFOp = "arith.negf" {
        traits: [PURE, SAME_OPERANDS_AND_RESULT_TYPE, ELEMENTWISE],
        operands: [operand: single(FLOAT_LIKE)],
        results: [result: single(FLOAT_LIKE)],
        attributes: [fastmath: defaulted(flags_constraint(&FASTMATH), default = no_fastmath, syntax = FASTMATH_SYNTAX)],
        format: "$operand (`fastmath` `` $fastmath^)? attr-dict `:` type($result)",
        fold: fold::fold_negf,
    }
}

strata_ir::define_op! {
    /// Integer comparison; the result is `i1` of the operands' shape.
    pub struct CmpIOp = "arith.cmpi" {
        traits: [PURE, SAME_OPERANDS_TYPE, ELEMENTWISE],
        operands: [lhs: single(INT_LIKE), rhs: single(INT_LIKE)],
        results: [result: single(BOOL_LIKE)],
        attributes: [predicate: required(AttrConstraint::Integer(Some(64)), syntax = CMPI_PREDICATE_SYNTAX)],
        format: "$predicate `,` $lhs `,` $rhs attr-dict `:` type($lhs)",
        verify: |ctx, ir, op| verify_cmp(ctx, ir, op, &CMPI_PREDICATES),
        infer_result_types: |ctx, types, _| Ok(vec![i1_same_shape(ctx, types[0])]),
        fold: fold::fold_cmpi,
        canonicalize: patterns::<CmpIOp>,
    }
}

strata_ir::define_op! {
    /// Floating-point comparison, ordered or unordered.
    pub struct CmpFOp = "arith.cmpf" {
        traits: [PURE, SAME_OPERANDS_TYPE, ELEMENTWISE],
        operands: [lhs: single(FLOAT_LIKE), rhs: single(FLOAT_LIKE)],
        results: [result: single(BOOL_LIKE)],
        attributes: [
            predicate: required(AttrConstraint::Integer(Some(64)), syntax = CMPF_PREDICATE_SYNTAX),
            fastmath: defaulted(flags_constraint(&FASTMATH), default = no_fastmath, syntax = FASTMATH_SYNTAX),
        ],
        format: "$predicate `,` $lhs `,` $rhs (`fastmath` `` $fastmath^)? attr-dict `:` type($lhs)",
        verify: |ctx, ir, op| verify_cmp(ctx, ir, op, &CMPF_PREDICATES),
        infer_result_types: |ctx, types, _| Ok(vec![i1_same_shape(ctx, types[0])]),
        fold: fold::fold_cmpf,
        canonicalize: patterns::<CmpFOp>,
    }
}

strata_ir::define_op! {
    /// `condition ? true_value : false_value`, elementwise for a shaped condition.
    pub struct SelectOp = "arith.select" {
        traits: [PURE, ELEMENTWISE],
        operands: [
            condition: single(BOOL_LIKE),
            true_value: single(TypeConstraint::Any),
            false_value: single(TypeConstraint::Any),
        ],
        results: [result: single(TypeConstraint::Any)],
        parse: parse_select,
        print: print_select,
        verify: verify_select,
        fold: fold::fold_select,
        canonicalize: patterns::<SelectOp>,
    }
}

strata_ir::define_op! {
    /// Unsigned addition with the carry as a second result.
    pub struct AddUIExtendedOp = "arith.addui_extended" {
        traits: [PURE, COMMUTATIVE],
        operands: [lhs: single(INT_LIKE), rhs: single(INT_LIKE)],
        results: [sum: single(INT_LIKE), overflow: single(BOOL_LIKE)],
        types_match: [[lhs, rhs, sum]],
        format: "$lhs `,` $rhs attr-dict `:` type($sum) `,` type($overflow)",
        verify: verify_add_extended,
        fold: fold::fold_extended,
        canonicalize: patterns::<AddUIExtendedOp>,
        result_names: ["sum", "overflow"],
    }
}

strata_ir::define_op! {
    /// Signed multiplication giving the low and high halves of the product.
    pub struct MulSIExtendedOp = "arith.mulsi_extended" {
        traits: [PURE, COMMUTATIVE],
        operands: [lhs: single(INT_LIKE), rhs: single(INT_LIKE)],
        results: [low: single(INT_LIKE), high: single(INT_LIKE)],
        types_match: [[lhs, rhs, low, high]],
        format: "$lhs `,` $rhs attr-dict `:` type($lhs)",
        verify: verify_mul_extended,
        fold: fold::fold_extended,
        canonicalize: patterns::<MulSIExtendedOp>,
        result_names: ["low", "high"],
    }
}

strata_ir::define_op! {
    /// Unsigned multiplication giving the low and high halves of the product.
    pub struct MulUIExtendedOp = "arith.mului_extended" {
        traits: [PURE, COMMUTATIVE],
        operands: [lhs: single(INT_LIKE), rhs: single(INT_LIKE)],
        results: [low: single(INT_LIKE), high: single(INT_LIKE)],
        types_match: [[lhs, rhs, low, high]],
        format: "$lhs `,` $rhs attr-dict `:` type($lhs)",
        verify: verify_mul_extended,
        fold: fold::fold_extended,
        canonicalize: patterns::<MulUIExtendedOp>,
        result_names: ["low", "high"],
    }
}

cast_op!(
    /// Sign extension to a wider integer.
    ExtSIOp = "arith.extsi", FIXED_INT_LIKE => FIXED_INT_LIKE, CastRule::Widens,
    canonicalize: patterns::<ExtSIOp>
);
cast_op!(
    /// Zero extension to a wider integer.
    ExtUIOp = "arith.extui", FIXED_INT_LIKE => FIXED_INT_LIKE, CastRule::Widens
);

strata_ir::define_op! {
    /// Truncation to a narrower integer.
    pub struct TruncIOp = "arith.trunci" {
        traits: [PURE, ELEMENTWISE],
        operands: [r#in: single(FIXED_INT_LIKE)],
        results: [out: single(FIXED_INT_LIKE)],
        attributes: [overflowFlags: defaulted(flags_constraint(&OVERFLOW), default = no_overflow, syntax = OVERFLOW_SYNTAX)],
        format: "$in (`overflow` `` $overflowFlags^)? attr-dict `:` type($in) `to` type($out)",
        verify: |ctx, ir, op| verify_cast(ctx, ir, op, CastRule::Narrows),
        fold: fold::fold_cast,
        canonicalize: patterns::<TruncIOp>,
    }
}

strata_ir::define_op! {
    /// Extension to a wider floating-point type.
    pub struct ExtFOp = "arith.extf" {
        traits: [PURE, ELEMENTWISE],
        operands: [r#in: single(FLOAT_LIKE)],
        results: [out: single(FLOAT_LIKE)],
        attributes: [fastmath: optional(flags_constraint(&FASTMATH), syntax = FASTMATH_SYNTAX)],
        format: "$in (`fastmath` `` $fastmath^)? attr-dict `:` type($in) `to` type($out)",
        verify: |ctx, ir, op| verify_cast(ctx, ir, op, CastRule::Widens),
        fold: fold::fold_cast,
    }
}

strata_ir::define_op! {
    /// Truncation to a narrower floating-point type, with an optional rounding mode.
    pub struct TruncFOp = "arith.truncf" {
        traits: [PURE, ELEMENTWISE],
        operands: [r#in: single(FLOAT_LIKE)],
        results: [out: single(FLOAT_LIKE)],
        attributes: [
            roundingmode: optional(AttrConstraint::Integer(Some(32)), syntax = ROUNDING_MODE_SYNTAX),
            fastmath: optional(flags_constraint(&FASTMATH), syntax = FASTMATH_SYNTAX),
        ],
        format: "$in ($roundingmode^)? (`fastmath` `` $fastmath^)? attr-dict `:` type($in) `to` type($out)",
        verify: |ctx, ir, op| verify_cast(ctx, ir, op, CastRule::Narrows),
        fold: fold::fold_cast,
        canonicalize: patterns::<TruncFOp>,
    }
}

cast_op!(
    /// Signed integer to floating point.
    SIToFPOp = "arith.sitofp", FIXED_INT_LIKE => FLOAT_LIKE, CastRule::Any
);
cast_op!(
    /// Unsigned integer to floating point.
    UIToFPOp = "arith.uitofp", FIXED_INT_LIKE => FLOAT_LIKE, CastRule::Any
);
cast_op!(
    /// Floating point to signed integer, rounding toward zero.
    FPToSIOp = "arith.fptosi", FLOAT_LIKE => FIXED_INT_LIKE, CastRule::Any
);
cast_op!(
    /// Floating point to unsigned integer, rounding toward zero.
    FPToUIOp = "arith.fptoui", FLOAT_LIKE => FIXED_INT_LIKE, CastRule::Any
);
cast_op!(
    /// Between `index` and a signless integer, sign-extending or truncating.
    IndexCastOp = "arith.index_cast", INDEX_CAST_LIKE => INDEX_CAST_LIKE,
    CastRule::IndexToOrFromInteger, canonicalize: patterns::<IndexCastOp>
);
cast_op!(
    /// Between `index` and a signless integer, zero-extending or truncating.
    IndexCastUIOp = "arith.index_castui", INDEX_CAST_LIKE => INDEX_CAST_LIKE,
    CastRule::IndexToOrFromInteger, canonicalize: patterns::<IndexCastUIOp>
);
cast_op!(
    /// Reinterprets the bits as another type of the same width.
    BitcastOp = "arith.bitcast", BITCAST_LIKE => BITCAST_LIKE, CastRule::SameWidth,
    canonicalize: patterns::<BitcastOp>
);

strata_ir::define_op! {
    /// Extension of a float scaled by a power of two (OCP microscaling).
    pub struct ScalingExtFOp = "arith.scaling_extf" {
        traits: [PURE, ELEMENTWISE],
        operands: [r#in: single(FLOAT_LIKE), scale: single(FLOAT_LIKE)],
        results: [out: single(FLOAT_LIKE)],
        attributes: [fastmath: optional(flags_constraint(&FASTMATH), syntax = FASTMATH_SYNTAX)],
        format: "$in `,` $scale (`fastmath` `` $fastmath^)? attr-dict `:` type($in) `,` type($scale) `to` type($out)",
    }
}

strata_ir::define_op! {
    /// Truncation of a float divided by a power of two (OCP microscaling).
    pub struct ScalingTruncFOp = "arith.scaling_truncf" {
        traits: [PURE, ELEMENTWISE],
        operands: [r#in: single(FLOAT_LIKE), scale: single(FLOAT_LIKE)],
        results: [out: single(FLOAT_LIKE)],
        attributes: [
            roundingmode: optional(AttrConstraint::Integer(Some(32)), syntax = ROUNDING_MODE_SYNTAX),
            fastmath: optional(flags_constraint(&FASTMATH), syntax = FASTMATH_SYNTAX),
        ],
        format: "$in `,` $scale ($roundingmode^)? (`fastmath` `` $fastmath^)? attr-dict `:` type($in) `,` type($scale) `to` type($out)",
    }
}

// ---------------------------------------------------------------------------
// Speculation (MLIR's `getSpeculatability` of the division ops)
// ---------------------------------------------------------------------------

/// The divisor's value when it is a constant integer or splat.
fn constant_divisor(ctx: &Context, ir: &Ir, op: OpId) -> Option<(u128, u32)> {
    let attr = strata_ir::fold::constant_of_value(ctx, ir, ir.operand(op, 1))?;
    let elements = fold::decode(ctx, attr)?;
    match elements.elems.as_slice() {
        [crate::semantics::Scalar::Int(bits, width)] if elements.splat => Some((*bits, *width)),
        _ => None,
    }
}

/// `divui`, `ceildivui`: undefined for a zero divisor, so speculatable
/// only by a non-zero constant.
fn unsigned_division(ctx: &Context, ir: &Ir, op: OpId) -> Speculatability {
    match constant_divisor(ctx, ir, op) {
        Some((bits, _)) if bits != 0 => Speculatability::Speculatable,
        _ => Speculatability::NotSpeculatable,
    }
}

/// `divsi`, `ceildivsi`: also undefined for `MIN / -1`, so the constant
/// divisor must be neither zero nor all ones.
fn signed_division(ctx: &Context, ir: &Ir, op: OpId) -> Speculatability {
    match constant_divisor(ctx, ir, op) {
        Some((bits, width)) if bits != 0 && bits != crate::semantics::mask(u128::MAX, width) => {
            Speculatability::Speculatable
        }
        _ => Speculatability::NotSpeculatable,
    }
}

/// Declares the dialect's op list once: the definitions to register and
/// the names.
macro_rules! op_list {
    ($($op:ident),* $(,)?) => {
        /// Every arith op's definition, in MLIR's order.
        pub(crate) fn definitions() -> Vec<strata_ir::OpDefinition> {
            vec![$($op::definition()),*]
        }

        /// The names of every arith op.
        pub const OP_NAMES: &[&str] = &[$($op::NAME),*];
    };
}

op_list!(
    ConstantOp,
    AddIOp,
    SubIOp,
    MulIOp,
    DivSIOp,
    DivUIOp,
    CeilDivSIOp,
    CeilDivUIOp,
    FloorDivSIOp,
    RemSIOp,
    RemUIOp,
    AndIOp,
    OrIOp,
    XOrIOp,
    ShLIOp,
    ShRSIOp,
    ShRUIOp,
    MinSIOp,
    MaxSIOp,
    MinUIOp,
    MaxUIOp,
    AddFOp,
    SubFOp,
    MulFOp,
    DivFOp,
    RemFOp,
    MinimumFOp,
    MaximumFOp,
    MinNumFOp,
    MaxNumFOp,
    NegFOp,
    CmpIOp,
    CmpFOp,
    SelectOp,
    AddUIExtendedOp,
    MulSIExtendedOp,
    MulUIExtendedOp,
    ExtSIOp,
    ExtUIOp,
    TruncIOp,
    ExtFOp,
    TruncFOp,
    SIToFPOp,
    UIToFPOp,
    FPToSIOp,
    FPToUIOp,
    IndexCastOp,
    IndexCastUIOp,
    BitcastOp,
    ScalingExtFOp,
    ScalingTruncFOp,
);

/// Whether `op` is an `arith.constant`.
pub fn is_arith_constant(ctx: &Context, ir: &Ir, op: OpId) -> bool {
    ConstantOp::is(ctx, ir, op)
}

// ---------------------------------------------------------------------------
// Hand-written syntax and verifiers
// ---------------------------------------------------------------------------

/// The type of a typed attribute (integer, float, elements).
pub(crate) fn typed_attr_type(ctx: &Context, attr: Attribute) -> Option<Type> {
    match ctx.attr_data(attr) {
        AttrData::Integer { ty, .. }
        | AttrData::Float { ty, .. }
        | AttrData::DenseElements { ty, .. }
        | AttrData::DenseStringElements { ty, .. } => Some(*ty),
        AttrData::String { ty, .. } => *ty,
        AttrData::Opaque { ty, .. } => *ty,
        _ => None,
    }
}

/// `attr-dict $value`
fn parse_constant(p: &mut OpParser) -> DiagResult<()> {
    p.parse_optional_attr_dict(false)?;
    let attr = p.parse_attribute(None)?;
    let Some(ty) = typed_attr_type(p.ctx(), attr) else {
        return Err(p.error_here("expected a typed attribute for 'arith.constant'"));
    };
    p.add_property("value", attr);
    p.add_result_types(&[ty]);
    Ok(())
}

fn print_constant(p: &mut OpPrinter, op: OpId) {
    p.print_optional_attr_dict(op, &["value"], false);
    let ctx = p.ctx();
    if let Some(v) = p.ir.attr(ctx, op, "value") {
        p.write(" ");
        p.print_attribute(v);
    }
}

/// MLIR's order: the `AllTypesMatch<["value", "result"]>` predicate (part
/// of the op's invariants), then `ConstantOp::verify`.
fn verify_constant(ctx: &Context, ir: &Ir, op: OpId) -> DiagResult<()> {
    let ty = ir.value_type(ir.result(op, 0));
    let value = ir.attr(ctx, op, "value").unwrap();
    if typed_attr_type(ctx, value) != Some(ty) {
        return Err(emit_op_error(
            ctx,
            ir,
            op,
            "failed to verify that all of {value, result} have same type",
        ));
    }
    if let TypeData::Integer { signedness, .. } = ctx.type_data(ty) {
        if *signedness != Signedness::Signless {
            return Err(emit_op_error(
                ctx,
                ir,
                op,
                "integer return type must be signless",
            ));
        }
    }
    if !matches!(
        ctx.attr_data(value),
        AttrData::Integer { .. }
            | AttrData::Float { .. }
            | AttrData::DenseElements { .. }
            | AttrData::DenseStringElements { .. }
    ) {
        return Err(emit_op_error(
            ctx,
            ir,
            op,
            "value must be an integer, float, or elements attribute",
        ));
    }
    let scalable = matches!(ctx.type_data(ty), TypeData::Vector { scalable, .. } if scalable.iter().any(|&s| s));
    let splat = matches!(
        ctx.attr_data(value),
        AttrData::DenseElements { splat: true, .. }
    );
    if scalable && !splat {
        // (sic: MLIR 22's spelling)
        return Err(emit_op_error(
            ctx,
            ir,
            op,
            "intializing scalable vectors with elements attribute is not supported unless it's a vector splat",
        ));
    }
    Ok(())
}

/// MLIR's `ConstantOp::getAsmResultNames`: `%c42_i32`, `%c0` (index),
/// `%true`/`%false`, `%cst` for everything else.
fn constant_result_names(ctx: &Context, ir: &Ir, op: OpId, set: &mut dyn FnMut(usize, &str)) {
    let Some(value) = ir.attr(ctx, op, "value") else {
        return;
    };
    match ctx.attr_data(value) {
        AttrData::Integer { ty, value } => match ctx.type_data(*ty) {
            TypeData::Integer { width: 1, .. } => {
                set(0, if *value != 0 { "true" } else { "false" })
            }
            TypeData::Integer {
                width, signedness, ..
            } => {
                // APInt prints as signed: `%c-1_i32`, `%c255_ui8` shows -1 for ui8.
                let shown = crate::semantics::sext(*value as u128, (*width).min(128));
                let prefix = match signedness {
                    Signedness::Signless => "i",
                    Signedness::Signed => "si",
                    Signedness::Unsigned => "ui",
                };
                set(0, &format!("c{shown}_{prefix}{width}"))
            }
            _ => set(0, &format!("c{value}")),
        },
        _ => set(0, "cst"),
    }
}

/// The shape of a shaped type (`None` for scalars and unranked types), with
/// the scalable flags of a vector.
fn shape_of(ctx: &Context, ty: Type) -> Option<(u8, Vec<i64>, Vec<bool>)> {
    match ctx.type_data(ty) {
        TypeData::Vector {
            shape, scalable, ..
        } => Some((0, shape.to_vec(), scalable.to_vec())),
        TypeData::RankedTensor { shape, .. } => Some((1, shape.to_vec(), Vec::new())),
        TypeData::MemRef { shape, .. } => Some((2, shape.to_vec(), Vec::new())),
        TypeData::UnrankedTensor { .. } => Some((3, Vec::new(), Vec::new())),
        TypeData::UnrankedMemRef { .. } => Some((4, Vec::new(), Vec::new())),
        _ => None,
    }
}

/// Which of `rank` dimensions are scalable (none when `flags` is empty).
fn scalable_dims(flags: &[bool], rank: usize) -> Vec<bool> {
    if flags.is_empty() {
        vec![false; rank]
    } else {
        flags.to_vec()
    }
}

/// The dimensions `SameInputOutputTensorDims` compares: a ranked tensor's
/// shape, nothing for any other type.
fn tensor_dims(ctx: &Context, ty: Type) -> &[i64] {
    match ctx.type_data(ty) {
        TypeData::RankedTensor { shape, .. } => shape,
        _ => &[],
    }
}

/// The encoding of a ranked tensor.
fn encoding(ctx: &Context, ty: Type) -> Option<Option<strata_ir::Attribute>> {
    match ctx.type_data(ty) {
        TypeData::RankedTensor { encoding, .. } => Some(*encoding),
        _ => None,
    }
}

fn elem_width(ctx: &Context, ty: Type) -> Option<u32> {
    let e = ctx.element_type_or_self(ty);
    match ctx.type_data(e) {
        TypeData::Integer { width, .. } => Some(*width),
        TypeData::Float(kind) => Some(kind.width()),
        _ => None,
    }
}

/// The cast ops' checks in MLIR's order: `SameInputOutputTensorDims` (a
/// predicate of the op's invariants), `SameOperandsAndResultShape`
/// (dynamic dimensions compatible, scalable ones must agree), then
/// `CastOpInterface` (encodings, widths, index/integer).
fn verify_cast(ctx: &Context, ir: &Ir, op: OpId, rule: CastRule) -> DiagResult<()> {
    let from = ir.value_type(ir.operand(op, 0));
    let to = ir.value_type(ir.result(op, 0));
    if tensor_dims(ctx, from) != tensor_dims(ctx, to) {
        return Err(emit_op_error(
            ctx,
            ir,
            op,
            "failed to verify that input and output have the same tensor dimensions",
        ));
    }
    let (fs, ts) = (shape_of(ctx, from), shape_of(ctx, to));
    let same_shape = match (&fs, &ts) {
        (None, None) => true,
        (Some((_, a, sa)), Some((_, b, sb))) => {
            a.len() == b.len()
                && a.iter()
                    .zip(b)
                    .all(|(x, y)| x == y || *x == strata_ir::DYNAMIC || *y == strata_ir::DYNAMIC)
                && scalable_dims(sa, a.len()) == scalable_dims(sb, b.len())
        }
        _ => false,
    };
    if !same_shape {
        return Err(emit_op_error(
            ctx,
            ir,
            op,
            "requires the same shape for all operands and results",
        ));
    }
    if let (Some(a), Some(b)) = (encoding(ctx, from), encoding(ctx, to)) {
        if a != b {
            return Err(cast_incompatible(ctx, ir, op, from, to));
        }
    }
    let (fw, tw) = (elem_width(ctx, from), elem_width(ctx, to));
    let wider = |must_be_wider: bool| -> DiagResult<()> {
        let (Some(f), Some(t)) = (fw, tw) else {
            return Ok(());
        };
        let ok = if must_be_wider { t > f } else { t < f };
        if ok {
            return Ok(());
        }
        Err(cast_incompatible(ctx, ir, op, from, to))
    };
    match rule {
        CastRule::Widens => wider(true)?,
        CastRule::Narrows => wider(false)?,
        CastRule::IndexToOrFromInteger => {
            let (fe, te) = (ctx.element_type_or_self(from), ctx.element_type_or_self(to));
            if ctx.is_index(fe) == ctx.is_index(te) {
                return Err(cast_incompatible(ctx, ir, op, from, to));
            }
        }
        CastRule::SameWidth if fw != tw => {
            return Err(cast_incompatible(ctx, ir, op, from, to));
        }
        CastRule::SameWidth | CastRule::Any => {}
    }
    Ok(())
}

/// What `CastOpInterface::areCastCompatible` asks of a cast's element types.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
enum CastRule {
    /// extsi, extui, extf.
    Widens,
    /// trunci, truncf.
    Narrows,
    /// index_cast, index_castui: one side index, the other an integer.
    IndexToOrFromInteger,
    /// bitcast.
    SameWidth,
    /// The integer/float conversions.
    Any,
}

/// `i1` with the shape of `ty` (MLIR's `getI1SameShape`).
pub fn i1_same_shape(ctx: &Context, ty: Type) -> Type {
    let i1 = ctx.signless(1);
    match ctx.type_data(ty) {
        TypeData::Vector {
            shape, scalable, ..
        } => ctx.intern_type(TypeData::Vector {
            shape: shape.clone(),
            scalable: scalable.clone(),
            element: i1,
        }),
        TypeData::RankedTensor {
            shape, encoding, ..
        } => ctx.intern_type(TypeData::RankedTensor {
            shape: shape.clone(),
            element: i1,
            encoding: *encoding,
        }),
        TypeData::UnrankedTensor { .. } => {
            ctx.intern_type(TypeData::UnrankedTensor { element: i1 })
        }
        _ => i1,
    }
}

fn verify_cmp(ctx: &Context, ir: &Ir, op: OpId, predicates: &[&str]) -> DiagResult<()> {
    let lhs = ir.value_type(ir.operand(op, 0));
    let result = ir.value_type(ir.result(op, 0));
    if i1_same_shape(ctx, lhs) != result {
        return Err(emit_op_error(
            ctx,
            ir,
            op,
            "failed to verify that result type has i1 element type and same shape as operands",
        ));
    }
    let pred = ir
        .attr(ctx, op, "predicate")
        .and_then(|a| ctx.integer_value(a))
        .unwrap_or(-1);
    if pred < 0 || pred as usize >= predicates.len() {
        return Err(emit_op_error(
            ctx,
            ir,
            op,
            format!(
                "attribute 'predicate' failed to satisfy constraint: allowed 64-bit signless integer cases: {}",
                (0..predicates.len()).map(|i| i.to_string()).collect::<Vec<_>>().join(", ")
            ),
        ));
    }
    Ok(())
}

/// `$condition , $true_value , $false_value attr-dict : (type($condition) ,)? type($result)`
fn parse_select(p: &mut OpParser) -> DiagResult<()> {
    let c = p.parse_operand()?;
    p.expect(TokenKind::Comma, "','")?;
    let t = p.parse_operand()?;
    p.expect(TokenKind::Comma, "','")?;
    let f = p.parse_operand()?;
    p.parse_optional_attr_dict(false)?;
    let first = p.parse_colon_type()?;
    let (cond, ty) = if p.consume_if(TokenKind::Comma) {
        (first, p.parse_type()?)
    } else {
        (p.ctx().signless(1), first)
    };
    p.add_operands(&[c, t, f], &[cond, ty, ty])?;
    p.add_result_types(&[ty]);
    Ok(())
}

fn print_select(p: &mut OpPrinter, op: OpId) {
    p.write(" ");
    let operands: Vec<_> = p.ir.operands(op).collect();
    p.print_operands(operands.iter().copied());
    p.print_optional_attr_dict(op, &[], false);
    p.write(" : ");
    let cond = p.ir.value_type(operands[0]);
    if p.ctx().is_shaped(cond) {
        p.print_type(cond);
        p.write(", ");
    }
    let ty = p.ir.value_type(p.ir.result(op, 0));
    p.print_type(ty);
}

fn verify_select(ctx: &Context, ir: &Ir, op: OpId) -> DiagResult<()> {
    let types: Vec<Type> = ir.operands(op).skip(1).map(|v| ir.value_type(v)).collect();
    let result = ir.value_type(ir.result(op, 0));
    if types.iter().any(|&t| t != result) {
        return Err(emit_op_error(
            ctx,
            ir,
            op,
            "failed to verify that all of {true_value, false_value, result} have same type",
        ));
    }
    // MLIR's `BooleanConditionOrMatchingShape<"condition", "result">`
    // predicate (shapes only), then `SelectOp::verify` (the whole type).
    let cond = ir.value_type(ir.operand(op, 0));
    if cond == ctx.signless(1) {
        return Ok(());
    }
    let shape = |t: Type| shape_of(ctx, t).map(|(_, s, _)| s);
    if shape(cond).is_none() || shape(cond) != shape(result) {
        return Err(emit_op_error(
            ctx,
            ir,
            op,
            "failed to verify that condition is signless i1 or has matching shape",
        ));
    }
    let shaped = matches!(
        ctx.type_data(result),
        TypeData::Vector { .. } | TypeData::RankedTensor { .. } | TypeData::UnrankedTensor { .. }
    );
    if !shaped {
        return Err(emit_op_error(
            ctx,
            ir,
            op,
            format!(
                "expected condition to be a signless i1, but got {}",
                type_to_string(ctx, cond)
            ),
        ));
    }
    let expected = i1_same_shape(ctx, result);
    if cond != expected {
        return Err(emit_op_error(
            ctx,
            ir,
            op,
            format!(
                "expected condition type to have the same shape as the result type, expected '{}', but got '{}'",
                type_to_string(ctx, expected),
                type_to_string(ctx, cond)
            ),
        ));
    }
    Ok(())
}

/// `addui_extended`: `AllTypesMatch<["lhs", "rhs", "sum"]>`, then `Elementwise`.
fn verify_add_extended(ctx: &Context, ir: &Ir, op: OpId) -> DiagResult<()> {
    let lhs = ir.value_type(ir.operand(op, 0));
    let rhs = ir.value_type(ir.operand(op, 1));
    let sum = ir.value_type(ir.result(op, 0));
    if lhs != rhs || lhs != sum {
        return Err(emit_op_error(
            ctx,
            ir,
            op,
            "failed to verify that all of {lhs, rhs, sum} have same type",
        ));
    }
    verify_elementwise(ctx, ir, op)
}

/// `mulsi_extended`, `mului_extended`: `AllTypesMatch<["lhs", "rhs", "low", "high"]>`,
/// then `Elementwise`.
fn verify_mul_extended(ctx: &Context, ir: &Ir, op: OpId) -> DiagResult<()> {
    let lhs = ir.value_type(ir.operand(op, 0));
    let rhs = ir.value_type(ir.operand(op, 1));
    let first = ir.value_type(ir.result(op, 0));
    let second = ir.value_type(ir.result(op, 1));
    if lhs != rhs || lhs != first || lhs != second {
        return Err(emit_op_error(
            ctx,
            ir,
            op,
            "failed to verify that all of {lhs, rhs, low, high} have same type",
        ));
    }
    verify_elementwise(ctx, ir, op)
}

/// MLIR's `Elementwise` trait (`OpTrait::impl::verifyElementwise`): vector
/// and tensor operands and results all or none, of one kind and shape.
fn verify_elementwise(ctx: &Context, ir: &Ir, op: OpId) -> DiagResult<()> {
    let mappable = |t: &Type| {
        matches!(
            ctx.type_data(*t),
            TypeData::Vector { .. }
                | TypeData::RankedTensor { .. }
                | TypeData::UnrankedTensor { .. }
        )
    };
    let results: Vec<Type> = ir
        .results(op)
        .map(|v| ir.value_type(v))
        .filter(mappable)
        .collect();
    let operands: Vec<Type> = ir
        .operands(op)
        .map(|v| ir.value_type(v))
        .filter(mappable)
        .collect();
    let error = |m: &str| Err(emit_op_error(ctx, ir, op, m));
    if results.is_empty() && operands.is_empty() {
        return Ok(());
    }
    if operands.is_empty() {
        return error("if a result is non-scalar, then at least one operand must be non-scalar");
    }
    if results.is_empty() {
        return error(
            "if an operand is non-scalar, then there must be at least one non-scalar result",
        );
    }
    if results.len() != ir.num_results(op) {
        return error("if an operand is non-scalar, then all results must be non-scalar");
    }
    let all: Vec<Type> = operands.into_iter().chain(results).collect();
    let kind = |t: Type| shape_of(ctx, t).map(|(k, _, _)| k);
    let compatible = all.iter().all(|&t| {
        kind(t) == kind(all[0]) && {
            let (a, b) = (shape_of(ctx, t), shape_of(ctx, all[0]));
            match (a, b) {
                (Some((3, ..)), _) | (_, Some((3, ..))) => true,
                (Some((_, x, sx)), Some((_, y, sy))) => {
                    x.len() == y.len()
                        && x.iter().zip(&y).all(|(p, q)| {
                            p == q || *p == strata_ir::DYNAMIC || *q == strata_ir::DYNAMIC
                        })
                        && scalable_dims(&sx, x.len()) == scalable_dims(&sy, y.len())
                }
                _ => false,
            }
        }
    });
    if !compatible {
        return error("all non-scalar operands/results must have the same shape and base type");
    }
    Ok(())
}
