//! Affine syntax over SSA names: `%A[%i + 1, symbol(%n) * 2]` (MLIR's
//! `parseAffineMapOfSSAIds` / `printAffineMapOfSSAIds`), `#map(%d)[%s]`
//! dimension-and-symbol lists, and loop bounds (`0`, `%n`, `max #m(%i)[%n]`).
//!
//! The expression text is rebuilt from the op parser's tokens and handed to
//! `strata_affine`'s parser, whose resolver callback numbers SSA names as
//! dimensions (or symbols, inside `symbol(...)`) in order of appearance.

use strata_ir::affine::{parse_affine_expr_with, AffineExpr, AffineMap};
use strata_ir::asm::lexer::TokenKind;
use strata_ir::asm::parser::{OpParser, UnresolvedOperand};
use strata_ir::asm::printer::OpPrinter;
use strata_ir::diagnostics::{DiagResult, Diagnostic};
use strata_ir::{AttrData, Attribute, Context, Value};

/// The SSA names an affine map over SSA ids refers to.
#[derive(Default)]
pub struct SsaMap<'a> {
    pub dims: Vec<UnresolvedOperand<'a>>,
    pub symbols: Vec<UnresolvedOperand<'a>>,
}

fn key(o: &UnresolvedOperand) -> String {
    if o.number == 0 {
        format!("%{}", o.name)
    } else {
        format!("%{}#{}", o.name, o.number)
    }
}

/// Parses one affine expression written with SSA names, up to a `,`, `]`
/// or `)` at nesting depth 0.
pub fn parse_ssa_expr<'a>(
    p: &mut OpParser<'_, 'a>,
    names: &mut SsaMap<'a>,
) -> DiagResult<AffineExpr> {
    let start_loc = p.loc();
    let mut text = String::new();
    let mut refs: Vec<UnresolvedOperand<'a>> = Vec::new();
    let mut depth = 0usize;
    loop {
        match p.parser.kind() {
            TokenKind::Comma | TokenKind::RSquare if depth == 0 => break,
            TokenKind::RParen if depth == 0 => break,
            TokenKind::Eof | TokenKind::LBrace | TokenKind::Colon => break,
            TokenKind::LParen => depth += 1,
            TokenKind::RParen => depth -= 1,
            _ => {}
        }
        if p.parser.is(TokenKind::PercentIdent) {
            let operand = p.parser.parse_operand_ref()?;
            text.push_str(&key(&operand));
            text.push(' ');
            refs.push(operand);
            continue;
        }
        text.push_str(p.parser.text());
        text.push(' ');
        p.parser.advance();
    }
    let mut resolve = |name: &str| -> Option<AffineExpr> {
        if let Some(inner) = name
            .strip_prefix("symbol(")
            .and_then(|n| n.strip_suffix(')'))
        {
            if let Some(i) = names.symbols.iter().position(|o| key(o) == inner) {
                return Some(AffineExpr::symbol(i));
            }
            let operand = refs.iter().find(|o| key(o) == inner)?.clone();
            names.symbols.push(operand);
            return Some(AffineExpr::symbol(names.symbols.len() - 1));
        }
        if let Some(i) = names.dims.iter().position(|o| key(o) == name) {
            return Some(AffineExpr::dim(i));
        }
        let operand = refs.iter().find(|o| key(o) == name)?.clone();
        names.dims.push(operand);
        Some(AffineExpr::dim(names.dims.len() - 1))
    };
    parse_affine_expr_with(&text, &mut resolve)
        .map_err(|e| Diagnostic::error(start_loc, e.to_string()))
}

/// Parses `[expr, ...]` (or the `open`/`close` pair given) into a map over
/// the SSA names used; returns the map and its operands (dims, then symbols).
pub fn parse_ssa_map<'a>(
    p: &mut OpParser<'_, 'a>,
    open: TokenKind,
    close: TokenKind,
) -> DiagResult<(AffineMap, Vec<UnresolvedOperand<'a>>)> {
    let mut names = SsaMap::default();
    let mut exprs = Vec::new();
    // MLIR's parseCommaSeparatedList(..., " in affine map").
    let (open_text, close_text) = if open == TokenKind::LSquare {
        ("'[' in affine map", "']' in affine map")
    } else {
        ("'(' in affine map", "')' in affine map")
    };
    p.expect(open, open_text)?;
    if !p.consume_if(close) {
        loop {
            exprs.push(parse_ssa_expr(p, &mut names)?);
            if !p.consume_if(TokenKind::Comma) {
                break;
            }
        }
        p.expect(close, close_text)?;
    }
    let map = AffineMap::new(names.dims.len(), names.symbols.len(), exprs);
    let mut operands = names.dims;
    operands.extend(names.symbols);
    Ok((map, operands))
}

/// The printed spelling of `v`.
pub fn operand_text(p: &mut OpPrinter, v: Value) -> String {
    let start = p.w.out.len();
    p.print_operand(v);
    let text = p.w.out[start..].to_string();
    p.w.out.truncate(start);
    text
}

