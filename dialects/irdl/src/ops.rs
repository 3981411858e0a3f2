//! The `irdl` dialect itself: MLIR's IRDL ops with MLIR's syntax.

use std::sync::Arc;
use strata_ir::asm::lexer::TokenKind;
use strata_ir::asm::parser::OpParser;
use strata_ir::asm::printer::OpPrinter;
use strata_ir::asm::Parser;
use strata_ir::constraints::AttrConstraint;
use strata_ir::diagnostics::DiagResult;
use strata_ir::opdef::{AttrDef, RegionDef};
use strata_ir::{
    AttrData, Attribute, Context, Dialect, OpDefinition, OpId, OpTraits, Type, TypeData,
};

pub struct IrdlDialect;

/// The type of every constraint value (`!irdl.attribute`) and region constraint (`!irdl.region`).
pub(crate) fn constraint_type(ctx: &Context, name: &str) -> Type {
    ctx.intern_type(TypeData::Dialect {
        dialect: ctx.intern_str("irdl"),
        name: ctx.intern_str(name),
        params: Box::new([]),
    })
}

impl Dialect for IrdlDialect {
    fn name(&self) -> &str {
        "irdl"
    }

    fn description(&self) -> &str {
        "IR Definition Language: dialects defined by MLIR files"
    }

