//! Pieces of custom syntax shared by the structured ops (and by the
//! `affine` dialect, whose loops read the same way): assignment lists
//! `(%a = %x, %b = %y)`, arrow type lists `-> (f32, i32)` / `-> f32`, and
//! MLIR's `ensureTerminator` for hand-written parsers, which lets an
//! operand-less terminator (the op's declared `implicit_terminator`) be
//! left out of the text.

use strata_ir::asm::lexer::TokenKind;
use strata_ir::asm::parser::{BlockArgDecl, OpParser, UnresolvedOperand};
use strata_ir::asm::printer::OpPrinter;
use strata_ir::diagnostics::DiagResult;
use strata_ir::format::ensure_terminator;
use strata_ir::{Ir, RegionId, Type, Value};

/// Parses `(%inner = %outer, ...)`: the region arguments and the operands
/// that initialise them (MLIR's `parseAssignmentList`).
#[allow(clippy::type_complexity)]
pub fn parse_assignment_list<'a>(
    p: &mut OpParser<'_, 'a>,
) -> DiagResult<(Vec<UnresolvedOperand<'a>>, Vec<UnresolvedOperand<'a>>)> {
    let mut inner = Vec::new();
    let mut outer = Vec::new();
    p.parser.parse_comma_list_in(
        TokenKind::LParen,
        TokenKind::RParen,
        "assignment list",
        |parser| {
            inner.push(parser.parse_operand_ref()?);
            parser.expect(TokenKind::Equal, "'='")?;
            outer.push(parser.parse_operand_ref()?);
            Ok(())
        },
    )?;
    Ok((inner, outer))
}

/// Prints `prefix(%inner = %outer, ...)`, nothing when empty.
pub fn print_assignment_list(p: &mut OpPrinter, prefix: &str, inner: &[Value], outer: &[Value]) {
    if outer.is_empty() {
        return;
    }
    p.write(prefix);
    p.write("(");
    for (i, (&a, &b)) in inner.iter().zip(outer).enumerate() {
        if i > 0 {
            p.write(", ");
        }
        p.print_operand(a);
        p.write(" = ");
        p.print_operand(b);
    }
    p.write(")");
}

/// Parses `-> type` or `-> (type, ...)` (MLIR's `parseArrowTypeList`).
pub fn parse_arrow_types(p: &mut OpParser) -> DiagResult<Vec<Type>> {
    p.expect(TokenKind::Arrow, "'->'")?;
    p.parse_type_list_maybe_parens()
}

/// Prints ` -> t` or ` -> (t1, t2)` (MLIR's `printOptionalArrowTypeList`);
/// nothing for no types.
pub fn print_optional_arrow_types(p: &mut OpPrinter, types: &[Type]) {
    if types.is_empty() {
        return;
    }
    p.write(" -> ");
    print_type_list_maybe_parens(p, types);
}

/// One non-function type bare, otherwise in parentheses (MLIR's
/// `printArrowTypeList` rule).
pub fn print_type_list_maybe_parens(p: &mut OpPrinter, types: &[Type]) {
    let ctx = p.ctx();
    let wrap = types.len() != 1 || ctx.function_signature(types[0]).is_some();
    if wrap {
        p.write("(");
    }
    p.print_types(types.iter().copied());
    if wrap {
        p.write(")");
    }
}

/// Block argument declarations for a region whose arguments are named
/// outside it (`%i` of `scf.for`, the `iter_args`).
pub fn block_args<'a>(names: &[UnresolvedOperand<'a>], types: &[Type]) -> Vec<BlockArgDecl<'a>> {
    names
        .iter()
        .zip(types)
        .map(|(n, &ty)| BlockArgDecl {
            operand: n.clone(),
            ty,
            loc: None,
        })
        .collect()
}

/// MLIR's `ensureTerminator` for the op being parsed: gives an empty
/// region one block with `arg_types` and ends a block lacking a terminator
/// with the op's declared `implicit_terminator`.
pub fn ensure_implicit_terminator(p: &mut OpParser, region: RegionId, arg_types: &[Type]) {
    let definition = p.definition;
    let terminator = definition
        .implicit_terminator
        .as_deref()
        .expect("the op declares its implicit_terminator");
    let loc = p.op_loc();
    ensure_terminator(p.ctx(), p.ir(), region, arg_types, terminator, loc);
}

/// Parses `{ then } (else { else })?` for an if-like op whose regions end
/// in its implicit terminator (inserted when the text leaves it out); an
/// absent else region is added empty.
pub fn parse_then_else_regions(p: &mut OpParser) -> DiagResult<()> {
    let then_region = p.parse_region(&[])?;
    ensure_implicit_terminator(p, then_region, &[]);
    if p.consume_keyword("else") {
        let else_region = p.parse_region(&[])?;
        ensure_implicit_terminator(p, else_region, &[]);
    } else {
        p.add_empty_region();
    }
    Ok(())
}

/// The types of `values`.
pub fn types_of(ir: &Ir, values: &[Value]) -> Vec<Type> {
    values.iter().map(|&v| ir.value_type(v)).collect()
}
