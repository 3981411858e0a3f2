//! The ops of the arith dialect: one table, one parser and printer per
//! family (binary, unary, cast, compare, ...) reading the table.
//!
//! Default-valued properties (`overflowFlags`, `fastmath`) are always
//! stored, as MLIR does, so the generic form shows
//! `<{overflowFlags = #arith.overflow<none>}>`; the custom form prints a
//! flag group only when it is not the default.

use crate::attrs::{FASTMATH, OVERFLOW, ROUNDING_MODES};
use crate::semantics::{CMPF_PREDICATES, CMPI_PREDICATES};
use strata_ir::asm::lexer::TokenKind;
use strata_ir::asm::parser::OpParser;
use strata_ir::asm::printer::{type_to_string, OpPrinter};
use strata_ir::constraints::{AttrConstraint, TypeConstraint};
use strata_ir::diagnostics::DiagResult;
use strata_ir::opdef::{Arity, AttrDef, ValueDef};
use strata_ir::verifier::{cast_incompatible, emit_op_error};
use strata_ir::{
    AttrData, Attribute, Context, Ir, OpDefinition, OpId, OpTraits, Signedness, Type, TypeData,
};

/// Flags an integer binary op carries.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub(crate) enum IntFlags {
    None,
    Overflow,
    Exact,
}

/// The families of arith ops.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub(crate) enum Kind {
    Constant,
    IntBinary(IntFlags),
    FloatBinary,
    FloatUnary,
    /// `from`/`to` constraint, and which optional properties the cast has.
    Cast {
        from: Like,
        to: Like,
        overflow: bool,
        fastmath: bool,
        rounding: bool,
    },
    Cmpi,
    Cmpf,
    Select,
    AddUIExtended,
    MulExtended,
    ScalingExt,
    ScalingTrunc,
}

/// Element-type families of MLIR's `*Like` constraints.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub(crate) enum Like {
    IntOrIndex,
    FixedInt,
    Float,
    IndexCast,
    Bitcast,
}

pub(crate) struct Spec {
    pub name: &'static str,
    pub kind: Kind,
    pub commutative: bool,
}

const fn spec(name: &'static str, kind: Kind, commutative: bool) -> Spec {
    Spec {
        name,
        kind,
        commutative,
    }
}

const fn cast(name: &'static str, from: Like, to: Like) -> Spec {
    spec(
        name,
        Kind::Cast {
            from,
            to,
            overflow: false,
            fastmath: false,
            rounding: false,
        },
        false,
    )
}

use IntFlags as F;
use Kind as K;

