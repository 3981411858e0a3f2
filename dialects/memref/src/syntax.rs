//! MLIR's `custom<DynamicIndexList>`: `[%a, 4, %b]`, a list mixing SSA
//! values and integers, stored as operands plus a dense i64 array where
//! each operand's place holds [`DYNAMIC`]. Used by subview,
//! reinterpret_cast, expand_shape and the vector dialect.

use strata_ir::asm::lexer::TokenKind;
use strata_ir::asm::parser::{OpParser, UnresolvedOperand};
use strata_ir::asm::printer::OpPrinter;
use strata_ir::diagnostics::{DiagResult, Diagnostic};
use strata_ir::{Type, TypeData, Value, DYNAMIC};

/// Parses `[` (operand | integer) (`,` ...)* `]` (possibly empty).
pub fn parse_dynamic_index_list<'a>(
    p: &mut OpParser<'_, 'a>,
) -> DiagResult<(Vec<UnresolvedOperand<'a>>, Vec<i64>)> {
    parse_dynamic_index_list_in(p, TokenKind::LSquare, TokenKind::RSquare)
}

/// [`parse_dynamic_index_list`] between other delimiters (`(`...`)` for
/// the affine dialect's bases).
pub fn parse_dynamic_index_list_in<'a>(
    p: &mut OpParser<'_, 'a>,
    open: TokenKind,
    close: TokenKind,
) -> DiagResult<(Vec<UnresolvedOperand<'a>>, Vec<i64>)> {
    let mut operands = Vec::new();
    let mut statics = Vec::new();
    p.parser
        .parse_comma_list_in(open, close, "dynamic index list", |parser| {
            if parser.is(TokenKind::PercentIdent) {
                operands.push(parser.parse_operand_ref()?);
                statics.push(DYNAMIC);
                return Ok(());
            }
            let negative = parser.consume_if(TokenKind::Minus);
            if !parser.is(TokenKind::Integer) {
                return Err(parser.error_here("expected SSA value or integer"));
            }
            let text = parser.text();
            let value = parse_int(text).ok_or_else(|| parser.error_here("integer out of range"))?;
            parser.advance();
            statics.push(if negative { -value } else { value });
            Ok(())
        })?;
    Ok((operands, statics))
}

fn parse_int(text: &str) -> Option<i64> {
    if let Some(hex) = text.strip_prefix("0x") {
        i64::from_str_radix(hex, 16).ok()
    } else {
        text.parse().ok()
    }
}

/// Prints `[..]` taking values from `operands` in order where `statics` is dynamic.
pub fn print_dynamic_index_list(p: &mut OpPrinter, operands: &[Value], statics: &[i64]) {
    print_dynamic_index_list_in(p, operands, statics, ("[", "]"));
}

/// [`print_dynamic_index_list`] between other delimiters.
pub fn print_dynamic_index_list_in(
    p: &mut OpPrinter,
    operands: &[Value],
    statics: &[i64],
    (open, close): (&str, &str),
) {
    p.write(open);
    let mut next = 0;
    for (i, &s) in statics.iter().enumerate() {
        if i > 0 {
            p.write(", ");
        }
        if s == DYNAMIC {
            if let Some(&v) = operands.get(next) {
                p.print_operand(v);
            }
            next += 1;
        } else {
            p.write(&s.to_string());
        }
    }
    p.write(close);
}

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
