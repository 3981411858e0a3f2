//! The builtin dialect: `builtin.module` and `builtin.unrealized_conversion_cast`.
//!
//! Builtin types and attributes are part of the core (see `types` and
//! `attributes`); this module holds the two builtin ops and their syntax.

use crate::asm::lexer::TokenKind;
use crate::asm::parser::OpParser;
use crate::asm::printer::OpPrinter;
use crate::constraints::{AttrConstraint, TypeConstraint};
use crate::context::Context;
use crate::diagnostics::DiagResult;
use crate::dialect::Dialect;
use crate::ir::{Ir, OpId};
use crate::opdef::OpDefinition;
use crate::verifier::emit_op_error;

pub struct BuiltinDialect;

impl Dialect for BuiltinDialect {
    fn name(&self) -> &str {
        "builtin"
    }

    fn description(&self) -> &str {
        "modules, unrealized casts, and the builtin types and attributes"
    }

    fn operations(&self, _ctx: &Context) -> Vec<OpDefinition> {
        vec![
            ModuleOp::definition(),
            UnrealizedConversionCastOp::definition(),
        ]
    }
}

crate::define_op! {
    /// A top-level container: one graph region of one block, a symbol table.
    pub struct ModuleOp = "builtin.module" {
        summary: "A top level container operation",
        // MLIR's ModuleOp is an AffineScope: values defined at a module's
        // top level are valid affine symbols for ops nested in it.
        traits: [ISOLATED_FROM_ABOVE, SYMBOL_TABLE, NO_TERMINATOR, SINGLE_BLOCK, GRAPH_REGION, AFFINE_SCOPE],
        attributes: [
            sym_name: optional(AttrConstraint::String),
            sym_visibility: optional(AttrConstraint::String),
        ],
        regions: [bodyRegion: single_block],
        // Builtin ops print without their prefix inside a module, as in MLIR.
        default_dialect: "builtin",
        parse: parse_module,
        print: print_module,
        verify: verify_module,
    }
}

impl ModuleOp {
    /// A detached, empty module (its body block included), as MLIR's
    /// `ModuleOp::create`.
    pub fn create(ctx: &Context, ir: &mut Ir, loc: crate::Location) -> (ModuleOp, crate::BlockId) {
        let mut builder = crate::builder::OpBuilder::new(ctx, ir);
        builder.loc = loc;
        let module = ModuleOp::build(&mut builder, None, None);
        let body = ir.append_block(module.bodyRegion(ir), &[]);
        (module, body)
    }

    /// The body block.
    pub fn body(self, ir: &Ir) -> crate::BlockId {
        ir.entry_block(self.bodyRegion(ir))
            .expect("a module has its body block")
    }
}

/// MLIR's `ModuleOp::verify`: discardable attributes need a dialect prefix.
fn verify_module(ctx: &Context, ir: &Ir, op: OpId) -> DiagResult<()> {
    if ir.num_operands(op) != 0 {
        return Err(emit_op_error(ctx, ir, op, "requires zero operands"));
    }
    if ir.num_results(op) != 0 {
        return Err(emit_op_error(ctx, ir, op, "requires zero results"));
    }
    let has_args = ir.regions(op).iter().any(|&r| {
        ir.region_blocks(r)
            .first()
            .is_some_and(|&b| !ir.block_args(b).is_empty())
    });
    if has_args {
        return Err(emit_op_error(
            ctx,
            ir,
            op,
            "region should have no arguments",
        ));
    }
    for &(name, _) in ctx.dictionary_entries(ir.attributes(op)) {
        let name = ctx.str(name);
        if !name.contains('.') && name != "sym_name" && name != "sym_visibility" {
            return Err(emit_op_error(
                ctx,
                ir,
                op,
                format!("can only contain attributes with dialect-prefixed names, found: '{name}'"),
            ));
        }
    }
    Ok(())
}

/// `module @name? (attributes {...})? { ... }`
fn parse_module(p: &mut OpParser) -> DiagResult<()> {
    if p.is(TokenKind::AtIdent) {
        let name = p.parse_symbol_name()?;
        let value = p.ctx().string_attr(&name);
        p.add_property("sym_name", value);
    }
    p.parse_optional_attr_dict(true)?;
    let region = p.parse_region(&[])?;
    // A module body always has one block.
    if p.ir().region_is_empty(region) {
        p.ir().append_block(region, &[]);
    }
    Ok(())
}

fn print_module(p: &mut OpPrinter, op: OpId) {
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

crate::define_op! {
    /// An unrealized conversion from one set of types to another.
    pub struct UnrealizedConversionCastOp = "builtin.unrealized_conversion_cast" {
        summary: "An unrealized conversion from one set of types to another",
        traits: [PURE],
        operands: [inputs: variadic(TypeConstraint::Any)],
        results: [outputs: variadic(TypeConstraint::Any)],
        parse: parse_cast,
        print: print_cast,
    }
}

/// `($inputs^ `:` type($inputs))? `to` type($outputs) attr-dict`
fn parse_cast(p: &mut OpParser) -> DiagResult<()> {
    let operands = p.parse_operand_list()?;
    let mut types = Vec::new();
    if !operands.is_empty() {
        p.expect(TokenKind::Colon, "':'")?;
        types = p.parse_type_list()?;
    }
    p.add_operands(&operands, &types)?;
    p.expect_keyword("to")?;
    let results = p.parse_type_list()?;
    p.add_result_types(&results);
    p.parse_optional_attr_dict(false)
}

fn print_cast(p: &mut OpPrinter, op: OpId) {
    let operands: Vec<_> = p.ir.operands(op).collect();
    if !operands.is_empty() {
        p.write(" ");
        p.print_operands(operands.iter().copied());
        p.write(" : ");
        let types: Vec<_> = operands.iter().map(|&v| p.ir.value_type(v)).collect();
        p.print_types(types);
    }
    p.write(" to ");
    let results: Vec<_> = p.ir.results(op).map(|v| p.ir.value_type(v)).collect();
    p.print_types(results);
    p.print_optional_attr_dict(op, &[], false);
}
