//! Pieces of op syntax that many dialects share, defined once: MLIR's
//! "mixed static/dynamic" index lists and the `custom<...>` directives that
//! assembly formats name them by.
//!
//! A mixed list such as `[0, %i, 4]` is stored the way MLIR stores it: a
//! `array<i64>` property with [`DYNAMIC`] where an SSA value stands, plus the
//! SSA values as an operand group. `tensor.extract_slice`, `memref.subview`,
//! `tensor.pad`, `scf.forall`, `linalg.pack`, `affine.delinearize_index` and
//! the vector dialect's positions all spell it, so it lives here, below
//! every dialect, and each of them reads and writes it one way.
//!
//! [`SYMBOL_NAME`] is MLIR's `SymbolNameAttr` in a format (`@name`).
//!
//! Every format knows the directives in [`SHARED`]:
//!
//! ```text
//! format: "$source `` custom<DynamicIndexList>($offsets, $static_offsets) attr-dict `:` type($source)",
//! ```

use crate::asm::lexer::TokenKind;
use crate::asm::parser::{OpParser, UnresolvedOperand};
use crate::asm::printer::OpPrinter;
use crate::diagnostics::DiagResult;
use crate::format::{CustomDirective, DirectiveSlots, DirectiveValues};
use crate::ir::{OpId, Value};
use crate::types::DYNAMIC;

/// The directives every assembly format may name.
pub const SHARED: &[&CustomDirective] = &[&DYNAMIC_INDEX_LIST, &DYNAMIC_INDEX_LIST_PARENS];

/// `custom<DynamicIndexList>($values, $static_values)`: `[0, %i, 4]`.
pub const DYNAMIC_INDEX_LIST: CustomDirective = CustomDirective {
    name: "DynamicIndexList",
    parse: |p, slots| parse_directive(p, slots, Delimiter::Square),
    print: |p, _, values| print_directive(p, values, Delimiter::Square),
};

/// `custom<DynamicIndexListParens>($values, $static_values)`: `(0, %i, 4)`
/// (MLIR's `DynamicIndexList` with `AsmParser::Delimiter::Paren`).
pub const DYNAMIC_INDEX_LIST_PARENS: CustomDirective = CustomDirective {
    name: "DynamicIndexListParens",
    parse: |p, slots| parse_directive(p, slots, Delimiter::Paren),
    print: |p, _, values| print_directive(p, values, Delimiter::Paren),
};

fn parse_directive<'a>(
    p: &mut OpParser<'_, 'a>,
    slots: &mut DirectiveSlots<'a>,
    delimiter: Delimiter,
) -> DiagResult<()> {
    let (statics, dynamics) = parse_dynamic_index_list(p, delimiter)?;
    slots.set_operands(0, dynamics);
    slots.set_attribute(1, p.ctx().dense_i64_array(&statics));
    Ok(())
}

fn print_directive(p: &mut OpPrinter, values: &DirectiveValues, delimiter: Delimiter) {
    let statics = values
        .attribute(1)
        .and_then(|a| p.ctx().dense_array_i64(a))
        .unwrap_or_default();
    print_dynamic_index_list(p, &statics, values.operands(0), delimiter);
}

/// The brackets around a dynamic index list (MLIR's `AsmParser::Delimiter`):
/// `[...]` for slices and positions, `(...)` for `scf.forall` bounds and
/// affine bases.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Delimiter {
    Square,
    Paren,
}

impl Delimiter {
    fn tokens(self) -> (TokenKind, TokenKind, &'static str, &'static str) {
        match self {
            Delimiter::Square => (TokenKind::LSquare, TokenKind::RSquare, "[", "]"),
            Delimiter::Paren => (TokenKind::LParen, TokenKind::RParen, "(", ")"),
        }
    }
}

/// Parses MLIR's `parseDynamicIndexList`: a delimited, possibly empty list
/// of SSA values and integers. Returns the static values ([`DYNAMIC`]
/// where an SSA value stands) and the SSA values in order.
pub fn parse_dynamic_index_list<'a>(
    p: &mut OpParser<'_, 'a>,
    delimiter: Delimiter,
) -> DiagResult<(Vec<i64>, Vec<UnresolvedOperand<'a>>)> {
    let (open, close, open_text, close_text) = delimiter.tokens();
    let mut statics = Vec::new();
    let mut dynamics = Vec::new();
    if !p.consume_if(open) {
        return Err(p.token_error_here(format!("expected '{open_text}' in dynamic index list")));
    }
    if p.consume_if(close) {
        return Ok((statics, dynamics));
    }
    loop {
        if let Some(operand) = p.parse_optional_operand()? {
            dynamics.push(operand);
            statics.push(DYNAMIC);
        } else {
            statics.push(parse_i64(p)?);
        }
        if !p.consume_if(TokenKind::Comma) {
            break;
        }
    }
    if !p.consume_if(close) {
        return Err(p.token_error_here(format!("expected '{close_text}' in dynamic index list")));
    }
    Ok((statics, dynamics))
}

/// Parses a (possibly negative, possibly hexadecimal) 64-bit integer, with
/// MLIR's errors: "expected integer value" (from the op's parser, so
/// prefixed `custom op 'NAME'`), "integer value too large".
pub fn parse_i64(p: &mut OpParser) -> DiagResult<i64> {
    let negative = p.consume_if(TokenKind::Minus);
    if !p.is(TokenKind::Integer) {
        return Err(p.error_here("expected integer value"));
    }
    let text = p.parser.text();
    let magnitude = match text.strip_prefix("0x") {
        Some(hex) => u64::from_str_radix(hex, 16).ok(),
        None => text.parse::<u64>().ok(),
    };
    let value = magnitude.and_then(|m| {
        if negative {
            0i64.checked_sub_unsigned(m)
        } else {
            i64::try_from(m).ok()
        }
    });
    let Some(value) = value else {
        return Err(p.token_error_here("integer value too large"));
    };
    p.parser.advance();
    Ok(value)
}

/// Prints a dynamic index list: the static values, with the next SSA value
/// of `dynamics` where a value is [`DYNAMIC`].
pub fn print_dynamic_index_list(
    p: &mut OpPrinter,
    statics: &[i64],
    dynamics: &[Value],
    delimiter: Delimiter,
) {
    let (_, _, open, close) = delimiter.tokens();
    p.write(open);
    let mut next = dynamics.iter();
    for (i, &value) in statics.iter().enumerate() {
        if i > 0 {
            p.write(", ");
        }
        if value == DYNAMIC {
            if let Some(&v) = next.next() {
                p.print_operand(v);
            }
        } else {
            p.write(&value.to_string());
        }
    }
    p.write(close);
}

/// The op's static values for a `static_*` property, or none.
pub fn static_values(ctx: &crate::Context, ir: &crate::Ir, op: OpId, name: &str) -> Vec<i64> {
    ir.attr(ctx, op, name)
        .and_then(|a| ctx.dense_array_i64(a))
        .unwrap_or_default()
}

/// `$sym_name` of a symbol op (MLIR's `SymbolNameAttr`): written `@name`,
/// stored as a string attribute.
pub const SYMBOL_NAME: crate::opdef::AttrSyntax = crate::opdef::AttrSyntax {
    parse: |p| {
        let name = p.parse_symbol_name()?;
        Ok(Some(p.ctx().string_attr(&name)))
    },
    print: |p, attr| {
        let name = p.ctx().string_value(attr).unwrap_or_default().to_string();
        p.print_symbol_name(&name);
    },
};
