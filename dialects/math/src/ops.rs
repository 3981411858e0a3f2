//! The ops of the math dialect: a table of names by family, one parser and
//! printer per family, and a folder over constant operands.

use crate::semantics;
use strata_dialect_arith::attrs::FASTMATH;
use strata_dialect_arith::fold::{decode, encode, scalar_type};
use strata_dialect_arith::semantics::Scalar;
use strata_ir::asm::lexer::TokenKind;
use strata_ir::asm::parser::OpParser;
use strata_ir::asm::printer::OpPrinter;
use strata_ir::constraints::{AttrConstraint, TypeConstraint};
use strata_ir::diagnostics::DiagResult;
use strata_ir::fold::FoldOutcome;
use strata_ir::opdef::{Arity, AttrDef, ValueDef};
use strata_ir::{Attribute, Context, Ir, OpDefinition, OpId, OpTraits, Type, TypeData};

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

const OPS: &[(&str, Kind)] = &[
    ("math.absf", Kind::FloatUnary),
    ("math.acos", Kind::FloatUnary),
    ("math.acosh", Kind::FloatUnary),
    ("math.asin", Kind::FloatUnary),
    ("math.asinh", Kind::FloatUnary),
    ("math.atan", Kind::FloatUnary),
    ("math.atanh", Kind::FloatUnary),
    ("math.cbrt", Kind::FloatUnary),
    ("math.ceil", Kind::FloatUnary),
    ("math.cos", Kind::FloatUnary),
    ("math.cosh", Kind::FloatUnary),
    ("math.erf", Kind::FloatUnary),
    ("math.erfc", Kind::FloatUnary),
    ("math.exp", Kind::FloatUnary),
    ("math.exp2", Kind::FloatUnary),
    ("math.expm1", Kind::FloatUnary),
    ("math.floor", Kind::FloatUnary),
    ("math.log", Kind::FloatUnary),
    ("math.log10", Kind::FloatUnary),
    ("math.log1p", Kind::FloatUnary),
    ("math.log2", Kind::FloatUnary),
    ("math.round", Kind::FloatUnary),
    ("math.roundeven", Kind::FloatUnary),
    ("math.rsqrt", Kind::FloatUnary),
    ("math.sin", Kind::FloatUnary),
    ("math.sinh", Kind::FloatUnary),
    ("math.sqrt", Kind::FloatUnary),
    ("math.tan", Kind::FloatUnary),
    ("math.tanh", Kind::FloatUnary),
    ("math.trunc", Kind::FloatUnary),
    ("math.atan2", Kind::FloatBinary),
    ("math.copysign", Kind::FloatBinary),
    ("math.powf", Kind::FloatBinary),
    ("math.fma", Kind::Fma),
    ("math.absi", Kind::IntUnary),
    ("math.ctlz", Kind::IntUnary),
    ("math.cttz", Kind::IntUnary),
    ("math.ctpop", Kind::IntUnary),
    ("math.ipowi", Kind::IntBinary),
    ("math.fpowi", Kind::FPowI),
    ("math.isnan", Kind::Classify),
    ("math.isinf", Kind::Classify),
    ("math.isfinite", Kind::Classify),
    ("math.isnormal", Kind::Classify),
    ("math.sincos", Kind::SinCos),
    ("math.clampf", Kind::ClampF),
];

/// The names of every math op.
pub fn op_names() -> impl Iterator<Item = &'static str> {
    OPS.iter().map(|(n, _)| *n)
}

fn kind_of(name: &str) -> Option<Kind> {
    OPS.iter().find(|(n, _)| *n == name).map(|(_, k)| *k)
}

fn scalar_like(ctx: &Context, ty: Type, elem: fn(&Context, Type) -> bool) -> bool {
    match ctx.type_data(ty) {
        TypeData::Vector { element, .. }
        | TypeData::RankedTensor { element, .. }
        | TypeData::UnrankedTensor { element } => elem(ctx, *element),
        _ => elem(ctx, ty),
    }
}

fn float_like(ctx: &Context, ty: Type) -> bool {
    scalar_like(ctx, ty, |c, t| c.is_float(t))
}

fn int_like(ctx: &Context, ty: Type) -> bool {
    scalar_like(ctx, ty, |c, t| c.is_index(t) || c.is_signless_integer(t))
}

fn bool_like(ctx: &Context, ty: Type) -> bool {
    scalar_like(ctx, ty, |c, t| {
        c.is_signless_integer(t) && c.integer_width(t) == Some(1)
    })
}

fn value(name: &str, c: TypeConstraint) -> ValueDef {
    ValueDef {
        name: name.into(),
        arity: Arity::Single,
        constraint: c,
    }
}

pub(crate) fn definitions() -> Vec<OpDefinition> {
    OPS.iter()
        .map(|&(name, kind)| definition(name, kind))
        .collect()
}

