//! Ops that tell the compiler about memory without changing it:
//! `memref.prefetch` (a cache hint, read or write, locality 0-3, data or
//! instruction cache) and `memref.assume_alignment` (a view of its operand
//! promised to be aligned; MLIR 22 gives it a result so the promise is
//! attached to a value). Neither has a run-time effect in the interpreter.

use crate::syntax::{add_index_operands, parse_indexed, print_indexed};
use strata_ir::asm::lexer::TokenKind;
use strata_ir::asm::parser::OpParser;
use strata_ir::asm::printer::OpPrinter;
use strata_ir::constraints::{AttrConstraint, TypeConstraint};
use strata_ir::diagnostics::{DiagResult, Diagnostic};
use strata_ir::fold::FoldOutcome;
use strata_ir::opdef::AttrSyntax;
use strata_ir::verifier::emit_op_error;
use strata_ir::{Attribute, Context, Ir, OpId, Value};

strata_ir::define_op! {
    /// `memref.prefetch %m[%i], read, locality<3>, data : memref<4xf32>`
    pub struct PrefetchOp = "memref.prefetch" {
        summary: "prefetch operation",
        operands: [memref: single(TypeConstraint::AnyMemRef), indices: variadic(TypeConstraint::Index)],
        attributes: [isWrite: required(AttrConstraint::Bool), localityHint: required(AttrConstraint::Predicate(locality_in_range, "32-bit signless integer attribute whose minimum value is 0 whose maximum value is 3")), isDataCache: required(AttrConstraint::Bool)],
        parse: parse_prefetch,
        print: print_prefetch,
        verify: verify_prefetch,
    }
}
strata_ir::define_op! {
    /// `%r = memref.assume_alignment %m, 16 : memref<4xf32>`
    pub struct AssumeAlignmentOp = "memref.assume_alignment" {
        summary: "assumption that gives alignment information to the input memref",
        traits: [PURE, SAME_OPERANDS_AND_RESULT_TYPE],
        operands: [memref: single(TypeConstraint::AnyMemRef)],
        results: [result: single(TypeConstraint::AnyMemRef)],
        attributes: [alignment: required(AttrConstraint::Predicate(positive_i32, "32-bit signless integer attribute whose value is positive"), syntax = I32_LITERAL)],
        format: "$memref `,` $alignment attr-dict `:` type($memref)",
        verify: verify_assume_alignment,
        fold: fold_assume_alignment,
        result_names: ["assume_align"],
    }
}

/// An `I32Attr` written as its bare value (`16`): the `: type` after it
/// in a format is the op's.
const I32_LITERAL: AttrSyntax = AttrSyntax {
    parse: |p| {
        let negative = p.consume_if(TokenKind::Minus);
        let value: Option<i32> = p
            .is(TokenKind::Integer)
            .then(|| p.parser.text().parse().ok())
            .flatten();
        let Some(value) = value else {
            return Err(p.error_here("expected integer value"));
        };
        p.parser.advance();
        let value = if negative { -value } else { value };
        let ctx = p.ctx();
        Ok(Some(ctx.integer_attr(ctx.signless(32), value as i128)))
    },
    print: |p, attr| {
        let value = p.ctx().integer_value(attr).unwrap_or(0);
        p.write(&value.to_string());
    },
};

fn i32_value(ctx: &Context, a: Attribute) -> Option<i128> {
    AttrConstraint::Integer(Some(32))
        .check(ctx, a)
        .then(|| ctx.integer_value(a))
        .flatten()
}

fn locality_in_range(ctx: &Context, a: Attribute) -> bool {
    i32_value(ctx, a).is_some_and(|v| (0..=3).contains(&v))
}

fn positive_i32(ctx: &Context, a: Attribute) -> bool {
    i32_value(ctx, a).is_some_and(|v| v > 0)
}

/// A bare keyword, or MLIR's "expected valid keyword".
fn parse_word(p: &mut OpParser) -> DiagResult<String> {
    if !p.is(TokenKind::BareIdent) {
        return Err(p.error_here("expected valid keyword"));
    }
    let word = p.parser.text().to_string();
    p.parser.advance();
    Ok(word)
}

