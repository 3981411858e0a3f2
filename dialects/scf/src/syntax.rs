//! Pieces of custom syntax shared by the structured ops (and by the
//! `affine` dialect, whose loops read the same way): assignment lists
//! `(%a = %x, %b = %y)`, arrow type lists `-> (f32, i32)` / `-> f32`, and
//! MLIR's `ensureTerminator`, which lets an empty `scf.yield` be left out
//! of the text.

use strata_ir::asm::lexer::TokenKind;
use strata_ir::asm::parser::{BlockArgDecl, OpParser, UnresolvedOperand};
use strata_ir::asm::printer::OpPrinter;
use strata_ir::diagnostics::DiagResult;
use strata_ir::opdef::OpTraits;
use strata_ir::{Context, InsertPoint, Ir, Location, OperationState, RegionId, Type, Value};

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

/// Parses `-> type` or `-> (type, ...)` after the arrow has been seen
/// (MLIR's `parseArrowTypeList` / `parseOptionalArrowTypeList`).
pub fn parse_arrow_types(p: &mut OpParser) -> DiagResult<Vec<Type>> {
    p.expect(TokenKind::Arrow, "'->'")?;
    parse_type_list_maybe_parens(p)
}

/// `type` or `(type, ...)` (possibly `()`).
pub fn parse_type_list_maybe_parens(p: &mut OpParser) -> DiagResult<Vec<Type>> {
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

/// MLIR's `SingleBlockImplicitTerminator::ensureTerminator`: gives an empty
/// region one block with `arg_types`, and ends a block that lacks a
/// terminator with `terminator` (no operands).
pub fn ensure_terminator(
    ctx: &Context,
    ir: &mut Ir,
    region: RegionId,
    arg_types: &[Type],
    terminator: &str,
    loc: Location,
) {
    if ir.region_is_empty(region) {
        ir.append_block(region, arg_types);
    }
    let block = ir.region_blocks(region)[0];
    let has_terminator = ir.last_op(block).is_some_and(|last| {
        ctx.op_definition(ir.op_name(last))
            .is_some_and(|d| d.has_trait(OpTraits::TERMINATOR))
    });
    if !has_terminator {
        let state = OperationState::new(ctx, terminator, loc);
        ir.create_op(state, InsertPoint::BlockEnd(block));
    }
}

/// Parses `{ then } (else { else })?` for an if-like op whose regions end
/// in `terminator` (inserted when the text leaves it out); an absent else
/// region is added empty.
pub fn parse_then_else_regions(p: &mut OpParser, terminator: &str) -> DiagResult<()> {
    let ctx = p.ctx();
    let loc = p.op_loc();
    let then_region = p.parse_region(&[])?;
    ensure_terminator(ctx, p.ir(), then_region, &[], terminator, loc);
    if p.consume_keyword("else") {
        let else_region = p.parse_region(&[])?;
        ensure_terminator(ctx, p.ir(), else_region, &[], terminator, loc);
    } else {
        p.add_empty_region();
    }
    Ok(())
}

/// Whether `region` holds one block whose only op is an operand-less
/// terminator (a body the custom syntax can print as `{\n}`).
pub fn is_trivial_body(ir: &Ir, region: RegionId) -> bool {
    match ir.region_blocks(region) {
        [block] => {
            let mut ops = ir.block_ops(*block);
            match (ops.next(), ops.next()) {
                (Some(only), None) => ir.num_operands(only) == 0,
                _ => false,
            }
        }
        _ => false,
    }
}

/// The types of `values`.
pub fn types_of(ir: &Ir, values: &[Value]) -> Vec<Type> {
    values.iter().map(|&v| ir.value_type(v)).collect()
}
