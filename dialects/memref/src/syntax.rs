//! Pieces of memref syntax shared by its ops: indexed accesses
//! (`%m[%i, %j]`) and the `: memref<...>` that closes load-like ops. The
//! mixed static/dynamic index lists are `strata_ir::directives`.

use strata_ir::asm::lexer::TokenKind;
use strata_ir::asm::parser::{OpParser, UnresolvedOperand};
use strata_ir::asm::printer::OpPrinter;
use strata_ir::diagnostics::{DiagResult, Diagnostic};
use strata_ir::{Type, TypeData, Value};

/// Parses `%m[%i, %j]`: a value and its index operands.
pub fn parse_indexed<'a>(
    p: &mut OpParser<'_, 'a>,
) -> DiagResult<(UnresolvedOperand<'a>, Vec<UnresolvedOperand<'a>>)> {
    let base = p.parse_operand()?;
    p.expect(TokenKind::LSquare, "'['")?;
    let indices = p.parse_operand_list()?;
    p.expect(TokenKind::RSquare, "']'")?;
    Ok((base, indices))
}

/// `: memref<...>` closing a load-like op: the memref type and its element
/// type (MLIR's "invalid kind of type specified" for a non-memref).
pub fn parse_memref_colon_type(p: &mut OpParser) -> DiagResult<(Type, Type)> {
    let loc = p.loc();
    let ty = p.parse_colon_type()?;
    let ctx = p.ctx();
    let element = ctx
        .element_type(ty)
        .filter(|_| matches!(ctx.type_data(ty), TypeData::MemRef { .. }))
        .ok_or_else(|| Diagnostic::error(loc, "invalid kind of type specified"))?;
    Ok((ty, element))
}

/// The `index` operands of an indexed access.
pub fn add_index_operands<'a>(
    p: &mut OpParser<'_, 'a>,
    indices: &[UnresolvedOperand<'a>],
) -> DiagResult<()> {
    let index = p.ctx().index_type();
    p.add_operands(indices, &vec![index; indices.len()])
}

/// Prints `%memref[%i, %j]`: `operands[0]` indexed by the rest.
pub fn print_indexed(p: &mut OpPrinter, operands: &[Value]) {
    p.print_operand(operands[0]);
    p.write("[");
    p.print_operands(operands[1..].iter().copied());
    p.write("]");
}