pub(crate) const SPECS: &[Spec] = &[
    spec("arith.constant", K::Constant, false),
    spec("arith.addi", K::IntBinary(F::Overflow), true),
    spec("arith.subi", K::IntBinary(F::Overflow), false),
    spec("arith.muli", K::IntBinary(F::Overflow), true),
    spec("arith.divsi", K::IntBinary(F::Exact), false),
    spec("arith.divui", K::IntBinary(F::Exact), false),
    spec("arith.ceildivsi", K::IntBinary(F::None), false),
    spec("arith.ceildivui", K::IntBinary(F::None), false),
    spec("arith.floordivsi", K::IntBinary(F::None), false),
    spec("arith.remsi", K::IntBinary(F::None), false),
    spec("arith.remui", K::IntBinary(F::None), false),
    spec("arith.andi", K::IntBinary(F::None), true),
    spec("arith.ori", K::IntBinary(F::None), true),
    spec("arith.xori", K::IntBinary(F::None), true),
    spec("arith.shli", K::IntBinary(F::Overflow), false),
    spec("arith.shrsi", K::IntBinary(F::Exact), false),
    spec("arith.shrui", K::IntBinary(F::Exact), false),
    spec("arith.minsi", K::IntBinary(F::None), true),
    spec("arith.maxsi", K::IntBinary(F::None), true),
    spec("arith.minui", K::IntBinary(F::None), true),
    spec("arith.maxui", K::IntBinary(F::None), true),
    spec("arith.addf", K::FloatBinary, true),
    spec("arith.subf", K::FloatBinary, false),
    spec("arith.mulf", K::FloatBinary, true),
    spec("arith.divf", K::FloatBinary, false),
    spec("arith.remf", K::FloatBinary, false),
    spec("arith.minimumf", K::FloatBinary, true),
    spec("arith.maximumf", K::FloatBinary, true),
    spec("arith.minnumf", K::FloatBinary, true),
    spec("arith.maxnumf", K::FloatBinary, true),
    spec("arith.negf", K::FloatUnary, false),
    spec("arith.cmpi", K::Cmpi, false),
    spec("arith.cmpf", K::Cmpf, false),
    spec("arith.select", K::Select, false),
    spec("arith.addui_extended", K::AddUIExtended, true),
    spec("arith.mulsi_extended", K::MulExtended, true),
    spec("arith.mului_extended", K::MulExtended, true),
    cast("arith.extsi", Like::FixedInt, Like::FixedInt),
    cast("arith.extui", Like::FixedInt, Like::FixedInt),
    spec(
        "arith.trunci",
        K::Cast {
            from: Like::FixedInt,
            to: Like::FixedInt,
            overflow: true,
            fastmath: false,
            rounding: false,
        },
        false,
    ),
    spec(
        "arith.extf",
        K::Cast {
            from: Like::Float,
            to: Like::Float,
            overflow: false,
            fastmath: true,
            rounding: false,
        },
        false,
    ),
    spec(
        "arith.truncf",
        K::Cast {
            from: Like::Float,
            to: Like::Float,
            overflow: false,
            fastmath: true,
            rounding: true,
        },
        false,
    ),
    cast("arith.sitofp", Like::FixedInt, Like::Float),
    cast("arith.uitofp", Like::FixedInt, Like::Float),
    cast("arith.fptosi", Like::Float, Like::FixedInt),
    cast("arith.fptoui", Like::Float, Like::FixedInt),
    cast("arith.index_cast", Like::IndexCast, Like::IndexCast),
    cast("arith.index_castui", Like::IndexCast, Like::IndexCast),
    cast("arith.bitcast", Like::Bitcast, Like::Bitcast),
    spec("arith.scaling_extf", K::ScalingExt, false),
    spec("arith.scaling_truncf", K::ScalingTrunc, false),
];

/// The names of every arith op.
pub fn op_names() -> impl Iterator<Item = &'static str> {
    SPECS.iter().map(|s| s.name)
}

pub(crate) fn spec_of(name: &str) -> Option<&'static Spec> {
    SPECS.iter().find(|s| s.name == name)
}

/// Whether `op` is an `arith.constant`.
pub fn is_arith_constant(ctx: &Context, ir: &Ir, op: OpId) -> bool {
    ctx.op_name_str(ir.op_name(op)) == "arith.constant"
}

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

fn int_or_index_like(ctx: &Context, ty: Type) -> bool {
    scalar_like(ctx, ty, is_int_or_index)
}

fn fixed_int_like(ctx: &Context, ty: Type) -> bool {
    scalar_like(ctx, ty, |c, t| c.is_signless_integer(t))
}

fn float_like(ctx: &Context, ty: Type) -> bool {
    scalar_like(ctx, ty, |c, t| c.is_float(t))
}

fn bool_like(ctx: &Context, ty: Type) -> bool {
    scalar_like(ctx, ty, |c, t| {
        c.is_signless_integer(t) && c.integer_width(t) == Some(1)
    })
}

fn memref_of(ctx: &Context, ty: Type, elem: fn(&Context, Type) -> bool) -> bool {
    matches!(ctx.type_data(ty), TypeData::MemRef { element, .. } | TypeData::UnrankedMemRef { element, .. } if elem(ctx, *element))
}

fn index_cast_like(ctx: &Context, ty: Type) -> bool {
    int_or_index_like(ctx, ty) || memref_of(ctx, ty, is_int_or_index)
}

fn int_or_float(ctx: &Context, ty: Type) -> bool {
    ctx.is_signless_integer(ty) || ctx.is_float(ty)
}

fn bitcast_like(ctx: &Context, ty: Type) -> bool {
    scalar_like(ctx, ty, int_or_float) || memref_of(ctx, ty, int_or_float)
}

fn constraint(like: Like) -> TypeConstraint {
    match like {
        Like::IntOrIndex => TypeConstraint::Predicate(int_or_index_like, "signless-integer-like"),
        Like::FixedInt => {
            TypeConstraint::Predicate(fixed_int_like, "signless-fixed-width-integer-like")
        }
        Like::Float => TypeConstraint::Predicate(float_like, "floating-point-like"),
        Like::IndexCast => TypeConstraint::Predicate(
            index_cast_like,
            "signless-integer-like or memref of signless-integer",
        ),
        Like::Bitcast => TypeConstraint::Predicate(
            bitcast_like,
            "signless-integer-or-float-like or memref of signless-integer or float",
        ),
    }
}

