//! `linalg.pack` / `linalg.unpack` (MLIR 22 moved them here from tensor):
//! tiling a tensor's dimensions into inner tiles, and back.

use strata_dialect_tensor::syntax::*;
use strata_ir::asm::lexer::TokenKind;
use strata_ir::asm::parser::OpParser;
use strata_ir::asm::printer::OpPrinter;
use strata_ir::constraints::{AttrConstraint, TypeConstraint};
use strata_ir::diagnostics::DiagResult;
use strata_ir::{Context, Ir, OpDefinition, OpId, DYNAMIC};

strata_ir::define_op! {
    pub struct PackOp = "linalg.pack" {
        traits: [PURE],
        operands: [source: single(TypeConstraint::Any), dest: single(TypeConstraint::Any), padding_value: optional(TypeConstraint::Any), inner_tiles: variadic(TypeConstraint::Index)],
        results: [result: optional(TypeConstraint::AnyRankedTensor)],
        attributes: [outer_dims_perm: optional(AttrConstraint::DenseI64Array), inner_dims_pos: required(AttrConstraint::DenseI64Array), static_inner_tiles: required(AttrConstraint::DenseI64Array)],
    }
}
strata_ir::define_op! {
    pub struct UnPackOp = "linalg.unpack" {
        traits: [PURE],
        operands: [source: single(TypeConstraint::Any), dest: single(TypeConstraint::Any), inner_tiles: variadic(TypeConstraint::Index)],
        results: [result: optional(TypeConstraint::AnyRankedTensor)],
        attributes: [outer_dims_perm: optional(AttrConstraint::DenseI64Array), inner_dims_pos: required(AttrConstraint::DenseI64Array), static_inner_tiles: required(AttrConstraint::DenseI64Array)],
    }
}

pub fn definitions() -> Vec<OpDefinition> {
    let mut pack = PackOp::definition();
    pack.hooks.parse = Some(parse_pack);
    pack.hooks.print = Some(print_pack);
    pack.hooks.verify = Some(verify_pack_like);
    pack.hooks.result_names = Some(|_, _, _, f| f(0, "pack"));
    let mut unpack = UnPackOp::definition();
    unpack.hooks.parse = Some(parse_pack);
    unpack.hooks.print = Some(print_pack);
    unpack.hooks.verify = Some(verify_pack_like);
    unpack.hooks.result_names = Some(|_, _, _, f| f(0, "unpack"));
    vec![pack, unpack]
}

fn parse_pack(p: &mut OpParser) -> DiagResult<()> {
    let is_pack = p.definition.name == "linalg.pack";
    let ctx = p.ctx();
    let source = p.parse_operand()?;
    let mut padding = None;
    if is_pack && p.consume_keyword("padding_value") {
        p.expect(TokenKind::LParen, "'('")?;
        let v = p.parse_operand()?;
        let ty = p.parse_colon_type()?;
        p.expect(TokenKind::RParen, "')'")?;
        padding = Some((v, ty));
    }
    if p.consume_keyword("outer_dims_perm") {
        p.expect(TokenKind::Equal, "'='")?;
        let v = parse_i64_list(p)?;
        p.add_property("outer_dims_perm", ctx.dense_i64_array(&v));
    }
    p.expect_keyword("inner_dims_pos")?;
    p.expect(TokenKind::Equal, "'='")?;
    let pos = parse_i64_list(p)?;
    p.add_property("inner_dims_pos", ctx.dense_i64_array(&pos));
    p.expect_keyword("inner_tiles")?;
    p.expect(TokenKind::Equal, "'='")?;
    let (tiles, dyn_tiles) = parse_dynamic_index_list(p)?;
    p.add_property("static_inner_tiles", ctx.dense_i64_array(&tiles));
    p.expect_keyword("into")?;
    let dest = p.parse_operand()?;
    p.parse_optional_attr_dict(false)?;
    let src_ty = p.parse_colon_type()?;
    p.expect(TokenKind::Arrow, "'->'")?;
    let dest_ty = p.parse_type()?;
    p.add_operands(&[source, dest], &[src_ty, dest_ty])?;
    if let Some((v, ty)) = &padding {
        p.add_operands(std::slice::from_ref(v), &[*ty])?;
    }
    let index = ctx.index_type();
    p.add_operands(&dyn_tiles, &vec![index; dyn_tiles.len()])?;
    if is_pack {
        set_segments(p, &[1, 1, padding.is_some() as usize, dyn_tiles.len()]);
    }
    if is_ranked_tensor(ctx, dest_ty) {
        p.add_result_types(&[dest_ty]);
    }
    Ok(())
}

