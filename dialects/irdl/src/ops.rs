//! The `irdl` dialect itself: MLIR's IRDL ops with MLIR's syntax, each
//! declared with `define_op!`.
//!
//! Constraint ops produce `!irdl.attribute` values (`irdl.region`
//! produces `!irdl.region`); the lists that consume them (`irdl.operands`,
//! `irdl.results`, `irdl.parameters`, `irdl.regions`) keep the names and
//! variadicities as string arrays, `names` and `variadicity`, which is
//! what [`crate::loader`] reads.

use std::sync::Arc;
use strata_ir::asm::lexer::TokenKind;
use strata_ir::asm::Parser;
use strata_ir::constraints::{AttrConstraint, TypeConstraint};
use strata_ir::diagnostics::DiagResult;
use strata_ir::directives::SYMBOL_NAME;
use strata_ir::format::CustomDirective;
use strata_ir::verifier::emit_op_error;
use strata_ir::{Attribute, Context, Dialect, Ir, OpDefinition, OpId, Type, TypeData};

pub struct IrdlDialect;

/// The dialect namespace.
const DIALECT: &str = "irdl";

/// The type of every constraint value (`!irdl.attribute`) and region constraint (`!irdl.region`).
pub(crate) fn constraint_type(ctx: &Context, name: &str) -> Type {
    ctx.intern_type(TypeData::Dialect {
        dialect: ctx.intern_str(DIALECT),
        name: ctx.intern_str(name),
        params: Box::new([]),
    })
}

/// `!irdl.attribute`, as a constraint (the format builds it where the text
/// leaves it out).
fn attribute_type() -> TypeConstraint {
    TypeConstraint::DialectType {
        dialect: DIALECT.into(),
        name: "attribute".into(),
    }
}

/// `!irdl.region`.
fn region_type() -> TypeConstraint {
    TypeConstraint::DialectType {
        dialect: DIALECT.into(),
        name: "region".into(),
    }
}

fn strings() -> AttrConstraint {
    AttrConstraint::Array(Some(Box::new(AttrConstraint::String)))
}

