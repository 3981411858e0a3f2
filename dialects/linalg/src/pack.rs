//! `linalg.pack` / `linalg.unpack` (MLIR 22 moved them here from tensor):
//! tiling a tensor's dimensions into inner tiles, and back.

use strata_dialect_tensor::syntax::*;
use strata_ir::constraints::{AttrConstraint, TypeConstraint};
use strata_ir::diagnostics::DiagResult;
use strata_ir::{Context, Ir, OpId, DYNAMIC};

strata_ir::define_op! {
    /// `linalg.pack`: `source` with its dimensions tiled into `dest`.
    pub struct PackOp = "linalg.pack" {
        traits: [PURE],
        operands: [
            source: single(TypeConstraint::Any),
            dest: single(TypeConstraint::Any),
            padding_value: optional(TypeConstraint::Any),
            inner_tiles: variadic(TypeConstraint::Index),
        ],
        results: [result: optional(TypeConstraint::AnyRankedTensor)],
        attributes: [
            outer_dims_perm: optional(AttrConstraint::DenseI64Array),
            inner_dims_pos: required(AttrConstraint::DenseI64Array),
            static_inner_tiles: required(AttrConstraint::DenseI64Array),
        ],
        types_match_with: [dest => result: tensor_result],
        format: "$source (`padding_value` `(` $padding_value^ `:` type($padding_value) `)`)? \
                 (`outer_dims_perm` `=` $outer_dims_perm^)? `inner_dims_pos` `=` $inner_dims_pos \
                 `inner_tiles` `=` custom<DynamicIndexList>($inner_tiles, $static_inner_tiles) \
                 `into` $dest attr-dict `:` type($source) `->` type($dest)",
        verify: verify_pack_like,
        result_names: ["pack"],
    }
}
strata_ir::define_op! {
    /// `linalg.unpack`: the inverse of `linalg.pack`.
    pub struct UnPackOp = "linalg.unpack" {
        traits: [PURE],
        operands: [
            source: single(TypeConstraint::Any),
            dest: single(TypeConstraint::Any),
            inner_tiles: variadic(TypeConstraint::Index),
        ],
        results: [result: optional(TypeConstraint::AnyRankedTensor)],
        attributes: [
            outer_dims_perm: optional(AttrConstraint::DenseI64Array),
            inner_dims_pos: required(AttrConstraint::DenseI64Array),
            static_inner_tiles: required(AttrConstraint::DenseI64Array),
        ],
        types_match_with: [dest => result: tensor_result],
        format: "$source (`outer_dims_perm` `=` $outer_dims_perm^)? `inner_dims_pos` `=` $inner_dims_pos \
                 `inner_tiles` `=` custom<DynamicIndexList>($inner_tiles, $static_inner_tiles) \
                 `into` $dest attr-dict `:` type($source) `->` type($dest)",
        verify: verify_pack_like,
        result_names: ["unpack"],
    }
}