fn bool_constraint() -> TypeConstraint {
    TypeConstraint::Predicate(bool_like, "bool-like")
}

fn value(name: &str, constraint: TypeConstraint) -> ValueDef {
    ValueDef {
        name: name.into(),
        arity: Arity::Single,
        constraint,
    }
}

fn fastmath_attr(optional_default: bool) -> AttrDef {
    let _ = optional_default;
    AttrDef::optional(
        "fastmath",
        AttrConstraint::DialectAttr {
            dialect: "arith".into(),
            name: "fastmath".into(),
        },
    )
}

fn overflow_attr() -> AttrDef {
    AttrDef::optional(
        "overflowFlags",
        AttrConstraint::DialectAttr {
            dialect: "arith".into(),
            name: "overflow".into(),
        },
    )
}

// ---------------------------------------------------------------------------
// Definitions
// ---------------------------------------------------------------------------

pub(crate) fn definitions() -> Vec<OpDefinition> {
    SPECS.iter().map(definition).collect()
}

fn definition(spec: &Spec) -> OpDefinition {
    let mut def = OpDefinition::new(spec.name);
    def.traits = OpTraits::PURE;
    if spec.commutative {
        def.traits = def.traits | OpTraits::COMMUTATIVE;
    }
    let int = || constraint(Like::IntOrIndex);
    let float = || constraint(Like::Float);
    match spec.kind {
        K::Constant => {
            def.summary = "integer or floating point constant".into();
            def.traits = def.traits | OpTraits::CONSTANT_LIKE;
            def.results = vec![value("result", TypeConstraint::Any)];
            def.attributes = vec![AttrDef::required("value", AttrConstraint::Any)];
            def.type_equalities = vec![vec!["value".into(), "result".into()]];
            def.hooks.parse = Some(parse_constant);
            def.hooks.print = Some(print_constant);
            def.hooks.verify = Some(verify_constant);
            def.hooks.result_names = Some(constant_result_names);
        }
        K::IntBinary(flags) => {
            def.traits =
                def.traits | OpTraits::SAME_OPERANDS_AND_RESULT_TYPE | OpTraits::ELEMENTWISE;
            def.operands = vec![value("lhs", int()), value("rhs", int())];
            def.results = vec![value("result", int())];
            match flags {
                F::Overflow => def.attributes.push(overflow_attr()),
                F::Exact => def
                    .attributes
                    .push(AttrDef::optional("isExact", AttrConstraint::Unit)),
                F::None => {}
            }
            def.hooks.parse = Some(parse_binary);
            def.hooks.print = Some(print_binary);
        }
        K::FloatBinary => {
            def.traits =
                def.traits | OpTraits::SAME_OPERANDS_AND_RESULT_TYPE | OpTraits::ELEMENTWISE;
            def.operands = vec![value("lhs", float()), value("rhs", float())];
            def.results = vec![value("result", float())];
            def.attributes.push(fastmath_attr(true));
            def.hooks.parse = Some(parse_binary);
            def.hooks.print = Some(print_binary);
        }
        K::FloatUnary => {
            def.traits =
                def.traits | OpTraits::SAME_OPERANDS_AND_RESULT_TYPE | OpTraits::ELEMENTWISE;
            def.operands = vec![value("operand", float())];
            def.results = vec![value("result", float())];
            def.attributes.push(fastmath_attr(true));
            def.hooks.parse = Some(parse_unary);
            def.hooks.print = Some(print_unary);
        }
        K::Cast {
            from,
            to,
            overflow,
            fastmath,
            rounding,
        } => {
            def.traits = def.traits | OpTraits::ELEMENTWISE;
            def.operands = vec![value("in", constraint(from))];
            def.results = vec![value("out", constraint(to))];
            if rounding {
                def.attributes.push(AttrDef::optional(
                    "roundingmode",
                    AttrConstraint::Integer(Some(32)),
                ));
            }
            if fastmath {
                def.attributes.push(fastmath_attr(false));
            }
            if overflow {
                def.attributes.push(overflow_attr());
            }
            def.hooks.parse = Some(parse_cast);
            def.hooks.print = Some(print_cast);
            def.hooks.verify = Some(verify_cast);
        }
        K::Cmpi | K::Cmpf => {
            def.traits = def.traits | OpTraits::SAME_OPERANDS_TYPE | OpTraits::ELEMENTWISE;
            let operand = if spec.kind == K::Cmpi { int() } else { float() };
            def.operands = vec![value("lhs", operand.clone()), value("rhs", operand)];
            def.results = vec![value("result", bool_constraint())];
            def.attributes.push(AttrDef::required(
                "predicate",
                AttrConstraint::Integer(Some(64)),
            ));
            if spec.kind == K::Cmpf {
                def.attributes.push(fastmath_attr(true));
            }
            def.hooks.parse = Some(parse_cmp);
            def.hooks.print = Some(print_cmp);
            def.hooks.verify = Some(verify_cmp);
        }
        K::Select => {
            def.traits = def.traits | OpTraits::ELEMENTWISE;
            def.operands = vec![
                value("condition", bool_constraint()),
                value("true_value", TypeConstraint::Any),
                value("false_value", TypeConstraint::Any),
            ];
            def.results = vec![value("result", TypeConstraint::Any)];
            def.hooks.parse = Some(parse_select);
            def.hooks.print = Some(print_select);
            def.hooks.verify = Some(verify_select);
        }
        K::AddUIExtended => {
            def.operands = vec![value("lhs", int()), value("rhs", int())];
            def.results = vec![value("sum", int()), value("overflow", bool_constraint())];
            def.hooks.result_names = Some(|_, _, _, set| {
                set(0, "sum");
                set(1, "overflow");
            });
            def.hooks.parse = Some(parse_extended);
            def.hooks.print = Some(print_extended);
            def.hooks.verify = Some(verify_extended);
        }
        K::MulExtended => {
            def.operands = vec![value("lhs", int()), value("rhs", int())];
            def.results = vec![value("low", int()), value("high", int())];
            def.hooks.result_names = Some(|_, _, _, set| {
                set(0, "low");
                set(1, "high");
            });
            def.hooks.parse = Some(parse_extended);
            def.hooks.print = Some(print_extended);
            def.hooks.verify = Some(verify_extended);
        }
        K::ScalingExt | K::ScalingTrunc => {
            def.traits = def.traits | OpTraits::ELEMENTWISE;
            def.operands = vec![value("in", float()), value("scale", float())];
            def.results = vec![value("out", float())];
            if spec.kind == K::ScalingTrunc {
                def.attributes.push(AttrDef::optional(
                    "roundingmode",
                    AttrConstraint::Integer(Some(32)),
                ));
            }
            def.attributes.push(fastmath_attr(false));
            def.hooks.parse = Some(parse_scaling);
            def.hooks.print = Some(print_scaling);
        }
    }
    def.hooks.fold = Some(crate::fold::fold);
    def.hooks.canonicalization_patterns = crate::canonicalize::patterns_for(spec.name);
    def
}

