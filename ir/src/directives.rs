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

/// Parses `[1, 2, 3]` (possibly empty).
pub fn parse_i64_list(p: &mut OpParser) -> DiagResult<Vec<i64>> {
    let mut out = Vec::new();
    p.expect(TokenKind::LSquare, "'['")?;
    if p.consume_if(TokenKind::RSquare) {
        return Ok(out);
    }
    loop {
        out.push(parse_i64(p)?);
        if !p.consume_if(TokenKind::Comma) {
            break;
        }
    }
    p.expect(TokenKind::RSquare, "']'")?;
    Ok(out)
}

pub fn print_i64_list(pr: &mut OpPrinter, values: &[i64]) {
    pr.write("[");
    for (i, v) in values.iter().enumerate() {
        if i > 0 {
            pr.write(", ");
        }
        pr.write(&v.to_string());
    }
    pr.write("]");
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

/// [`SYMBOL_NAME`] where the name may be left out (`($sym_name^)?`, as
/// `builtin.module`'s): absent unless an `@name` comes next (MLIR's
/// `parseOptionalSymbolName`).
pub const OPTIONAL_SYMBOL_NAME: crate::opdef::AttrSyntax = crate::opdef::AttrSyntax {
    parse: |p| {
        if !p.is(TokenKind::AtIdent) {
            return Ok(None);
        }
        (SYMBOL_NAME.parse)(p)
    },
    print: SYMBOL_NAME.print,
};

// ---------------------------------------------------------------------------
// Offsets, sizes and strides as lists (MLIR's OffsetSizeAndStrideOpInterface)
// ---------------------------------------------------------------------------

/// One entry of a mixed static/dynamic list (MLIR's `OpFoldResult`): a
/// static value, or [`DYNAMIC`] with the operand holding it.
pub type MixedEntry = (i64, Option<Value>);

/// The static attributes of an op with offsets, sizes and strides
/// (`memref.subview`, `memref.reinterpret_cast`, `tensor.extract_slice`).
pub const OFFSET_SIZE_STRIDE_ATTRS: [&str; 3] =
    ["static_offsets", "static_sizes", "static_strides"];

/// The offsets, sizes and strides of `op`, whose operands are a source and
/// then the three dynamic groups.
pub fn offset_size_stride_lists(
    ctx: &crate::Context,
    ir: &crate::Ir,
    op: OpId,
) -> [Vec<MixedEntry>; 3] {
    let def = ctx.op_definition(ir.op_name(op)).expect("registered op");
    let groups = crate::format::value_groups(ctx, ir, op, def, false);
    let mut out: [Vec<MixedEntry>; 3] = Default::default();
    for (k, name) in OFFSET_SIZE_STRIDE_ATTRS.iter().enumerate() {
        let mut dynamic = groups[k + 1].iter().copied();
        out[k] = static_values(ctx, ir, op, name)
            .iter()
            .map(|&s| (s, (s == DYNAMIC).then(|| dynamic.next()).flatten()))
            .collect();
    }
    out
}

/// Replaces the dynamic entries whose operand is a constant by the
/// constant (MLIR's `foldDynamicIndexList`); negative offsets and sizes
/// stay dynamic, as the op would not verify. Returns which lists changed.
pub fn fold_constant_entries(
    ctx: &crate::Context,
    ir: &crate::Ir,
    lists: &mut [Vec<MixedEntry>; 3],
) -> [bool; 3] {
    let mut changed = [false; 3];
    for (k, list) in lists.iter_mut().enumerate() {
        for entry in list.iter_mut() {
            let Some(c) = entry.1.and_then(|v| crate::fold::constant_i64(ctx, ir, v)) else {
                continue;
            };
            if k < 2 && c < 0 {
                continue;
            }
            *entry = (c, None);
            changed[k] = true;
        }
    }
    changed
}

/// Whether a slice with these static lists stays inside `shape` where it
/// can be told (MLIR's `verifyInBoundsSlice`): each static offset within
/// its dimension, and the last index reached within it when size and
/// stride are static too.
pub fn slice_in_bounds(shape: &[i64], lists: &[Vec<MixedEntry>; 3]) -> bool {
    shape.iter().enumerate().all(|(d, &dim)| {
        let (o, s, st) = (lists[0][d].0, lists[1][d].0, lists[2][d].0);
        if dim == DYNAMIC || o == DYNAMIC {
            return true;
        }
        if o >= dim {
            return false;
        }
        s == DYNAMIC || st == DYNAMIC || o + (s - 1) * st < dim
    })
}

/// The constant-argument fold of an offsets/sizes/strides op (MLIR's
/// `OpWithOffsetSizesAndStridesConstantArgumentFolder`): the lists with
/// their constant operands folded, or `None` when nothing folds. Strides
/// whose constants would put the slice out of bounds of `source_shape`
/// stay as they were, and offsets and sizes still fold (as mlir-opt 22).
pub fn fold_slice_constant_arguments(
    ctx: &crate::Context,
    ir: &crate::Ir,
    op: OpId,
    source_shape: &[i64],
) -> Option<[Vec<MixedEntry>; 3]> {
    let old = offset_size_stride_lists(ctx, ir, op);
    let mut lists = old.clone();
    let mut changed = fold_constant_entries(ctx, ir, &mut lists);
    if !slice_in_bounds(source_shape, &lists) {
        lists[2] = old[2].clone();
        changed[2] = false;
    }
    (changed.contains(&true) && slice_in_bounds(source_shape, &lists)).then_some(lists)
}

/// The state of an op like `old` (its name, location, properties and
/// attributes) on `source` with these lists and result type.
pub fn offset_size_stride_state(
    ctx: &crate::Context,
    ir: &crate::Ir,
    old: OpId,
    source: Value,
    lists: &[Vec<MixedEntry>; 3],
    result: crate::Type,
) -> crate::OperationState {
    let mut state =
        crate::OperationState::new(ctx, ctx.op_name_str(ir.op_name(old)), ir.op_loc(old));
    state.operands.push(source);
    let mut segments = vec![1i32];
    let mut props = ir.properties(old);
    for (k, list) in lists.iter().enumerate() {
        let dynamic: Vec<Value> = list.iter().filter_map(|e| e.1).collect();
        segments.push(dynamic.len() as i32);
        state.operands.extend(dynamic);
        let statics: Vec<i64> = list.iter().map(|e| e.0).collect();
        let attr = ctx.dense_i64_array(&statics);
        props = ctx.dictionary_with(
            props,
            ctx.intern_str(OFFSET_SIZE_STRIDE_ATTRS[k]),
            Some(attr),
        );
    }
    let segments = ctx.dense_i32_array(&segments);
    state.properties =
        ctx.dictionary_with(props, ctx.intern_str("operandSegmentSizes"), Some(segments));
    state.attributes = ir.attributes(old);
    state.result_types = vec![result];
    state
}
