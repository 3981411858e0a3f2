//! Pieces of the custom syntax shared by the vta ops.
//!
//! Instruction ops spell their dependence flags as the token queues they
//! touch, `pop(l2g) push(g2s)`, because the flags alone (`pop_prev`,
//! `push_next`) mean different queues in different modules, which is the
//! usual source of confusion when reading a VTA stream. The properties keep
//! the ISA's flag names, so the generic form is the instruction's fields.

use strata_ir::asm::lexer::TokenKind;
use strata_ir::asm::{OpParser, OpPrinter};
use strata_ir::{Attribute, Context, DiagResult, Ir, OpId};
use strata_vta::{DepFlag, DepFlags, Module, TokenQueue};

/// Property names of the four dependence flags, in encoding order.
pub const DEP_ATTRS: [&str; 4] = ["pop_prev", "pop_next", "push_prev", "push_next"];

pub fn flag_attr(flag: DepFlag) -> &'static str {
    match flag {
        DepFlag::PopPrev => DEP_ATTRS[0],
        DepFlag::PopNext => DEP_ATTRS[1],
        DepFlag::PushPrev => DEP_ATTRS[2],
        DepFlag::PushNext => DEP_ATTRS[3],
    }
}

/// The dependence flags stored on `op`.
pub fn deps_of(ctx: &Context, ir: &Ir, op: OpId) -> DepFlags {
    let has = |name: &str| ir.attr(ctx, op, name).is_some();
    DepFlags {
        pop_prev: has(DEP_ATTRS[0]),
        pop_next: has(DEP_ATTRS[1]),
        push_prev: has(DEP_ATTRS[2]),
        push_next: has(DEP_ATTRS[3]),
    }
}

/// The flag properties for `deps`, as named unit attributes.
pub fn dep_properties(ctx: &Context, deps: DepFlags) -> Vec<(&'static str, Attribute)> {
    deps.set_flags()
        .map(|f| (flag_attr(f), ctx.unit_attr()))
        .collect()
}

fn queue_by_name(name: &str) -> Option<TokenQueue> {
    TokenQueue::ALL.into_iter().find(|q| q.name() == name)
}

/// Parses optional `pop(q, ...)` and `push(q, ...)` clauses for an
/// instruction of `module`, adding the flag properties.
pub fn parse_deps(p: &mut OpParser, module: Module) -> DiagResult<()> {
    for (keyword, pop) in [("pop", true), ("push", false)] {
        if !p.consume_keyword(keyword) {
            continue;
        }
        p.expect(TokenKind::LParen, "'('")?;
        loop {
            if p.parser.kind() != TokenKind::BareIdent {
                return Err(p.error_here("expected a token queue: l2g, g2l, g2s or s2g"));
            }
            let name = p.parser.text();
            let Some(queue) = queue_by_name(name) else {
                return Err(p.error_here(format!(
                    "unknown token queue '{name}', expected l2g, g2l, g2s or s2g"
                )));
            };
            let flag = [
                DepFlag::PopPrev,
                DepFlag::PopNext,
                DepFlag::PushPrev,
                DepFlag::PushNext,
            ]
            .into_iter()
            .filter(|f| matches!(f, DepFlag::PopPrev | DepFlag::PopNext) == pop)
            .find(|f| DepFlags::queue(module, *f) == Some(queue));
            let Some(flag) = flag else {
                return Err(p.error_here(format!(
                    "the {} module cannot {keyword} token queue '{name}'",
                    module.name()
                )));
            };
            p.parser.advance();
            let unit = p.ctx().unit_attr();
            p.add_property(flag_attr(flag), unit);
            if !p.consume_if(TokenKind::Comma) {
                break;
            }
        }
        p.expect(TokenKind::RParen, "')'")?;
    }
    Ok(())
}

/// Prints ` pop(...) push(...)` for the flags of `op` in `module`. A flag
/// that names no queue in the module (only possible in the generic form,
/// and rejected by the verifier) prints as its raw name.
pub fn print_deps(p: &mut OpPrinter, op: OpId, module: Module) {
    let deps = deps_of(p.ctx(), p.ir, op);
    let mut pops = Vec::new();
    let mut pushes = Vec::new();
    for flag in deps.set_flags() {
        let name = DepFlags::queue(module, flag).map_or(flag.name(), |q| q.name());
        match flag {
            DepFlag::PopPrev | DepFlag::PopNext => pops.push(name),
            DepFlag::PushPrev | DepFlag::PushNext => pushes.push(name),
        }
    }
    if !pops.is_empty() {
        p.write(&format!(" pop({})", pops.join(", ")));
    }
    if !pushes.is_empty() {
        p.write(&format!(" push({})", pushes.join(", ")));
    }
}