/// The ops that hold a definition in their body: `@name attributes {...}? { body }`.
macro_rules! container_op {
    ($(#[$meta:meta])* $name:ident = $opname:literal, [$($tr:ident),*]) => {
        strata_ir::define_op! {
            $(#[$meta])*
            pub struct $name = $opname {
                traits: [$($tr,)* NO_TERMINATOR, SINGLE_BLOCK, SYMBOL],
                attributes: [sym_name: required(AttrConstraint::String, syntax = SYMBOL_NAME)],
                regions: [body: single_block],
                format: "$sym_name attr-dict-with-keyword $body",
            }
        }
    };
}

container_op!(
    /// A dialect: its types, attributes and operations.
    DialectOp = "irdl.dialect", [ISOLATED_FROM_ABOVE, SYMBOL_TABLE]
);
container_op!(
    /// A type of the dialect, with its parameters' constraints.
    TypeOp = "irdl.type", []
);
container_op!(
    /// An attribute of the dialect, with its parameters' constraints.
    AttributeOp = "irdl.attribute", []
);
container_op!(
    /// An operation of the dialect, with its constraints.
    OperationOp = "irdl.operation", []
);

/// The ops that list named constraints: `(name: variadic %v, ...)`.
macro_rules! named_list_op {
    ($(#[$meta:meta])* $name:ident = $opname:literal, $constraint:expr) => {
        strata_ir::define_op! {
            $(#[$meta])*
            pub struct $name = $opname {
                operands: [args: variadic($constraint)],
                attributes: [names: optional(strings()), variadicity: optional(strings())],
                format: "`(` custom<NamedValueList>($args, $names, $variadicity) `)` attr-dict",
                directives: [&NAMED_VALUE_LIST],
            }
        }
    };
}

named_list_op!(
    /// The parameters of a type or attribute.
    ParametersOp = "irdl.parameters", attribute_type()
);
named_list_op!(
    /// The operands of an operation.
    OperandsOp = "irdl.operands", attribute_type()
);
named_list_op!(
    /// The results of an operation.
    ResultsOp = "irdl.results", attribute_type()
);
named_list_op!(
    /// The regions of an operation, constrained by `irdl.region` values.
    RegionsOp = "irdl.regions", region_type()
);

strata_ir::define_op! {
    /// The attributes of an operation: `{"name" = %v, ...}`, possibly absent.
    pub struct AttributesOp = "irdl.attributes" {
        operands: [attributeValues: variadic(attribute_type())],
        attributes: [attributeValueNames: required(strings())],
        format: "`` custom<AttributesOp>($attributeValues, $attributeValueNames) attr-dict",
        directives: [&ATTRIBUTES_OP],
    }
}

strata_ir::define_op! {
    /// Satisfied by exactly one attribute or type: `irdl.is i32`.
    pub struct IsOp = "irdl.is" {
        traits: [PURE],
        results: [output: single(attribute_type())],
        attributes: [expected: required(AttrConstraint::Any)],
        format: "$expected attr-dict",
    }
}

strata_ir::define_op! {
    /// Satisfied by any attribute or type.
    pub struct AnyOp = "irdl.any" {
        traits: [PURE],
        results: [output: single(attribute_type())],
        format: "attr-dict",
    }
}

strata_ir::define_op! {
    /// Satisfied when one of its constraints is: `irdl.any_of(%a, %b)`.
    pub struct AnyOfOp = "irdl.any_of" {
        traits: [PURE],
        operands: [args: variadic(attribute_type())],
        results: [output: single(attribute_type())],
        format: "`(` $args `)` attr-dict",
    }
}

strata_ir::define_op! {
    /// Satisfied when all its constraints are: `irdl.all_of(%a, %b)`.
    pub struct AllOfOp = "irdl.all_of" {
        traits: [PURE],
        operands: [args: variadic(attribute_type())],
        results: [output: single(attribute_type())],
        format: "`(` $args `)` attr-dict",
    }
}

strata_ir::define_op! {
    /// Satisfied by the types or attributes of one definition: `irdl.base
    /// @dialect::@type` or `irdl.base "!builtin.integer"`.
    pub struct BaseOp = "irdl.base" {
        traits: [PURE],
        results: [output: single(attribute_type())],
        attributes: [
            base_ref: optional(AttrConstraint::Symbol),
            base_name: optional(AttrConstraint::String),
        ],
        format: "($base_ref^)? ($base_name^)? attr-dict",
        verify_invariants: verify_base,
    }
}

strata_ir::define_op! {
    /// A type or attribute of the dialect with constrained parameters:
    /// `irdl.parametric @dialect::@type<%a, %b>`.
    pub struct ParametricOp = "irdl.parametric" {
        traits: [PURE],
        operands: [args: variadic(attribute_type())],
        results: [output: single(attribute_type())],
        attributes: [base_type: required(AttrConstraint::Symbol)],
        format: "$base_type `<` $args `>` attr-dict",
    }
}

strata_ir::define_op! {
    /// A region constraint: `irdl.region`, `irdl.region(%a, %b)` (the entry
    /// block's arguments), `irdl.region with size 3` (its number of blocks).
    pub struct RegionOp = "irdl.region" {
        traits: [PURE],
        operands: [entryBlockArgs: variadic(attribute_type())],
        results: [output: single(region_type())],
        attributes: [
            constrainedArguments: optional(AttrConstraint::Unit),
            numberOfBlocks: optional(AttrConstraint::Integer(Some(32))),
        ],
        format: concat!(
            "(`(` $entryBlockArgs $constrainedArguments^ `)`)?",
            " (`with` `size` $numberOfBlocks^)? attr-dict"
        ),
    }
}

strata_ir::define_op! {
    /// A C++ predicate (which Strata cannot evaluate; the loader rejects it).
    pub struct CPredOp = "irdl.c_pred" {
        traits: [PURE],
        results: [output: single(attribute_type())],
        attributes: [pred: required(AttrConstraint::String)],
        format: "$pred attr-dict",
    }
}

strata_ir::dialect_ops!(
    DialectOp,
    TypeOp,
    AttributeOp,
    OperationOp,
    ParametersOp,
    OperandsOp,
    ResultsOp,
    RegionsOp,
    AttributesOp,
    IsOp,
    AnyOp,
    AnyOfOp,
    AllOfOp,
    BaseOp,
    ParametricOp,
    RegionOp,
    CPredOp,
);

/// MLIR's `BaseOp::verify`: a base is named either way, not both.
fn verify_base(ctx: &Context, ir: &Ir, op: OpId) -> DiagResult<()> {
    let base = BaseOp(op);
    if base.base_ref(ctx, ir).is_some() == base.base_name(ctx, ir).is_some() {
        return Err(emit_op_error(
            ctx,
            ir,
            op,
            "the base type or attribute should be specified by either a name or a reference",
        ));
    }
    Ok(())
}

/// `custom<NamedValueList>($args, $names, $variadicity)`: `name: variadic
/// %v, ...` or `%v, ...`. `names` is stored when one value is named (the
/// others are then `v<i>`), `variadicity` when one is not `single`.
const NAMED_VALUE_LIST: CustomDirective = CustomDirective {
    name: "NamedValueList",
    parse: |p, slots| {
        let mut operands = Vec::new();
        let mut names = Vec::new();
        let mut variadicity = Vec::new();
        if !p.is(TokenKind::RParen) {
            loop {
                let mut name = None;
                if p.is(TokenKind::BareIdent) {
                    name = Some(p.parser.text().to_string());
                    p.parser.advance();
                    p.expect(TokenKind::Colon, "':' after name")?;
                }
                let kind = ["single", "optional", "variadic"]
                    .into_iter()
                    .find(|keyword| p.consume_keyword(keyword))
                    .unwrap_or("single");
                operands.push(p.parse_operand()?);
                names.push(name);
                variadicity.push(kind);
                if !p.consume_if(TokenKind::Comma) {
                    break;
                }
            }
        }
        let ctx = p.ctx();
        slots.set_operands(0, operands);
        if names.iter().any(|n| n.is_some()) {
            let attrs: Vec<Attribute> = names
                .iter()
                .enumerate()
                .map(|(i, n)| ctx.string_attr(n.as_deref().unwrap_or(&format!("v{i}"))))
                .collect();
            slots.set_attribute(1, ctx.array_attr(&attrs));
        }
        if variadicity.iter().any(|v| *v != "single") {
            let attrs: Vec<Attribute> = variadicity.iter().map(|v| ctx.string_attr(v)).collect();
            slots.set_attribute(2, ctx.array_attr(&attrs));
        }
        Ok(())
    },
    print: |p, _, values| {
        let ctx = p.ctx();
        let strings = |index: usize| {
            values
                .attribute(index)
                .and_then(|a| ctx.array_elements(a).map(|e| e.to_vec()))
                .unwrap_or_default()
        };
        let (names, variadicity) = (strings(1), strings(2));
        for (i, &value) in values.operands(0).iter().enumerate() {
            if i > 0 {
                p.write(", ");
            }
            if let Some(name) = names.get(i).and_then(|a| ctx.string_value(*a)) {
                p.write(name);
                p.write(": ");
            }
            if let Some(kind) = variadicity.get(i).and_then(|a| ctx.string_value(*a)) {
                if kind != "single" {
                    p.write(kind);
                    p.write(" ");
                }
            }
            p.print_operand(value);
        }
    },
};

/// `custom<AttributesOp>($attributeValues, $attributeValueNames)`:
/// ` {"name" = %v, ...}`, nothing when there are no attributes.
const ATTRIBUTES_OP: CustomDirective = CustomDirective {
    name: "AttributesOp",
    parse: |p, slots| {
        let ctx = p.ctx();
        let mut names = Vec::new();
        let mut operands = Vec::new();
        if p.consume_if(TokenKind::LBrace) && !p.consume_if(TokenKind::RBrace) {
            loop {
                if !p.is(TokenKind::String) {
                    return Err(p.error_here("expected attribute name as a string"));
                }
                let name = String::from_utf8_lossy(&strata_ir::asm::lexer::unescape_string(
                    p.parser.text(),
                ))
                .into_owned();
                p.parser.advance();
                p.expect(TokenKind::Equal, "'='")?;
                operands.push(p.parse_operand()?);
                names.push(ctx.string_attr(&name));
                if !p.consume_if(TokenKind::Comma) {
                    break;
                }
            }
            p.expect(TokenKind::RBrace, "'}'")?;
        }
        slots.set_operands(0, operands);
        slots.set_attribute(1, ctx.array_attr(&names));
        Ok(())
    },
    print: |p, _, values| {
        let ctx = p.ctx();
        let names = values
            .attribute(1)
            .and_then(|a| ctx.array_elements(a).map(|e| e.to_vec()))
            .unwrap_or_default();
        let operands = values.operands(0);
        if operands.is_empty() {
            return;
        }
        p.write(" {");
        for (i, &value) in operands.iter().enumerate() {
            if i > 0 {
                p.write(", ");
            }
            let name = names
                .get(i)
                .and_then(|a| ctx.string_value(*a))
                .unwrap_or("");
            strata_ir::asm::printer::print_escaped_string(&mut p.w.out, name.as_bytes());
            p.write(" = ");
            p.print_operand(value);
        }
        p.write("}");
    },
};

impl Dialect for IrdlDialect {
    fn name(&self) -> &str {
        DIALECT
    }

    fn description(&self) -> &str {
        "IR Definition Language: dialects defined by MLIR files"
    }

    fn operations(&self, _ctx: &Context) -> Vec<OpDefinition> {
        definitions()
    }

    fn parse_type(&self, parser: &mut Parser, mnemonic: &str) -> DiagResult<Type> {
        match mnemonic {
            "attribute" | "region" => Ok(constraint_type(parser.ctx, mnemonic)),
            _ => Err(parser.error_here(format!("unknown irdl type '{mnemonic}'"))),
        }
    }

    fn print_type(&self, ctx: &Context, ty: Type, out: &mut strata_ir::asm::AsmWriter) -> bool {
        match ctx.type_data(ty) {
            TypeData::Dialect { name, .. } => {
                out.write(ctx.str(*name));
                true
            }
            _ => false,
        }
    }
}

#[allow(dead_code)]
fn _assert_send_sync() -> Arc<dyn Dialect> {
    Arc::new(IrdlDialect)
}
