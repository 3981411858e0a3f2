//! `memref.dma_start` / `memref.dma_wait`: MLIR's explicit DMA transfers
//! between memories (`num_elements` elements from `src[indices]` to
//! `dst[indices]`, completion signalled through an element of a tag
//! memref). `dma_start`'s operands are one flat list whose layout depends
//! on the ranks of the memrefs in it, so its parser, printer and verifier
//! are written by hand as MLIR's are; the verifier reports operand counts
//! and types in MLIR 22's order and words.

use crate::syntax::{add_index_operands, parse_indexed, print_indexed};
use strata_ir::asm::lexer::TokenKind;
use strata_ir::asm::parser::OpParser;
use strata_ir::asm::printer::OpPrinter;
use strata_ir::constraints::TypeConstraint;
use strata_ir::diagnostics::{DiagResult, Diagnostic};
use strata_ir::verifier::emit_op_error;
use strata_ir::{Context, Ir, OpId, Type, TypeData, Value};

strata_ir::define_op! {
    /// `memref.dma_start %src[%i], %dst[%j], %n, %tag[%k] (, %stride, %per_stride)? : src, dst, tag`
    pub struct DmaStartOp = "memref.dma_start" {
        summary: "non-blocking DMA operation that starts a transfer",
        operands: [operands: variadic(TypeConstraint::Any)],
        parse: parse_dma_start,
        print: print_dma_start,
        verify: verify_dma_start,
    }
}
strata_ir::define_op! {
    /// `memref.dma_wait %tag[%k], %n : memref<1xi32>`
    pub struct DmaWaitOp = "memref.dma_wait" {
        summary: "blocking DMA operation that waits for transfer completion",
        operands: [tagMemRef: single(TypeConstraint::RankedMemRef), tagIndices: variadic(TypeConstraint::Index), numElements: single(TypeConstraint::Index)],
        format: "$tagMemRef `[` $tagIndices `]` `,` $numElements attr-dict `:` type($tagMemRef)",
        verify: verify_dma_wait,
    }
}

fn parse_dma_start(p: &mut OpParser) -> DiagResult<()> {
    let index = p.ctx().index_type();
    let (src, src_indices) = parse_indexed(p)?;
    p.expect(TokenKind::Comma, "','")?;
    let (dst, dst_indices) = parse_indexed(p)?;
    p.expect(TokenKind::Comma, "','")?;
    let num_elements = p.parse_operand()?;
    p.expect(TokenKind::Comma, "','")?;
    let (tag, tag_indices) = parse_indexed(p)?;
    let mut strides = Vec::new();
    while p.consume_if(TokenKind::Comma) {
        strides.push(p.parse_operand()?);
    }
    if !strides.is_empty() && strides.len() != 2 {
        return Err(Diagnostic::error(
            p.op_loc(),
            "custom op 'memref.dma_start' expected two stride related operands",
        ));
    }
    let loc = p.op_loc();
    let types = {
        p.expect(TokenKind::Colon, "':'")?;
        p.parse_type_list()?
    };
    if types.len() != 3 {
        return Err(Diagnostic::error(
            loc,
            "custom op 'memref.dma_start' fewer/more types expected",
        ));
    }
    p.add_operands(&[src], &[types[0]])?;
    add_index_operands(p, &src_indices)?;
    p.add_operands(&[dst], &[types[1]])?;
    add_index_operands(p, &dst_indices)?;
    p.add_operands(&[num_elements], &[index])?;
    p.add_operands(&[tag], &[types[2]])?;
    add_index_operands(p, &tag_indices)?;
    add_index_operands(p, &strides)
}

/// The positions of a `dma_start`'s memrefs in its operand list, from the
/// ranks of those before them, or `None` when one is missing or not a
/// ranked memref.
pub struct DmaLayout {
    pub src: usize,
    pub dst: usize,
    pub num_elements: usize,
    pub tag: usize,
    /// One past the tag's indices: where the optional strides start.
    pub end: usize,
}

fn memref_rank(ctx: &Context, ty: Type) -> Option<usize> {
    match ctx.type_data(ty) {
        TypeData::MemRef { shape, .. } => Some(shape.len()),
        _ => None,
    }
}