/// Parses a possibly negative integer literal.
pub fn parse_int(p: &mut OpParser) -> DiagResult<i64> {
    let negative = p.consume_if(TokenKind::Minus);
    if p.parser.kind() != TokenKind::Integer {
        return Err(p.error_here("expected integer value"));
    }
    let text = p.parser.text();
    let value = if let Some(hex) = text.strip_prefix("0x") {
        i64::from_str_radix(hex, 16).ok()
    } else {
        text.parse::<i64>().ok()
    };
    let Some(value) = value else {
        return Err(p.error_here("integer value too large"));
    };
    p.parser.advance();
    Ok(if negative { -value } else { value })
}

/// Parses `[a, b, ...]` of integers (possibly empty).
pub fn parse_int_list(p: &mut OpParser) -> DiagResult<Vec<i64>> {
    p.expect(TokenKind::LSquare, "'['")?;
    let mut out = Vec::new();
    if p.consume_if(TokenKind::RSquare) {
        return Ok(out);
    }
    loop {
        out.push(parse_int(p)?);
        if !p.consume_if(TokenKind::Comma) {
            break;
        }
    }
    p.expect(TokenKind::RSquare, "']'")?;
    Ok(out)
}

pub fn int_list(values: &[i64]) -> String {
    let parts: Vec<String> = values.iter().map(|v| v.to_string()).collect();
    format!("[{}]", parts.join(", "))
}

/// Reads an integer property (0 when absent, which the verifier rejects
/// for required ones before anything reads them).
pub fn int_prop(ctx: &Context, ir: &Ir, op: OpId, name: &str) -> i64 {
    ir.attr(ctx, op, name)
        .and_then(|a| ctx.integer_value(a))
        .and_then(|v| i64::try_from(v).ok())
        .unwrap_or(0)
}

/// Reads a string property.
pub fn str_prop<'c>(ctx: &'c Context, ir: &Ir, op: OpId, name: &str) -> Option<&'c str> {
    ir.attr(ctx, op, name).and_then(|a| ctx.string_value(a))
}

/// Reads a flat symbol reference property.
pub fn symbol_prop(ctx: &Context, ir: &Ir, op: OpId, name: &str) -> Option<String> {
    match ctx.attr_data(ir.attr(ctx, op, name)?) {
        strata_ir::AttrData::SymbolRef { root, .. } => Some(ctx.str(*root).to_string()),
        _ => None,
    }
}

/// Parses a DRAM reference `@buffer[offset]`, or `[offset]` for an absolute
/// address, adding the `buffer` and `dram_offset` properties.
pub fn parse_dram_ref(p: &mut OpParser) -> DiagResult<()> {
    if p.parser.kind() == TokenKind::AtIdent {
        let name = p.parse_symbol_name()?;
        let sym = p.ctx().symbol_ref_attr(&name, &[]);
        p.add_property("buffer", sym);
    }
    p.expect(TokenKind::LSquare, "'['")?;
    let offset = parse_int(p)?;
    p.expect(TokenKind::RSquare, "']'")?;
    let attr = p.ctx().i64_attr(offset);
    p.add_property("dram_offset", attr);
    Ok(())
}

pub fn print_dram_ref(p: &mut OpPrinter, op: OpId) {
    let ctx = p.ctx();
    if let Some(name) = symbol_prop(ctx, p.ir, op, "buffer") {
        p.print_symbol_name(&name);
    }
    let offset = int_prop(ctx, p.ir, op, "dram_offset");
    p.write(&format!("[{offset}]"));
}

/// Parses `keyword <int>` and stores it as an i64 property.
pub fn parse_keyword_int(p: &mut OpParser, keyword: &str, prop: &str) -> DiagResult<()> {
    p.expect_keyword(keyword)?;
    let v = parse_int(p)?;
    let attr = p.ctx().i64_attr(v);
    p.add_property(prop, attr);
    Ok(())
}

/// Stores the integers of a parsed list as i64 properties, in order.
pub fn add_int_props(p: &mut OpParser, names: &[&str], values: &[i64]) {
    for (name, v) in names.iter().zip(values) {
        let attr = p.ctx().i64_attr(*v);
        p.add_property(name, attr);
    }
}

/// Parses `[a, b, ...]` with exactly `names.len()` integers into properties.
pub fn parse_int_props(p: &mut OpParser, names: &[&str]) -> DiagResult<()> {
    let values = parse_int_list(p)?;
    if values.len() != names.len() {
        return Err(p.error_here(format!(
            "expected {} integers ({})",
            names.len(),
            names.join(", ")
        )));
    }
    add_int_props(p, names, &values);
    Ok(())
}

pub fn int_props(ctx: &Context, ir: &Ir, op: OpId, names: &[&str]) -> Vec<i64> {
    names.iter().map(|n| int_prop(ctx, ir, op, n)).collect()
}