fn definition(name: &str, kind: Kind) -> OpDefinition {
    let mut def = OpDefinition::new(name);
    def.traits = OpTraits::PURE | OpTraits::ELEMENTWISE;
    let float = || TypeConstraint::Predicate(float_like, "floating-point-like");
    let int = || TypeConstraint::Predicate(int_like, "signless-integer-like");
    let (operands, result): (Vec<ValueDef>, TypeConstraint) = match kind {
        Kind::FloatUnary => (vec![value("operand", float())], float()),
        Kind::FloatBinary => (vec![value("lhs", float()), value("rhs", float())], float()),
        Kind::Fma => (
            vec![
                value("a", float()),
                value("b", float()),
                value("c", float()),
            ],
            float(),
        ),
        Kind::IntUnary => (vec![value("operand", int())], int()),
        Kind::IntBinary => (vec![value("lhs", int()), value("rhs", int())], int()),
        Kind::FPowI => (vec![value("lhs", float()), value("rhs", int())], float()),
        Kind::Classify => (
            vec![value("operand", float())],
            TypeConstraint::Predicate(bool_like, "bool-like"),
        ),
        Kind::SinCos => (vec![value("operand", float())], float()),
        Kind::ClampF => (
            vec![
                value("value", float()),
                value("min", float()),
                value("max", float()),
            ],
            float(),
        ),
    };
    def.operands = operands;
    def.results = vec![value("result", result)];
    if kind == Kind::SinCos {
        // `%sin, %cos = math.sincos ...`, as MLIR's getAsmResultNames.
        def.results = vec![value("sin", float()), value("cos", float())];
        def.hooks.result_names = Some(|_, _, _, set| {
            set(0, "sin");
            set(1, "cos");
        });
    }
    if !matches!(kind, Kind::FPowI | Kind::Classify) {
        def.traits = def.traits | OpTraits::SAME_OPERANDS_AND_RESULT_TYPE;
    }
    if !matches!(kind, Kind::IntUnary | Kind::IntBinary) {
        def.attributes.push(AttrDef::optional(
            "fastmath",
            AttrConstraint::DialectAttr {
                dialect: "arith".into(),
                name: "fastmath".into(),
            },
        ));
    }
    def.hooks.parse = Some(parse);
    def.hooks.print = Some(print);
    def.hooks.fold = Some(fold);
    def
}

fn has_fastmath(p: &OpParser) -> bool {
    p.definition.attributes.iter().any(|a| a.name == "fastmath")
}

/// `$operands (fastmath<...>)? attr-dict : type` (`: type, type` for fpowi).
fn parse(p: &mut OpParser) -> DiagResult<()> {
    let ctx = p.ctx();
    let kind = kind_of(&p.definition.name).unwrap();
    let mut operands = vec![p.parse_operand()?];
    if kind == Kind::ClampF {
        // `$value to [$min, $max]`
        p.expect_keyword("to")?;
        p.expect(TokenKind::LSquare, "'['")?;
        operands.push(p.parse_operand()?);
        p.expect(TokenKind::Comma, "','")?;
        operands.push(p.parse_operand()?);
        p.expect(TokenKind::RSquare, "']'")?;
    }
    while kind != Kind::ClampF && p.consume_if(TokenKind::Comma) {
        operands.push(p.parse_operand()?);
    }
    if has_fastmath(p) {
        let bits = if p.consume_keyword("fastmath") {
            FASTMATH.parse_body(p.parser)?
        } else {
            0
        };
        p.add_property("fastmath", FASTMATH.attr(ctx, bits));
    }
    p.parse_optional_attr_dict(false)?;
    let ty = p.parse_colon_type()?;
    let (types, result) = match kind {
        Kind::FPowI => {
            p.expect(TokenKind::Comma, "','")?;
            let exponent = p.parse_type()?;
            (vec![ty, exponent], ty)
        }
        Kind::Classify => (vec![ty], i1_same_shape(ctx, ty)),
        _ => (vec![ty; operands.len()], ty),
    };
    p.add_operands(&operands, &types)?;
    if kind == Kind::SinCos {
        p.add_result_types(&[result, result]);
    } else {
        p.add_result_types(&[result]);
    }
    Ok(())
}

fn i1_same_shape(ctx: &Context, ty: Type) -> Type {
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

fn print(p: &mut OpPrinter, op: OpId) {
    let ctx = p.ctx();
    let operands: Vec<_> = p.ir.operands(op).collect();
    p.write(" ");
    if kind_of(ctx.op_name_str(p.ir.op_name(op))) == Some(Kind::ClampF) {
        p.print_operand(operands[0]);
        p.write(" to [");
        p.print_operands(operands[1..].iter().copied());
        p.write("]");
    } else {
        p.print_operands(operands.iter().copied());
    }
    if let Some(bits) =
        p.ir.attr(ctx, op, "fastmath")
            .and_then(|a| FASTMATH.bits(ctx, a))
    {
        if bits != 0 {
            p.write(&format!(" fastmath<{}>", FASTMATH.to_text(bits)));
        }
    }
    p.print_optional_attr_dict(op, &["fastmath"], false);
    p.write(" : ");
    let ty = p.ir.value_type(operands[0]);
    p.print_type(ty);
    if kind_of(ctx.op_name_str(p.ir.op_name(op))) == Some(Kind::FPowI) {
        p.write(", ");
        let e = p.ir.value_type(operands[1]);
        p.print_type(e);
    }
}

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
    if ctx.element_type(ty).is_some() && len == 1 {
        let n = ctx
            .shape(ty)
            .map_or(1, |s| s.iter().product::<i64>().max(1)) as usize;
        out = vec![out[0]; n];
    }
    match encode(ctx, ty, &out) {
        Some(a) => FoldOutcome::attribute(a),
        None => FoldOutcome::Failed,
    }
}