fn print_pack(pr: &mut OpPrinter, op: OpId) {
    let ctx = pr.ctx();
    let ir = pr.ir;
    let is_pack = ctx.op_name_str(ir.op_name(op)) == "linalg.pack";
    pr.write(" ");
    pr.print_operand(ir.operand(op, 0));
    let (padding, tiles): (Option<strata_ir::Value>, Vec<strata_ir::Value>) = if is_pack {
        let g = operand_segments(ctx, ir, op);
        (
            g.get(2).and_then(|g| g.first().copied()),
            g.get(3).cloned().unwrap_or_default(),
        )
    } else {
        (None, ir.operands(op).skip(2).collect())
    };
    if let Some(v) = padding {
        pr.write(" padding_value(");
        pr.print_operand(v);
        pr.write(" : ");
        pr.print_type(ir.value_type(v));
        pr.write(")");
    }
    if ir.attr(ctx, op, "outer_dims_perm").is_some() {
        pr.write(" outer_dims_perm = ");
        print_i64_list(pr, &i64_array_prop(ctx, ir, op, "outer_dims_perm"));
    }
    pr.write(" inner_dims_pos = ");
    print_i64_list(pr, &i64_array_prop(ctx, ir, op, "inner_dims_pos"));
    pr.write(" inner_tiles = ");
    print_dynamic_index_list(
        pr,
        &i64_array_prop(ctx, ir, op, "static_inner_tiles"),
        &tiles,
    );
    pr.write(" into ");
    pr.print_operand(ir.operand(op, 1));
    pr.print_optional_attr_dict(
        op,
        &[
            "outer_dims_perm",
            "inner_dims_pos",
            "static_inner_tiles",
            "operandSegmentSizes",
        ],
        false,
    );
    pr.write(" : ");
    pr.print_type(ir.value_type(ir.operand(op, 0)));
    pr.write(" -> ");
    pr.print_type(ir.value_type(ir.operand(op, 1)));
}

/// The packed shape of `unpacked` (MLIR's `PackOp::inferPackedShape`).
pub fn packed_shape(unpacked: &[i64], pos: &[i64], tiles: &[i64], perm: &[i64]) -> Vec<i64> {
    let mut outer: Vec<i64> = unpacked.to_vec();
    for (&p, &t) in pos.iter().zip(tiles) {
        let d = &mut outer[p as usize];
        if *d != DYNAMIC && t != DYNAMIC {
            *d = (*d + t - 1) / t;
        } else {
            *d = DYNAMIC;
        }
    }
    if !perm.is_empty() {
        outer = perm.iter().map(|&p| outer[p as usize]).collect();
    }
    outer.extend_from_slice(tiles);
    outer
}

fn verify_pack_like(ctx: &Context, ir: &Ir, op: OpId) -> DiagResult<()> {
    let is_pack = ctx.op_name_str(ir.op_name(op)) == "linalg.pack";
    let (unpacked, packed) = if is_pack {
        (
            ir.value_type(ir.operand(op, 0)),
            ir.value_type(ir.operand(op, 1)),
        )
    } else {
        (
            ir.value_type(ir.operand(op, 1)),
            ir.value_type(ir.operand(op, 0)),
        )
    };
    let pos = i64_array_prop(ctx, ir, op, "inner_dims_pos");
    let tiles = i64_array_prop(ctx, ir, op, "static_inner_tiles");
    let perm = i64_array_prop(ctx, ir, op, "outer_dims_perm");
    let ushape = shaped(ctx, unpacked).map(|s| s.0).unwrap_or_default();
    let pshape = shaped(ctx, packed).map(|s| s.0).unwrap_or_default();
    if pos.len() != tiles.len() {
        return Err(op_error(ctx, ir, op, "mismatch in inner tile sizes specified and shaped of tiled dimension in the packed type"));
    }
    if pos.iter().any(|&p| p < 0 || p as usize >= ushape.len()) {
        return Err(op_error(ctx, ir, op, "invalid inner_dims_pos vector"));
    }
    let expected = packed_shape(&ushape, &pos, &tiles, &perm);
    let ok = expected.len() == pshape.len()
        && expected
            .iter()
            .zip(&pshape)
            .all(|(&a, &b)| a == DYNAMIC || b == DYNAMIC || a == b);
    if !ok {
        let ty = strata_dialect_tensor::ops::tensor_like(ctx, packed, &expected);
        return Err(op_error(
            ctx,
            ir,
            op,
            format!(
                "expected packed type to be of type '{}', but got '{}'",
                type_str(ctx, ty),
                type_str(ctx, packed)
            ),
        ));
    }
    Ok(())
}