/// Prints the results of `map` with `%dim` names for dimensions and
/// `symbol(%s)` for symbols, separated by `, `.
pub fn print_ssa_exprs(p: &mut OpPrinter, map: &AffineMap, operands: &[Value]) {
    let names: Vec<String> = operands.iter().map(|&v| operand_text(p, v)).collect();
    let dims = map.num_dims();
    for (i, expr) in map.results().iter().enumerate() {
        if i > 0 {
            p.write(", ");
        }
        let text = expr
            .display_with(|f, pos, is_symbol| {
                if is_symbol {
                    write!(f, "symbol({})", names.get(dims + pos).map_or("?", |s| s))
                } else {
                    write!(f, "{}", names.get(pos).map_or("?", |s| s))
                }
            })
            .to_string();
        p.write(&text);
    }
}

/// Parses `(%d, ...)` and an optional `[%s, ...]`; returns all operands
/// and the number of dimension operands.
pub fn parse_dim_and_symbol_list<'a>(
    p: &mut OpParser<'_, 'a>,
) -> DiagResult<(Vec<UnresolvedOperand<'a>>, usize)> {
    let mut operands = Vec::new();
    if p.consume_if(TokenKind::LParen) {
        operands = p.parse_operand_list()?;
        p.expect(TokenKind::RParen, "')'")?;
    }
    let dims = operands.len();
    if p.consume_if(TokenKind::LSquare) {
        operands.extend(p.parse_operand_list()?);
        p.expect(TokenKind::RSquare, "']'")?;
    }
    Ok((operands, dims))
}

/// Prints `(%d, ...)` and, when there are symbols, `[%s, ...]`.
pub fn print_dim_and_symbol_list(p: &mut OpPrinter, operands: &[Value], num_dims: usize) {
    p.write("(");
    p.print_operands(operands[..num_dims.min(operands.len())].iter().copied());
    p.write(")");
    if operands.len() > num_dims {
        p.write("[");
        p.print_operands(operands[num_dims..].iter().copied());
        p.write("]");
    }
}

/// The affine map inside an attribute.
pub fn map_of(ctx: &Context, attr: Attribute) -> Option<&AffineMap> {
    match ctx.attr_data(attr) {
        AttrData::AffineMap(map) => Some(map),
        _ => None,
    }
}

/// Parses a loop bound: an integer, a `%symbol`, or `(min|max)? map(dims)[syms]`,
/// in the order and with the messages of MLIR's `parseBound` (errors about
/// the operand counts point at the op name).
pub fn parse_bound<'a>(
    p: &mut OpParser<'_, 'a>,
    keyword: &str,
) -> DiagResult<(Attribute, Vec<UnresolvedOperand<'a>>)> {
    let ctx = p.ctx();
    let has_keyword = p.consume_keyword(keyword);
    let name = p.name_offset;
    if p.is(TokenKind::PercentIdent) {
        let operands = p.parse_operand_list()?;
        if operands.len() > 1 {
            return Err(p.error_at(name, "expected only one loop bound operand"));
        }
        let map = AffineMap::new(0, 1, vec![AffineExpr::symbol(0)]);
        return Ok((ctx.affine_map_attr(map), operands));
    }
    let attr_offset = p.parser.offset();
    let attr = p.parse_attribute(Some(ctx.index_type()))?;
    if let Some(map) = map_of(ctx, attr).cloned() {
        let (operands, dims) = parse_dim_and_symbol_list(p)?;
        if dims != map.num_dims() {
            return Err(p.error_at(
                name,
                "dim operand count and affine map dim count must match",
            ));
        }
        if operands.len() != map.num_inputs() {
            return Err(p.error_at(
                name,
                "symbol operand count and affine map symbol count must match",
            ));
        }
        if map.num_results() > 1 && !has_keyword {
            let which = if keyword == "max" { "lower" } else { "upper" };
            return Err(p.error_at(
                attr_offset,
                format!(
                    "{which} loop bound affine map with multiple results requires '{keyword}' prefix"
                ),
            ));
        }
        return Ok((attr, operands));
    }
    if let AttrData::Integer { value, .. } = ctx.attr_data(attr) {
        let value = *value as i64;
        return Ok((ctx.affine_map_attr(AffineMap::constant(value)), Vec::new()));
    }
    Err(p.error_at(
        name,
        "expected valid affine map representation for loop bounds",
    ))
}

/// Prints a loop bound the way MLIR's `printBound` does.
pub fn print_bound(p: &mut OpPrinter, attr: Attribute, operands: &[Value], keyword: &str) {
    let ctx = p.ctx();
    let Some(map) = map_of(ctx, attr) else {
        return;
    };
    if map.num_results() == 1 {
        let expr = &map.results()[0];
        if map.num_dims() == 0 && map.num_symbols() == 0 {
            if let Some(c) = expr.as_constant() {
                p.write(&c.to_string());
                return;
            }
        }
        if map.num_dims() == 0 && map.num_symbols() == 1 && expr.as_symbol().is_some() {
            p.print_operand(operands[0]);
            return;
        }
    } else {
        p.write(keyword);
        p.write(" ");
    }
    let dims = map.num_dims();
    p.print_attribute(attr);
    print_dim_and_symbol_list(p, operands, dims);
}