/// Names of the properties the custom forms spell themselves.
const SPELLED: &[&str] = &[
    "value",
    "overflowFlags",
    "fastmath",
    "isExact",
    "predicate",
    "roundingmode",
];

fn has_attr(p: &OpParser, name: &str) -> bool {
    p.definition.attributes.iter().any(|a| a.name == name)
}

fn def_has_attr(ctx: &Context, ir: &Ir, op: OpId, name: &str) -> bool {
    ctx.op_definition(ir.op_name(op))
        .is_some_and(|d| d.attributes.iter().any(|a| a.name == name))
}

/// Whether `fastmath` is a default-valued property (MLIR's `DefaultValuedAttr`).
fn fastmath_is_default_valued(name: &str) -> bool {
    matches!(
        spec_of(name).map(|s| s.kind),
        Some(K::FloatBinary | K::FloatUnary | K::Cmpf)
    )
}

/// Parses the optional flag groups an op declares, in MLIR's order:
/// rounding mode, `exact`, `fastmath<...>`, `overflow<...>`.
fn parse_flags(p: &mut OpParser) -> DiagResult<()> {
    let ctx = p.ctx();
    if has_attr(p, "roundingmode") && p.is(TokenKind::BareIdent) {
        let word = p.parser.text();
        if let Some(mode) = ROUNDING_MODES.iter().position(|m| *m == word) {
            p.parser.advance();
            p.add_property(
                "roundingmode",
                ctx.integer_attr(ctx.signless(32), mode as i128),
            );
        }
    }
    if has_attr(p, "isExact") && p.consume_keyword("exact") {
        p.add_property("isExact", ctx.unit_attr());
    }
    if has_attr(p, "fastmath") {
        if p.consume_keyword("fastmath") {
            let bits = FASTMATH.parse_body(p.parser)?;
            p.add_property("fastmath", FASTMATH.attr(ctx, bits));
        } else if fastmath_is_default_valued(&p.definition.name) {
            p.add_property("fastmath", FASTMATH.attr(ctx, 0));
        }
    }
    if has_attr(p, "overflowFlags") {
        if p.consume_keyword("overflow") {
            let bits = OVERFLOW.parse_body(p.parser)?;
            p.add_property("overflowFlags", OVERFLOW.attr(ctx, bits));
        } else {
            p.add_property("overflowFlags", OVERFLOW.attr(ctx, 0));
        }
    }
    Ok(())
}