/// The result of a pack/unpack: the destination's type when it is a
/// ranked tensor; on buffers the op writes `dest` and has none.
fn tensor_result(ctx: &Context, dest: strata_ir::Type) -> Vec<strata_ir::Type> {
    if is_ranked_tensor(ctx, dest) {
        vec![dest]
    } else {
        Vec::new()
    }
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

/// MLIR's `Operation::emitError`: the message without the `'op' op` prefix
/// (what `commonVerifierPackAndUnPackOp` uses for most of its checks).
fn plain_error(
    ir: &Ir,
    op: OpId,
    message: impl Into<String>,
) -> strata_ir::diagnostics::Diagnostic {
    let mut d = strata_ir::diagnostics::Diagnostic::error(ir.op_loc(op), message);
    d.op = Some(op);
    d
}

/// MLIR's `isInvalidPackingPosSpecification`: more positions than the rank,
/// a repeated position, or one outside `[0, rank)`.
fn invalid_positions(dims: &[i64], rank: usize) -> bool {
    let mut seen = std::collections::HashSet::new();
    dims.len() > rank
        || !dims.iter().all(|d| seen.insert(*d))
        || dims.iter().any(|&d| d < 0 || d >= rank as i64)
}

/// The dynamic inner tile operands of a pack/unpack.
fn dynamic_tiles(ctx: &Context, ir: &Ir, op: OpId) -> Vec<strata_ir::Value> {
    if PackOp::is(ctx, ir, op) {
        operand_segments(ctx, ir, op)
            .get(3)
            .cloned()
            .unwrap_or_default()
    } else {
        ir.operands(op).skip(2).collect()
    }
}

/// MLIR's `commonVerifierPackAndUnPackOp` followed by `PackOp::verify`'s
/// padding checks, in MLIR's order and wording.
fn verify_pack_like(ctx: &Context, ir: &Ir, op: OpId) -> DiagResult<()> {
    let is_pack = PackOp::is(ctx, ir, op);
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
    let dyn_tiles = dynamic_tiles(ctx, ir, op);
    // A tile's constant value: static, or a dynamic operand defined by a constant.
    let mut next_dyn = dyn_tiles.iter();
    let tile_constants: Vec<Option<i64>> = tiles
        .iter()
        .map(|&t| {
            if t != DYNAMIC {
                Some(t)
            } else {
                next_dyn.next().and_then(|&v| {
                    strata_ir::fold::constant_of_value(ctx, ir, v)
                        .and_then(|a| ctx.integer_value(a))
                        .map(|x| x as i64)
                })
            }
        })
        .collect();
    if tile_constants.contains(&Some(0)) {
        return Err(plain_error(ir, op, "invalid zero tile factor"));
    }
    let ushape = shaped(ctx, unpacked).map(|s| s.0).unwrap_or_default();
    let pshape = shaped(ctx, packed).map(|s| s.0).unwrap_or_default();
    let rank = ushape.len();
    if invalid_positions(&pos, rank) {
        return Err(plain_error(ir, op, "invalid inner_dims_pos vector"));
    }
    if invalid_positions(&perm, rank) {
        return Err(plain_error(ir, op, "invalid outer_dims_perm vector"));
    }
    if !perm.is_empty() && perm.len() != rank {
        return Err(plain_error(
            ir,
            op,
            "outer_dims_perm must be a permutation or empty",
        ));
    }
    if tiles.len() > rank {
        return Err(plain_error(
            ir,
            op,
            "tiling factors must be less than or equal to the input rank for pack or output rank for unpack",
        ));
    }
    if tiles.len() != pos.len() {
        return Err(plain_error(
            ir,
            op,
            "tiling factors must equal the number of dimensions to tile",
        ));
    }
    if rank + tiles.len() != pshape.len() {
        return Err(plain_error(
            ir,
            op,
            format!(
                "packed rank != (unpacked rank + num tiling factors), got {} != {}",
                pshape.len(),
                rank + tiles.len()
            ),
        ));
    }
    let inner = &pshape[pshape.len() - tiles.len()..];
    if inner.iter().zip(&tiles).any(|(&d, &t)| d != t) {
        return Err(plain_error(
            ir,
            op,
            "mismatch in inner tile sizes specified and shaped of tiled dimension in the packed type",
        ));
    }
    let expected = packed_shape(&ushape, &pos, &tiles, &perm);
    if expected
        .iter()
        .zip(&pshape)
        .any(|(&a, &b)| a != DYNAMIC && b != DYNAMIC && a != b)
    {
        let ty = strata_dialect_tensor::ops::tensor_like(ctx, packed, &expected);
        return Err(plain_error(
            ir,
            op,
            format!(
                "expected '{}' for the packed domain value, got '{}'",
                type_str(ctx, ty),
                type_str(ctx, packed)
            ),
        ));
    }
    if !is_pack {
        return Ok(());
    }
    let element = shaped(ctx, unpacked).map(|s| s.1);
    let padding = operand_segments(ctx, ir, op)
        .get(2)
        .and_then(|g| g.first().copied());
    if let (Some(v), Some(element)) = (padding, element) {
        if ir.value_type(v) != element {
            return Err(op_error(
                ctx,
                ir,
                op,
                format!(
                    "expected padding_value has '{}' but got: '{}'",
                    type_str(ctx, element),
                    type_str(ctx, ir.value_type(v))
                ),
            ));
        }
    } else if padding.is_none() && requires_padding(&ushape, &pos, &pshape, &perm, &tile_constants)
    {
        return Err(op_error(
            ctx,
            ir,
            op,
            "invalid tile factor or output size provided. Only full tiles are supported when padding_value is not set",
        ));
    }
    Ok(())
}

/// MLIR's `PackOp::requirePaddingValue`: some statically known dimension is
/// not a multiple of its tile (or, for a dynamic tile, of the packed outer
/// size).
pub fn requires_padding(
    input: &[i64],
    pos: &[i64],
    output: &[i64],
    perm: &[i64],
    tiles: &[Option<i64>],
) -> bool {
    let mut outer: Vec<i64> = output[..input.len().min(output.len())].to_vec();
    if !perm.is_empty() {
        // Undo the outer permutation: outer[perm[i]] = packed[i].
        let mut undone = outer.clone();
        for (i, &p) in perm.iter().enumerate() {
            if let (Some(slot), Some(&v)) = (undone.get_mut(p as usize), outer.get(i)) {
                *slot = v;
            }
        }
        outer = undone;
    }
    pos.iter().zip(tiles).any(|(&p, t)| {
        let d = input[p as usize];
        if d == DYNAMIC {
            return false;
        }
        match t {
            Some(t) => d % t != 0,
            None => {
                outer[p as usize] != DYNAMIC && outer[p as usize] != 0 && d % outer[p as usize] != 0
            }
        }
    })
}
