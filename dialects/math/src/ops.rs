//! The ops of the math dialect, each declared once with `define_op!` and
//! MLIR's assembly format (`MathOps.td`); the families MLIR derives from
//! one ODS base class (`Math_FloatUnaryOp`, `Math_IntegerUnaryOp`, ...) are
//! one macro each, and `op_list!` declares the dialect's ops with their
//! family once: the definitions to register, the names, and the family
//! [`eval`] dispatches on.

use crate::semantics;
use strata_dialect_arith::attrs::{flags_constraint, no_fastmath, FASTMATH, FASTMATH_SYNTAX};
use strata_dialect_arith::fold::{decode, encode, scalar_type};
use strata_dialect_arith::i1_same_shape;
use strata_dialect_arith::semantics::Scalar;
use strata_ir::constraints::TypeConstraint;
use strata_ir::fold::FoldOutcome;
use strata_ir::{Attribute, Context, Ir, OpId, Type, TypeData};

/// The families of math ops, for evaluation.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
enum Kind {
    FloatUnary,
    FloatBinary,
    Fma,
    IntUnary,
    IntBinary,
    FPowI,
    Classify,
    SinCos,
    ClampF,
}

fn scalar_like(ctx: &Context, ty: Type, elem: fn(&Context, Type) -> bool) -> bool {
    match ctx.type_data(ty) {
        TypeData::Vector { element, .. }
        | TypeData::RankedTensor { element, .. }
        | TypeData::UnrankedTensor { element } => elem(ctx, *element),
        _ => elem(ctx, ty),
    }
}

/// `FloatLike`.
const FLOAT_LIKE: TypeConstraint = TypeConstraint::Predicate(
    |ctx, ty| scalar_like(ctx, ty, |c, t| c.is_float(t)),
    "floating-point-like",
);