fn print_flags(p: &mut OpPrinter, op: OpId) {
    let ctx = p.ctx();
    if let Some(mode) =
        p.ir.attr(ctx, op, "roundingmode")
            .and_then(|a| ctx.integer_value(a))
    {
        if let Some(word) = ROUNDING_MODES.get(mode as usize) {
            p.write(" ");
            p.write(word);
        }
    }
    if def_has_attr(ctx, p.ir, op, "isExact") && p.ir.attr(ctx, op, "isExact").is_some() {
        p.write(" exact");
    }
    if let Some(bits) =
        p.ir.attr(ctx, op, "fastmath")
            .and_then(|a| FASTMATH.bits(ctx, a))
    {
        if bits != 0 || !fastmath_is_default_valued(ctx.op_name_str(p.ir.op_name(op))) {
            p.write(&format!(" fastmath<{}>", FASTMATH.to_text(bits)));
        }
    }
    if let Some(bits) =
        p.ir.attr(ctx, op, "overflowFlags")
            .and_then(|a| OVERFLOW.bits(ctx, a))
    {
        if bits != 0 {
            p.write(&format!(" overflow<{}>", OVERFLOW.to_text(bits)));
        }
    }
}

// ---------------------------------------------------------------------------
// Custom syntax
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
    p.print_optional_attr_dict(op, SPELLED, false);
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

/// `$lhs , $rhs flags attr-dict : type`
fn parse_binary(p: &mut OpParser) -> DiagResult<()> {
    let lhs = p.parse_operand()?;
    p.expect(TokenKind::Comma, "','")?;
    let rhs = p.parse_operand()?;
    parse_flags(p)?;
    p.parse_optional_attr_dict(false)?;
    let ty = p.parse_colon_type()?;
    p.add_operands(&[lhs, rhs], &[ty, ty])?;
    p.add_result_types(&[ty]);
    Ok(())
}

fn print_binary(p: &mut OpPrinter, op: OpId) {
    p.write(" ");
    let (lhs, rhs) = (p.ir.operand(op, 0), p.ir.operand(op, 1));
    p.print_operand(lhs);
    p.write(", ");
    p.print_operand(rhs);
    print_flags(p, op);
    p.print_optional_attr_dict(op, SPELLED, false);
    p.write(" : ");
    let ty = p.ir.value_type(p.ir.result(op, 0));
    p.print_type(ty);
}

/// `$operand flags attr-dict : type`
fn parse_unary(p: &mut OpParser) -> DiagResult<()> {
    let operand = p.parse_operand()?;
    parse_flags(p)?;
    p.parse_optional_attr_dict(false)?;
    let ty = p.parse_colon_type()?;
    p.add_operands(&[operand], &[ty])?;
    p.add_result_types(&[ty]);
    Ok(())
}

fn print_unary(p: &mut OpPrinter, op: OpId) {
    p.write(" ");
    let operand = p.ir.operand(op, 0);
    p.print_operand(operand);
    print_flags(p, op);
    p.print_optional_attr_dict(op, SPELLED, false);
    p.write(" : ");
    let ty = p.ir.value_type(p.ir.result(op, 0));
    p.print_type(ty);
}

/// `$in flags attr-dict : type($in) to type($out)`
fn parse_cast(p: &mut OpParser) -> DiagResult<()> {
    let operand = p.parse_operand()?;
    parse_flags(p)?;
    p.parse_optional_attr_dict(false)?;
    let from = p.parse_colon_type()?;
    p.expect_keyword("to")?;
    let to = p.parse_type()?;
    p.add_operands(&[operand], &[from])?;
    p.add_result_types(&[to]);
    Ok(())
}