    fn operations(&self, _ctx: &Context) -> Vec<OpDefinition> {
        let symbol_attr = || vec![AttrDef::required("sym_name", AttrConstraint::String)];
        let container = |name: &str, traits: OpTraits| {
            let mut def = OpDefinition::new(name);
            def.traits =
                traits | OpTraits::NO_TERMINATOR | OpTraits::SINGLE_BLOCK | OpTraits::SYMBOL;
            def.attributes = symbol_attr();
            def.regions = vec![RegionDef {
                name: "body".into(),
                variadic: false,
                single_block: true,
            }];
            def.hooks.parse = Some(parse_symbol_with_body);
            def.hooks.print = Some(print_symbol_with_body);
            def
        };
        let mut defs = vec![
            container(
                "irdl.dialect",
                OpTraits::ISOLATED_FROM_ABOVE | OpTraits::SYMBOL_TABLE,
            ),
            container("irdl.type", OpTraits::NONE),
            container("irdl.attribute", OpTraits::NONE),
            container("irdl.operation", OpTraits::NONE),
        ];
        for name in [
            "irdl.parameters",
            "irdl.operands",
            "irdl.results",
            "irdl.regions",
        ] {
            let mut def = OpDefinition::new(name);
            def.hooks.parse = Some(parse_named_list);
            def.hooks.print = Some(print_named_list);
            defs.push(def);
        }
        let mut attributes = OpDefinition::new("irdl.attributes");
        attributes.hooks.parse = Some(parse_attribute_map);
        attributes.hooks.print = Some(print_attribute_map);
        defs.push(attributes);
        let simple: [(&str, ParseHook, PrintHook); 6] = [
            ("irdl.is", parse_is, print_is),
            ("irdl.any", parse_any, print_any),
            ("irdl.any_of", parse_value_list, print_value_list),
            ("irdl.all_of", parse_value_list, print_value_list),
            ("irdl.base", parse_base, print_base),
            ("irdl.parametric", parse_parametric, print_parametric),
        ];
        for (name, parse, print) in simple {
            let mut def = OpDefinition::new(name);
            def.traits = OpTraits::PURE;
            def.hooks.parse = Some(parse);
            def.hooks.print = Some(print);
            defs.push(def);
        }
        let mut region = OpDefinition::new("irdl.region");
        region.traits = OpTraits::PURE;
        region.hooks.parse = Some(parse_region_constraint);
        region.hooks.print = Some(print_region_constraint);
        defs.push(region);
        let mut c_pred = OpDefinition::new("irdl.c_pred");
        c_pred.traits = OpTraits::PURE;
        c_pred.hooks.parse = Some(parse_c_pred);
        c_pred.hooks.print = Some(print_c_pred);
        defs.push(c_pred);
        defs
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

/// The custom parse and print hooks of an op (`OpHooks::parse`/`print`).
type ParseHook = fn(&mut OpParser) -> DiagResult<()>;
type PrintHook = fn(&mut OpPrinter, OpId);

fn result_attribute(p: &mut OpParser) {
    let ty = constraint_type(p.ctx(), "attribute");
    p.add_result_types(&[ty]);
}

/// `@name attributes {...}? { body }`
fn parse_symbol_with_body(p: &mut OpParser) -> DiagResult<()> {
    let name = p.parse_symbol_name()?;
    let value = p.ctx().string_attr(&name);
    p.add_property("sym_name", value);
    p.parse_optional_attr_dict(true)?;
    let region = p.parse_region(&[])?;
    if p.ir().region_is_empty(region) {
        p.ir().append_block(region, &[]);
    }
    Ok(())
}

fn print_symbol_with_body(p: &mut OpPrinter, op: OpId) {
    let ctx = p.ctx();
    if let Some(name) =
        p.ir.attr(ctx, op, "sym_name")
            .and_then(|a| ctx.string_value(a))
    {
        p.write(" ");
        p.print_symbol_name(name);
    }
    p.print_optional_attr_dict(op, &["sym_name"], true);
    p.write(" ");
    let region = p.ir.region(op, 0);
    p.print_region(region, false, false);
}

/// `(name: variadic %v, ...)` or `(%v, ...)`: names and variadicity become properties.
fn parse_named_list(p: &mut OpParser) -> DiagResult<()> {
    p.expect(TokenKind::LParen, "'('")?;
    let mut operands = Vec::new();
    let mut names = Vec::new();
    let mut variadicity = Vec::new();
    if !p.consume_if(TokenKind::RParen) {
        loop {
            let mut name = None;
            if p.is(TokenKind::BareIdent) {
                name = Some(p.parser.text().to_string());
                p.parser.advance();
                p.expect(TokenKind::Colon, "':' after name")?;
            }
            let mut kind = "single";
            for keyword in ["single", "optional", "variadic"] {
                if p.consume_keyword(keyword) {
                    kind = keyword;
                    break;
                }
            }
            operands.push(p.parse_operand()?);
            names.push(name);
            variadicity.push(kind);
            if !p.consume_if(TokenKind::Comma) {
                break;
            }
        }
        p.expect(TokenKind::RParen, "')'")?;
    }
    let ctx = p.ctx();
    // `irdl.regions` lists region constraints; the others list attribute constraints.
    let kind = if p.definition.name == "irdl.regions" {
        "region"
    } else {
        "attribute"
    };
    let types = vec![constraint_type(ctx, kind); operands.len()];
    p.add_operands(&operands, &types)?;
    if names.iter().any(|n| n.is_some()) {
        let attrs: Vec<Attribute> = names
            .iter()
            .enumerate()
            .map(|(i, n)| ctx.string_attr(n.as_deref().unwrap_or(&format!("v{i}"))))
            .collect();
        p.add_property("names", ctx.array_attr(&attrs));
    }
    if variadicity.iter().any(|v| *v != "single") {
        let attrs: Vec<Attribute> = variadicity.iter().map(|v| ctx.string_attr(v)).collect();
        p.add_property("variadicity", ctx.array_attr(&attrs));
    }
    p.parse_optional_attr_dict(false)
}

fn print_named_list(p: &mut OpPrinter, op: OpId) {
    let ctx = p.ctx();
    let names =
        p.ir.property(ctx, op, "names")
            .and_then(|a| ctx.array_elements(a).map(|e| e.to_vec()));
    let variadicity =
        p.ir.property(ctx, op, "variadicity")
            .and_then(|a| ctx.array_elements(a).map(|e| e.to_vec()));
    p.write("(");
    let operands: Vec<_> = p.ir.operands(op).collect();
    for (i, value) in operands.into_iter().enumerate() {
        if i > 0 {
            p.write(", ");
        }
        if let Some(name) = names
            .as_ref()
            .and_then(|n| n.get(i))
            .and_then(|a| ctx.string_value(*a))
        {
            p.write(name);
            p.write(": ");
        }
        if let Some(kind) = variadicity
            .as_ref()
            .and_then(|v| v.get(i))
            .and_then(|a| ctx.string_value(*a))
        {
            if kind != "single" {
                p.write(kind);
                p.write(" ");
            }
        }
        p.print_operand(value);
    }
    p.write(")");
    p.print_optional_attr_dict(op, &["names", "variadicity"], false);
}

/// `{"name" = %v, ...}` (possibly absent).
fn parse_attribute_map(p: &mut OpParser) -> DiagResult<()> {
    let ctx = p.ctx();
    let mut names = Vec::new();
    if p.consume_if(TokenKind::LBrace) && !p.consume_if(TokenKind::RBrace) {
        loop {
            if !p.is(TokenKind::String) {
                return Err(p.error_here("expected attribute name as a string"));
            }
            let name =
                String::from_utf8_lossy(&strata_ir::asm::lexer::unescape_string(p.parser.text()))
                    .into_owned();
            p.parser.advance();
            p.expect(TokenKind::Equal, "'='")?;
            let operand = p.parse_operand()?;
            let value = p.resolve_operand(&operand, constraint_type(ctx, "attribute"))?;
            p.state.operands.push(value);
            names.push(ctx.string_attr(&name));
            if !p.consume_if(TokenKind::Comma) {
                break;
            }
        }
        p.expect(TokenKind::RBrace, "'}'")?;
    }
    p.add_property("attributeValueNames", ctx.array_attr(&names));
    Ok(())
}

fn print_attribute_map(p: &mut OpPrinter, op: OpId) {
    let ctx = p.ctx();
    let names =
        p.ir.property(ctx, op, "attributeValueNames")
            .and_then(|a| ctx.array_elements(a).map(|e| e.to_vec()))
            .unwrap_or_default();
    let operands: Vec<_> = p.ir.operands(op).collect();
    if operands.is_empty() {
        return;
    }
    p.write(" {");
    for (i, value) in operands.into_iter().enumerate() {
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
}

fn parse_is(p: &mut OpParser) -> DiagResult<()> {
    let attr = p.parse_attribute(None)?;
    p.add_property("expected", attr);
    p.parse_optional_attr_dict(false)?;
    result_attribute(p);
    Ok(())
}

fn print_is(p: &mut OpPrinter, op: OpId) {
    let ctx = p.ctx();
    if let Some(attr) = p.ir.property(ctx, op, "expected") {
        p.write(" ");
        p.print_attribute(attr);
    }
    p.print_optional_attr_dict(op, &["expected"], false);
}

fn parse_any(p: &mut OpParser) -> DiagResult<()> {
    p.parse_optional_attr_dict(false)?;
    result_attribute(p);
    Ok(())
}

fn print_any(p: &mut OpPrinter, op: OpId) {
    p.print_optional_attr_dict(op, &[], false);
}

/// `(%a, %b)`
fn parse_value_list(p: &mut OpParser) -> DiagResult<()> {
    p.expect(TokenKind::LParen, "'('")?;
    let operands = p.parse_operand_list()?;
    p.expect(TokenKind::RParen, "')'")?;
    let ty = constraint_type(p.ctx(), "attribute");
    p.add_operands(&operands, &vec![ty; operands.len()])?;
    p.parse_optional_attr_dict(false)?;
    result_attribute(p);
    Ok(())
}

fn print_value_list(p: &mut OpPrinter, op: OpId) {
    p.write("(");
    let operands: Vec<_> = p.ir.operands(op).collect();
    p.print_operands(operands);
    p.write(")");
    p.print_optional_attr_dict(op, &[], false);
}

/// `@ref` (a type or attribute of a dialect) or `"!builtin.integer"`.
fn parse_base(p: &mut OpParser) -> DiagResult<()> {
    let attr = p.parse_attribute(None)?;
    let ctx = p.ctx();
    match ctx.attr_data(attr) {
        AttrData::SymbolRef { .. } => p.add_property("base_ref", attr),
        AttrData::String { .. } => p.add_property("base_name", attr),
        _ => return Err(p.error_here("expected a symbol reference or a string naming the base")),
    }
    p.parse_optional_attr_dict(false)?;
    result_attribute(p);
    Ok(())
}

fn print_base(p: &mut OpPrinter, op: OpId) {
    let ctx = p.ctx();
    if let Some(attr) =
        p.ir.property(ctx, op, "base_ref")
            .or_else(|| p.ir.property(ctx, op, "base_name"))
    {
        p.write(" ");
        p.print_attribute(attr);
    }
    p.print_optional_attr_dict(op, &["base_ref", "base_name"], false);
}

/// `@ref<%a, %b>`
fn parse_parametric(p: &mut OpParser) -> DiagResult<()> {
    let reference = p.parse_attribute(None)?;
    if !matches!(p.ctx().attr_data(reference), AttrData::SymbolRef { .. }) {
        return Err(p.error_here("expected a symbol reference to a type or attribute definition"));
    }
    p.add_property("base_type", reference);
    p.expect(TokenKind::Less, "'<'")?;
    let operands = p.parse_operand_list()?;
    p.expect(TokenKind::Greater, "'>'")?;
    let ty = constraint_type(p.ctx(), "attribute");
    p.add_operands(&operands, &vec![ty; operands.len()])?;
    p.parse_optional_attr_dict(false)?;
    result_attribute(p);
    Ok(())
}

fn print_parametric(p: &mut OpPrinter, op: OpId) {
    let ctx = p.ctx();
    if let Some(attr) = p.ir.property(ctx, op, "base_type") {
        p.write(" ");
        p.print_attribute(attr);
    }
    p.write("<");
    let operands: Vec<_> = p.ir.operands(op).collect();
    p.print_operands(operands);
    p.write(">");
    p.print_optional_attr_dict(op, &["base_type"], false);
}

/// `irdl.region`, `irdl.region(%a, %b)`, `irdl.region with size 3`.
fn parse_region_constraint(p: &mut OpParser) -> DiagResult<()> {
    let ctx = p.ctx();
    if p.consume_if(TokenKind::LParen) {
        let operands = p.parse_operand_list()?;
        p.expect(TokenKind::RParen, "')'")?;
        let ty = constraint_type(ctx, "attribute");
        p.add_operands(&operands, &vec![ty; operands.len()])?;
        p.add_property("constrainedArguments", ctx.unit_attr());
    }
    if p.consume_keyword("with") {
        p.expect_keyword("size")?;
        let size = p.parse_attribute(Some(ctx.signless(32)))?;
        p.add_property("numberOfBlocks", size);
    }
    p.parse_optional_attr_dict(false)?;
    let ty = constraint_type(ctx, "region");
    p.add_result_types(&[ty]);
    Ok(())
}

fn print_region_constraint(p: &mut OpPrinter, op: OpId) {
    let ctx = p.ctx();
    if p.ir.property(ctx, op, "constrainedArguments").is_some() {
        p.write("(");
        let operands: Vec<_> = p.ir.operands(op).collect();
        p.print_operands(operands);
        p.write(")");
    }
    if let Some(size) = p.ir.property(ctx, op, "numberOfBlocks") {
        p.write(" with size ");
        p.print_attribute_without_type(size);
    }
    p.print_optional_attr_dict(op, &["constrainedArguments", "numberOfBlocks"], false);
}

fn parse_c_pred(p: &mut OpParser) -> DiagResult<()> {
    let pred = p.parse_attribute(None)?;
    p.add_property("pred", pred);
    p.parse_optional_attr_dict(false)?;
    result_attribute(p);
    Ok(())
}

fn print_c_pred(p: &mut OpPrinter, op: OpId) {
    let ctx = p.ctx();
    if let Some(pred) = p.ir.property(ctx, op, "pred") {
        p.write(" ");
        p.print_attribute(pred);
    }
    p.print_optional_attr_dict(op, &["pred"], false);
}

#[allow(dead_code)]
fn _assert_send_sync() -> Arc<dyn Dialect> {
    Arc::new(IrdlDialect)
}