/// `SignlessIntegerOrIndexLike`.
const INT_LIKE: TypeConstraint = TypeConstraint::Predicate(
    |ctx, ty| scalar_like(ctx, ty, |c, t| c.is_index(t) || c.is_signless_integer(t)),
    "signless-integer-like",
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

/// `Math_FloatUnaryOp`: `$operand (fastmath<...>)? : type`.
macro_rules! float_unary_op {
    ($($(#[$doc:meta])* $name:ident = $op:literal),* $(,)?) => {$(
        strata_ir::define_op! {
            $(#[$doc])*
            pub struct $name = $op {
                traits: [PURE, ELEMENTWISE, SAME_OPERANDS_AND_RESULT_TYPE],
                operands: [operand: single(FLOAT_LIKE)],
                results: [result: single(FLOAT_LIKE)],
                attributes: [fastmath: defaulted(flags_constraint(&FASTMATH), default = no_fastmath, syntax = FASTMATH_SYNTAX)],
                format: "$operand (`fastmath` `` $fastmath^)? attr-dict `:` type($result)",
                fold: fold,
            }
        }
    )*};
}

/// `Math_FloatBinaryOp`.
macro_rules! float_binary_op {
    ($($(#[$doc:meta])* $name:ident = $op:literal),* $(,)?) => {$(
        strata_ir::define_op! {
            $(#[$doc])*
            pub struct $name = $op {
                traits: [PURE, ELEMENTWISE, SAME_OPERANDS_AND_RESULT_TYPE],
                operands: [lhs: single(FLOAT_LIKE), rhs: single(FLOAT_LIKE)],
                results: [result: single(FLOAT_LIKE)],
                attributes: [fastmath: defaulted(flags_constraint(&FASTMATH), default = no_fastmath, syntax = FASTMATH_SYNTAX)],
                format: "$lhs `,` $rhs (`fastmath` `` $fastmath^)? attr-dict `:` type($result)",
                fold: fold,
            }
        }
    )*};
}

/// `Math_IntegerUnaryOp`.
macro_rules! int_unary_op {
    ($($(#[$doc:meta])* $name:ident = $op:literal),* $(,)?) => {$(
        strata_ir::define_op! {
            $(#[$doc])*
            pub struct $name = $op {
                traits: [PURE, ELEMENTWISE, SAME_OPERANDS_AND_RESULT_TYPE],
                operands: [operand: single(INT_LIKE)],
                results: [result: single(INT_LIKE)],
                format: "$operand attr-dict `:` type($result)",
                fold: fold,
            }
        }
    )*};
}

/// `Math_FloatClassificationOp`: an `i1` of the operand's shape.
macro_rules! classify_op {
    ($($(#[$doc:meta])* $name:ident = $op:literal),* $(,)?) => {$(
        strata_ir::define_op! {
            $(#[$doc])*
            pub struct $name = $op {
                traits: [PURE, ELEMENTWISE],
                operands: [operand: single(FLOAT_LIKE)],
                results: [result: single(BOOL_LIKE)],
                attributes: [fastmath: defaulted(flags_constraint(&FASTMATH), default = no_fastmath, syntax = FASTMATH_SYNTAX)],
                format: "$operand (`fastmath` `` $fastmath^)? attr-dict `:` type($operand)",
                infer_result_types: |ctx, types, _| Ok(vec![i1_same_shape(ctx, types[0])]),
                fold: fold,
            }
        }
    )*};
}

float_unary_op!(
    /// `|x|`.
    AbsFOp = "math.absf",
    /// Arc cosine.
    AcosOp = "math.acos",
    /// Inverse hyperbolic cosine.
    AcoshOp = "math.acosh",
    /// Arc sine.
    AsinOp = "math.asin",
    /// Inverse hyperbolic sine.
    AsinhOp = "math.asinh",
    /// Arc tangent.
    AtanOp = "math.atan",
    /// Inverse hyperbolic tangent.
    AtanhOp = "math.atanh",
    /// Cube root.
    CbrtOp = "math.cbrt",
    /// Rounds up to an integer.
    CeilOp = "math.ceil",
    /// Cosine.
    CosOp = "math.cos",
    /// Hyperbolic cosine.
    CoshOp = "math.cosh",
    /// The error function.
    ErfOp = "math.erf",
    /// The complementary error function.
    ErfcOp = "math.erfc",
    /// `e^x`.
    ExpOp = "math.exp",
    /// `2^x`.
    Exp2Op = "math.exp2",
    /// `e^x - 1`.
    ExpM1Op = "math.expm1",
    /// Rounds down to an integer.
    FloorOp = "math.floor",
    /// Natural logarithm.
    LogOp = "math.log",
    /// Base-10 logarithm.
    Log10Op = "math.log10",
    /// `ln(1 + x)`.
    Log1pOp = "math.log1p",
    /// Base-2 logarithm.
    Log2Op = "math.log2",
    /// Rounds to the nearest integer, halves away from zero.
    RoundOp = "math.round",
    /// Rounds to the nearest integer, halves to even.
    RoundEvenOp = "math.roundeven",
    /// `1 / sqrt(x)`.
    RsqrtOp = "math.rsqrt",
    /// Sine.
    SinOp = "math.sin",
    /// Hyperbolic sine.
    SinhOp = "math.sinh",
    /// Square root.
    SqrtOp = "math.sqrt",
    /// Tangent.
    TanOp = "math.tan",
    /// Hyperbolic tangent.
    TanhOp = "math.tanh",
    /// Rounds toward zero.
    TruncOp = "math.trunc",
);

float_binary_op!(
    /// Arc tangent of `lhs / rhs`, in the quadrant of (rhs, lhs).
    Atan2Op = "math.atan2",
    /// `lhs` with the sign of `rhs`.
    CopySignOp = "math.copysign",
    /// `lhs^rhs`.
    PowFOp = "math.powf",
);

strata_ir::define_op! {
    /// `a * b + c`, rounded once.
    pub struct FmaOp = "math.fma" {
        traits: [PURE, ELEMENTWISE, SAME_OPERANDS_AND_RESULT_TYPE],
        operands: [a: single(FLOAT_LIKE), b: single(FLOAT_LIKE), c: single(FLOAT_LIKE)],
        results: [result: single(FLOAT_LIKE)],
        attributes: [fastmath: defaulted(flags_constraint(&FASTMATH), default = no_fastmath, syntax = FASTMATH_SYNTAX)],
        format: "$a `,` $b `,` $c (`fastmath` `` $fastmath^)? attr-dict `:` type($result)",
        fold: fold,
    }
}

int_unary_op!(
    /// `|x|` of a signed integer.
    AbsIOp = "math.absi",
    /// Leading zero bits.
    CountLeadingZerosOp = "math.ctlz",
    /// Trailing zero bits.
    CountTrailingZerosOp = "math.cttz",
    /// Set bits.
    CtPopOp = "math.ctpop",
);

strata_ir::define_op! {
    /// Integer power.
    pub struct IPowIOp = "math.ipowi" {
        traits: [PURE, ELEMENTWISE, SAME_OPERANDS_AND_RESULT_TYPE],
        operands: [lhs: single(INT_LIKE), rhs: single(INT_LIKE)],
        results: [result: single(INT_LIKE)],
        format: "$lhs `,` $rhs attr-dict `:` type($result)",
        fold: fold,
    }
}

strata_ir::define_op! {
    /// A float to an integer power.
    pub struct FPowIOp = "math.fpowi" {
        traits: [PURE, ELEMENTWISE],
        operands: [lhs: single(FLOAT_LIKE), rhs: single(INT_LIKE)],
        results: [result: single(FLOAT_LIKE)],
        attributes: [fastmath: defaulted(flags_constraint(&FASTMATH), default = no_fastmath, syntax = FASTMATH_SYNTAX)],
        types_match: [[lhs, result]],
        format: "$lhs `,` $rhs (`fastmath` `` $fastmath^)? attr-dict `:` type($lhs) `,` type($rhs)",
        fold: fold,
    }
}

classify_op!(
    /// Whether the value is a NaN.
    IsNaNOp = "math.isnan",
    /// Whether the value is an infinity.
    IsInfOp = "math.isinf",
    /// Whether the value is neither infinite nor NaN.
    IsFiniteOp = "math.isfinite",
    /// Whether the value is normal (not zero, subnormal, infinite or NaN).
    IsNormalOp = "math.isnormal",
);

strata_ir::define_op! {
    /// Sine and cosine of one value.
    pub struct SinCosOp = "math.sincos" {
        traits: [PURE, ELEMENTWISE, SAME_OPERANDS_AND_RESULT_TYPE],
        operands: [operand: single(FLOAT_LIKE)],
        results: [sin: single(FLOAT_LIKE), cos: single(FLOAT_LIKE)],
        attributes: [fastmath: defaulted(flags_constraint(&FASTMATH), default = no_fastmath, syntax = FASTMATH_SYNTAX)],
        format: "$operand (`fastmath` `` $fastmath^)? attr-dict `:` type($operand)",
        fold: fold,
        result_names: ["sin", "cos"],
    }
}

strata_ir::define_op! {
    /// `value` clamped to `[min, max]`.
    pub struct ClampFOp = "math.clampf" {
        traits: [PURE, ELEMENTWISE, SAME_OPERANDS_AND_RESULT_TYPE],
        operands: [value: single(FLOAT_LIKE), min: single(FLOAT_LIKE), max: single(FLOAT_LIKE)],
        results: [result: single(FLOAT_LIKE)],
        attributes: [fastmath: defaulted(flags_constraint(&FASTMATH), default = no_fastmath, syntax = FASTMATH_SYNTAX)],
        format: "$value `to` ` ` `[` $min `,` $max `]` (`fastmath` `` $fastmath^)? attr-dict `:` type($result)",
        fold: fold,
    }
}

/// Declares the dialect's ops by family, once: their definitions, their
/// names, and the family of each name.
macro_rules! op_list {
    ($($kind:ident: [$($op:ident),* $(,)?]),* $(,)?) => {
        /// Every math op's definition.
        pub(crate) fn definitions() -> Vec<strata_ir::OpDefinition> {
            vec![$($($op::definition()),*),*]
        }

        /// The names of every math op.
        pub const OP_NAMES: &[&str] = &[$($($op::NAME),*),*];

        fn kind_of(name: &str) -> Option<Kind> {
            $($(if name == $op::NAME {
                return Some(Kind::$kind);
            })*)*
            None
        }
    };
}

op_list!(
    FloatUnary: [
        AbsFOp, AcosOp, AcoshOp, AsinOp, AsinhOp, AtanOp, AtanhOp, CbrtOp, CeilOp, CosOp, CoshOp,
        ErfOp, ErfcOp, ExpOp, Exp2Op, ExpM1Op, FloorOp, LogOp, Log10Op, Log1pOp, Log2Op, RoundOp,
        RoundEvenOp, RsqrtOp, SinOp, SinhOp, SqrtOp, TanOp, TanhOp, TruncOp,
    ],
    FloatBinary: [Atan2Op, CopySignOp, PowFOp],
    Fma: [FmaOp],
    IntUnary: [AbsIOp, CountLeadingZerosOp, CountTrailingZerosOp, CtPopOp],
    IntBinary: [IPowIOp],
    FPowI: [FPowIOp],
    Classify: [IsNaNOp, IsInfOp, IsFiniteOp, IsNormalOp],
    SinCos: [SinCosOp],
    ClampF: [ClampFOp],
);

/// Evaluates one element of `name`; `None` when undefined or unsupported.
pub fn eval(name: &str, args: &[Scalar]) -> Option<Scalar> {
    let kind = kind_of(name)?;
    Some(match (kind, args) {
        (Kind::FloatUnary, [Scalar::Float(x, k)]) => {
            Scalar::Float(semantics::float_unary(name, *x, *k)?, *k)
        }
        (Kind::FloatBinary, [Scalar::Float(a, k), Scalar::Float(b, _)]) => {
            Scalar::Float(semantics::float_binary(name, *a, *b, *k)?, *k)
        }
        (Kind::Fma, [Scalar::Float(a, k), Scalar::Float(b, _), Scalar::Float(c, _)]) => {
            Scalar::Float(semantics::fma(*a, *b, *c, *k), *k)
        }
        (Kind::IntUnary, [Scalar::Int(v, w)]) => {
            Scalar::Int(semantics::int_unary(name, *v, *w)?, *w)
        }
        (Kind::IntBinary, [Scalar::Int(a, w), Scalar::Int(b, _)]) => {
            Scalar::Int(semantics::ipowi(*a, *b, *w)?, *w)
        }
        (Kind::FPowI, [Scalar::Float(a, k), Scalar::Int(e, w)]) => Scalar::Float(
            semantics::fpowi(*a, strata_dialect_arith::semantics::sext(*e, *w), *k),
            *k,
        ),
        (Kind::Classify, [Scalar::Float(x, k)]) => {
            Scalar::Int(semantics::classify(name, *x, *k)? as u128, 1)
        }
        _ => return None,
    })
}

/// One element as MLIR's folders compute it: `f32` unary/binary float ops
/// in single precision with the C library, everything else as [`eval`].
fn fold_eval(name: &str, args: &[Scalar]) -> Option<Scalar> {
    use strata_ir::FloatKind::F32;
    match (kind_of(name)?, args) {
        (Kind::FloatUnary, [Scalar::Float(x, F32)]) => Some(Scalar::Float(
            f64::from(semantics::float_unary_f32(name, *x as f32)?),
            F32,
        )),
        (Kind::FloatBinary, [Scalar::Float(a, F32), Scalar::Float(b, _)]) => Some(Scalar::Float(
            f64::from(semantics::float_binary_f32(name, *a as f32, *b as f32)?),
            F32,
        )),
        _ => eval(name, args),
    }
}

/// Whether MLIR 22's folder of `name` folds these constant operands
/// (`MathOps.cpp`): `cbrt`, `rsqrt`, `fma` and `fpowi` have no folder;
/// `absf`, `ceil`, `floor`, `roundeven` and `copysign` fold through
/// `APFloat` in every format, the others only call the C library on
/// `f32`/`f64`; `log`, `log2`, `log10` and `sqrt` of a negative operand
/// (sign bit set) and `log1p` of one below -1 are left alone.
fn mlir_folds(name: &str, args: &[Scalar]) -> bool {
    let Some(Scalar::Float(x, k)) = args.first() else {
        return !matches!(name, "math.fpowi");
    };
    match name {
        "math.cbrt" | "math.rsqrt" | "math.fma" | "math.fpowi" => false,
        "math.absf" | "math.ceil" | "math.floor" | "math.roundeven" | "math.copysign" => true,
        "math.isnan" | "math.isinf" | "math.isfinite" | "math.isnormal" => true,
        _ if !matches!(k, strata_ir::FloatKind::F32 | strata_ir::FloatKind::F64) => false,
        "math.log" | "math.log2" | "math.log10" | "math.sqrt" => !x.is_sign_negative(),
        "math.log1p" => !(x + 1.0).is_sign_negative() || x.is_nan(),
        _ => true,
    }
}

fn fold(ctx: &Context, ir: &mut Ir, op: OpId, operands: &[Option<Attribute>]) -> FoldOutcome {
    let name = ctx.op_name_str(ir.op_name(op));
    let consts: Option<Vec<_>> = operands
        .iter()
        .map(|a| a.and_then(|a| decode(ctx, a)))
        .collect();
    let Some(consts) = consts else {
        return FoldOutcome::Failed;
    };
    let ty = ir.value_type(ir.result(op, 0));
    if scalar_type(ctx, ctx.element_type_or_self(ty)).is_none() {
        return FoldOutcome::Failed;
    }
    let len = consts
        .iter()
        .map(|c| if c.splat { 1 } else { c.elems.len() })
        .max()
        .unwrap_or(1);
    let mut out = Vec::with_capacity(len);
    for i in 0..len {
        let args: Vec<Scalar> = consts
            .iter()
            .map(|c| if c.splat { c.elems[0] } else { c.elems[i] })
            .collect();
        if !mlir_folds(name, &args) {
            return FoldOutcome::Failed;
        }
        match fold_eval(name, &args) {
            Some(r) => out.push(r),
            None => return FoldOutcome::Failed,
        }
    }
    let folded = if len == 1 {
        strata_dialect_arith::fold::encode_splat(ctx, ty, out[0])
    } else {
        encode(ctx, ty, &out)
    };
    match folded {
        Some(a) => FoldOutcome::attribute(a),
        None => FoldOutcome::Failed,
    }
}