/// The operand layout of a verified `memref.dma_start`.
pub fn dma_layout(ctx: &Context, ir: &Ir, op: OpId) -> Option<DmaLayout> {
    let ty = |i: usize| (i < ir.num_operands(op)).then(|| ir.value_type(ir.operand(op, i)));
    let dst = 1 + memref_rank(ctx, ty(0)?)?;
    let num_elements = dst + 1 + memref_rank(ctx, ty(dst)?)?;
    let tag = num_elements + 1;
    let end = tag + 1 + memref_rank(ctx, ty(tag)?)?;
    Some(DmaLayout {
        src: 0,
        dst,
        num_elements,
        tag,
        end,
    })
}

fn print_dma_start(p: &mut OpPrinter, op: OpId) {
    let ctx = p.ctx();
    let ir = p.ir;
    let operands: Vec<Value> = ir.operands(op).collect();
    let Some(l) = dma_layout(ctx, ir, op) else {
        return;
    };
    p.write(" ");
    print_indexed(p, &operands[l.src..l.dst]);
    p.write(", ");
    print_indexed(p, &operands[l.dst..l.num_elements]);
    p.write(", ");
    p.print_operand(operands[l.num_elements]);
    p.write(", ");
    print_indexed(p, &operands[l.tag..l.end]);
    for &stride in &operands[l.end..] {
        p.write(", ");
        p.print_operand(stride);
    }
    p.print_optional_attr_dict(op, &[], false);
    p.write(" : ");
    for (i, at) in [l.src, l.dst, l.tag].into_iter().enumerate() {
        if i > 0 {
            p.write(", ");
        }
        p.print_type(ir.value_type(operands[at]));
    }
}

/// MLIR's `DmaStartOp::verify`: each memref, then its indices, in order.
fn verify_dma_start(ctx: &Context, ir: &Ir, op: OpId) -> DiagResult<()> {
    let err = |m: String| Err(emit_op_error(ctx, ir, op, m));
    let n = ir.num_operands(op);
    let types: Vec<Type> = ir.operands(op).map(|v| ir.value_type(v)).collect();
    let all_index = |range: std::ops::Range<usize>| types[range].iter().all(|&t| ctx.is_index(t));
    if n < 4 {
        return err("expected at least 4 operands".into());
    }
    let Some(src_rank) = memref_rank(ctx, types[0]) else {
        return err("expected source to be of memref type".into());
    };
    if n < src_rank + 4 {
        return err(format!("expected at least {} operands", src_rank + 4));
    }
    if !all_index(1..1 + src_rank) {
        return err("expected source indices to be of index type".into());
    }
    let dst = 1 + src_rank;
    let Some(dst_rank) = memref_rank(ctx, types[dst]) else {
        return err("expected destination to be of memref type".into());
    };
    let mut expected = src_rank + dst_rank + 4;
    if n < expected {
        return err(format!("expected at least {expected} operands"));
    }
    if !all_index(dst + 1..dst + 1 + dst_rank) {
        return err("expected destination indices to be of index type".into());
    }
    let num_elements = dst + 1 + dst_rank;
    if !ctx.is_index(types[num_elements]) {
        return err("expected num elements to be of index type".into());
    }
    let tag = num_elements + 1;
    let Some(tag_rank) = memref_rank(ctx, types[tag]) else {
        return err("expected tag to be of memref type".into());
    };
    expected += tag_rank;
    if n < expected {
        return err(format!("expected at least {expected} operands"));
    }
    if !all_index(tag + 1..tag + 1 + tag_rank) {
        return err("expected tag indices to be of index type".into());
    }
    if n != expected && n != expected + 2 {
        return err("incorrect number of operands".into());
    }
    if n == expected + 2 && !all_index(expected..n) {
        return err("expected stride and num elements per stride to be of type index".into());
    }
    Ok(())
}

fn verify_dma_wait(ctx: &Context, ir: &Ir, op: OpId) -> DiagResult<()> {
    let rank = memref_rank(ctx, ir.value_type(ir.operand(op, 0))).unwrap_or(0);
    let indices = ir.num_operands(op) - 2;
    if indices != rank {
        return Err(emit_op_error(
            ctx,
            ir,
            op,
            format!(
                "expected tagIndices to have the same number of elements as the tagMemRef rank, expected {rank}, but got {indices}"
            ),
        ));
    }
    Ok(())
}