fn parse_prefetch(p: &mut OpParser) -> DiagResult<()> {
    let ctx = p.ctx();
    let name_loc = p.op_loc();
    let name_error =
        |m: &str| Diagnostic::error(name_loc, format!("custom op 'memref.prefetch' {m}"));
    let (memref, indices) = parse_indexed(p)?;
    p.expect(TokenKind::Comma, "','")?;
    let rw = parse_word(p)?;
    p.expect(TokenKind::Comma, "','")?;
    p.expect_keyword("locality")?;
    p.expect(TokenKind::Less, "'<'")?;
    let locality = p.parse_attribute(Some(ctx.signless(32)))?;
    p.expect(TokenKind::Greater, "'>'")?;
    p.expect(TokenKind::Comma, "','")?;
    let cache = parse_word(p)?;
    let ty = p.parse_colon_type()?;
    p.add_operands(&[memref], &[ty])?;
    add_index_operands(p, &indices)?;
    if rw != "read" && rw != "write" {
        return Err(name_error("rw specifier has to be 'read' or 'write'"));
    }
    if cache != "data" && cache != "instr" {
        return Err(name_error("cache type has to be 'data' or 'instr'"));
    }
    p.add_property("isWrite", ctx.bool_attr(rw == "write"));
    p.add_property("localityHint", locality);
    p.add_property("isDataCache", ctx.bool_attr(cache == "data"));
    Ok(())
}

fn flag(ctx: &Context, ir: &Ir, op: OpId, name: &str) -> bool {
    ir.attr(ctx, op, name)
        .and_then(|a| ctx.integer_value(a))
        .is_some_and(|v| v != 0)
}

fn print_prefetch(p: &mut OpPrinter, op: OpId) {
    let ctx = p.ctx();
    let ir = p.ir;
    let operands: Vec<Value> = ir.operands(op).collect();
    p.write(" ");
    print_indexed(p, &operands);
    p.write(if flag(ctx, ir, op, "isWrite") {
        ", write"
    } else {
        ", read"
    });
    let locality = ir
        .attr(ctx, op, "localityHint")
        .and_then(|a| ctx.integer_value(a))
        .unwrap_or(0);
    p.write(&format!(", locality<{locality}>, "));
    p.write(if flag(ctx, ir, op, "isDataCache") {
        "data"
    } else {
        "instr"
    });
    p.print_optional_attr_dict(op, &["localityHint", "isWrite", "isDataCache"], false);
    p.write(" : ");
    p.print_type(ir.value_type(operands[0]));
}

fn verify_prefetch(ctx: &Context, ir: &Ir, op: OpId) -> DiagResult<()> {
    let rank = ctx
        .shape(ir.value_type(ir.operand(op, 0)))
        .map_or(0, |s| s.len());
    if ir.num_operands(op) != 1 + rank {
        return Err(emit_op_error(ctx, ir, op, "too few indices"));
    }
    Ok(())
}

fn verify_assume_alignment(ctx: &Context, ir: &Ir, op: OpId) -> DiagResult<()> {
    let alignment = ir
        .attr(ctx, op, "alignment")
        .and_then(|a| ctx.integer_value(a))
        .unwrap_or(1);
    if alignment <= 0 || alignment & (alignment - 1) != 0 {
        return Err(emit_op_error(ctx, ir, op, "alignment must be power of 2"));
    }
    Ok(())
}

/// `assume_alignment(assume_alignment(x, a), a)` is the inner one.
fn fold_assume_alignment(
    ctx: &Context,
    ir: &mut Ir,
    op: OpId,
    _: &[Option<Attribute>],
) -> FoldOutcome {
    let source = ir.operand(op, 0);
    let Some(def) = ir.defining_op(source) else {
        return FoldOutcome::Failed;
    };
    let same = AssumeAlignmentOp::is(ctx, ir, def)
        && ir.attr(ctx, def, "alignment") == ir.attr(ctx, op, "alignment");
    if same {
        FoldOutcome::value(source)
    } else {
        FoldOutcome::Failed
    }
}