fn print_cast(p: &mut OpPrinter, op: OpId) {
    p.write(" ");
    let operand = p.ir.operand(op, 0);
    p.print_operand(operand);
    print_flags(p, op);
    p.print_optional_attr_dict(op, SPELLED, false);
    p.write(" : ");
    let from = p.ir.value_type(operand);
    p.print_type(from);
    p.write(" to ");
    let to = p.ir.value_type(p.ir.result(op, 0));
    p.print_type(to);
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
fn verify_cast(ctx: &Context, ir: &Ir, op: OpId) -> DiagResult<()> {
    let name = ctx.op_name_str(ir.op_name(op));
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
    match name {
        "arith.extsi" | "arith.extui" | "arith.extf" => wider(true)?,
        "arith.trunci" | "arith.truncf" => wider(false)?,
        "arith.index_cast" | "arith.index_castui" => {
            let (fe, te) = (ctx.element_type_or_self(from), ctx.element_type_or_self(to));
            if ctx.is_index(fe) == ctx.is_index(te) {
                return Err(cast_incompatible(ctx, ir, op, from, to));
            }
        }
        "arith.bitcast" if fw != tw => {
            return Err(cast_incompatible(ctx, ir, op, from, to));
        }
        _ => {}
    }
    Ok(())
}

/// `i1` with the shape of `ty` (MLIR's `getI1SameShape`).
pub(crate) fn i1_same_shape(ctx: &Context, ty: Type) -> Type {
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

fn predicates(name: &str) -> &'static [&'static str] {
    if name == "arith.cmpi" {
        &CMPI_PREDICATES
    } else {
        &CMPF_PREDICATES
    }
}

/// `$predicate , $lhs , $rhs flags attr-dict : type($lhs)`
fn parse_cmp(p: &mut OpParser) -> DiagResult<()> {
    let ctx = p.ctx();
    let table = predicates(&p.definition.name);
    let word = if p.is(TokenKind::BareIdent) {
        p.parser.text().to_string()
    } else if p.is(TokenKind::String) {
        p.parser.text().trim_matches('"').to_string()
    } else {
        return Err(p.error_here("expected string or keyword containing one of the following enum values for attribute 'predicate' [".to_string() + &table.join(", ") + "]"));
    };
    let Some(index) = table.iter().position(|w| *w == word) else {
        return Err(p.error_here(format!(
            "expected string or keyword containing one of the following enum values for attribute 'predicate' [{}]",
            table.join(", ")
        )));
    };
    p.parser.advance();
    p.add_property(
        "predicate",
        ctx.integer_attr(ctx.signless(64), index as i128),
    );
    p.expect(TokenKind::Comma, "','")?;
    let lhs = p.parse_operand()?;
    p.expect(TokenKind::Comma, "','")?;
    let rhs = p.parse_operand()?;
    parse_flags(p)?;
    p.parse_optional_attr_dict(false)?;
    let ty = p.parse_colon_type()?;
    // The result type is inferred from `lhs`'s, so the generated parser
    // checks its constraint first (at the op name, `custom op` prefix).
    let (ok, what) = if p.definition.name == "arith.cmpi" {
        (int_or_index_like(ctx, ty), "signless-integer-like")
    } else {
        (float_like(ctx, ty), "floating-point-like")
    };
    if !ok {
        return Err(p.error_at(
            p.name_offset,
            format!(
                "'lhs' must be {what}, but got '{}'",
                type_to_string(ctx, ty)
            ),
        ));
    }
    p.add_operands(&[lhs, rhs], &[ty, ty])?;
    p.add_result_types(&[i1_same_shape(ctx, ty)]);
    Ok(())
}

fn print_cmp(p: &mut OpPrinter, op: OpId) {
    let ctx = p.ctx();
    let table = predicates(ctx.op_name_str(p.ir.op_name(op)));
    let pred =
        p.ir.attr(ctx, op, "predicate")
            .and_then(|a| ctx.integer_value(a))
            .unwrap_or(0);
    p.write(" ");
    p.write(table.get(pred as usize).copied().unwrap_or("?"));
    p.write(", ");
    let (lhs, rhs) = (p.ir.operand(op, 0), p.ir.operand(op, 1));
    p.print_operand(lhs);
    p.write(", ");
    p.print_operand(rhs);
    print_flags(p, op);
    p.print_optional_attr_dict(op, SPELLED, false);
    p.write(" : ");
    let ty = p.ir.value_type(lhs);
    p.print_type(ty);
}

fn verify_cmp(ctx: &Context, ir: &Ir, op: OpId) -> DiagResult<()> {
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
    let name = ctx.op_name_str(ir.op_name(op));
    let pred = ir
        .attr(ctx, op, "predicate")
        .and_then(|a| ctx.integer_value(a))
        .unwrap_or(-1);
    if pred < 0 || pred as usize >= predicates(name).len() {
        return Err(emit_op_error(
            ctx,
            ir,
            op,
            format!(
                "attribute 'predicate' failed to satisfy constraint: allowed 64-bit signless integer cases: {}",
                (0..predicates(name).len()).map(|i| i.to_string()).collect::<Vec<_>>().join(", ")
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
    p.print_optional_attr_dict(op, SPELLED, false);
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

/// addui_extended: `$lhs , $rhs attr-dict : type($sum) , type($overflow)`;
/// mul*_extended: `$lhs , $rhs attr-dict : type($lhs)`.
fn parse_extended(p: &mut OpParser) -> DiagResult<()> {
    let lhs = p.parse_operand()?;
    p.expect(TokenKind::Comma, "','")?;
    let rhs = p.parse_operand()?;
    p.parse_optional_attr_dict(false)?;
    let ty = p.parse_colon_type()?;
    let second = if p.definition.name == "arith.addui_extended" {
        p.expect(TokenKind::Comma, "','")?;
        p.parse_type()?
    } else {
        ty
    };
    p.add_operands(&[lhs, rhs], &[ty, ty])?;
    p.add_result_types(&[ty, second]);
    Ok(())
}

fn print_extended(p: &mut OpPrinter, op: OpId) {
    p.write(" ");
    let operands: Vec<_> = p.ir.operands(op).collect();
    p.print_operands(operands.iter().copied());
    p.print_optional_attr_dict(op, SPELLED, false);
    p.write(" : ");
    let ty = p.ir.value_type(p.ir.result(op, 0));
    p.print_type(ty);
    if p.ctx().op_name_str(p.ir.op_name(op)) == "arith.addui_extended" {
        p.write(", ");
        let second = p.ir.value_type(p.ir.result(op, 1));
        p.print_type(second);
    }
}

fn verify_extended(ctx: &Context, ir: &Ir, op: OpId) -> DiagResult<()> {
    let name = ctx.op_name_str(ir.op_name(op));
    let lhs = ir.value_type(ir.operand(op, 0));
    let rhs = ir.value_type(ir.operand(op, 1));
    let first = ir.value_type(ir.result(op, 0));
    let second = ir.value_type(ir.result(op, 1));
    if name == "arith.addui_extended" {
        if lhs != rhs || lhs != first {
            return Err(emit_op_error(
                ctx,
                ir,
                op,
                "failed to verify that all of {lhs, rhs, sum} have same type",
            ));
        }
        return verify_elementwise(ctx, ir, op);
    } else if lhs != rhs || lhs != first || lhs != second {
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

/// `$in , $scale flags attr-dict : type($in) , type($scale) to type($out)`
fn parse_scaling(p: &mut OpParser) -> DiagResult<()> {
    let x = p.parse_operand()?;
    p.expect(TokenKind::Comma, "','")?;
    let s = p.parse_operand()?;
    parse_flags(p)?;
    p.parse_optional_attr_dict(false)?;
    let xt = p.parse_colon_type()?;
    p.expect(TokenKind::Comma, "','")?;
    let st = p.parse_type()?;
    p.expect_keyword("to")?;
    let out = p.parse_type()?;
    p.add_operands(&[x, s], &[xt, st])?;
    p.add_result_types(&[out]);
    Ok(())
}

fn print_scaling(p: &mut OpPrinter, op: OpId) {
    p.write(" ");
    let operands: Vec<_> = p.ir.operands(op).collect();
    p.print_operands(operands.iter().copied());
    print_flags(p, op);
    p.print_optional_attr_dict(op, SPELLED, false);
    p.write(" : ");
    let types: Vec<_> = operands.iter().map(|&v| p.ir.value_type(v)).collect();
    p.print_types(types);
    p.write(" to ");
    let out = p.ir.value_type(p.ir.result(op, 0));
    p.print_type(out);
}
