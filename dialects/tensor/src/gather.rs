//! `tensor.gather` and `tensor.scatter` (MLIR's `GatherOp`/`ScatterOp`):
//! the batched extraction / insertion of slices at coordinates read from
//! an indices tensor. `indices` has shape `batch x N`; its last dimension
//! lists, for each batch point, the coordinates along the `N`
//! `gather_dims`/`scatter_dims` of the source/dest. The gathered tensor is
//! `batch ++ source shape` with each gathered dimension of size 1 (or
//! dropped: the rank-reduced variant). The verifiers check exactly MLIR
//! 22's conditions with its messages; the interpreter gives the semantics
//! (interp/src/ops/tensor.rs).

use crate::syntax::{i64_array_prop, op_error};
use strata_ir::asm::printer::type_to_string;
use strata_ir::constraints::{AttrConstraint, TypeConstraint};
use strata_ir::diagnostics::DiagResult;
use strata_ir::types::TypeData;
use strata_ir::{Context, Ir, OpId, Type};

/// MLIR's `RankedTensorOf<[AnySignlessIntegerOrIndex]>` for `indices`.
const INDICES: TypeConstraint = TypeConstraint::Predicate(
    |ctx, ty| {
        TypeConstraint::AnyRankedTensor.check(ctx, ty)
            && ctx
                .element_type(ty)
                .is_some_and(|e| TypeConstraint::SignlessIntegerOrIndex.check(ctx, e))
    },
    "ranked tensor of signless integer or index values",
);

strata_ir::define_op! {
    /// Gathers slices of `source` at the coordinates listed in `indices`.
    pub struct GatherOp = "tensor.gather" {
        traits: [PURE],
        operands: [source: single(TypeConstraint::AnyRankedTensor), indices: single(INDICES)],
        results: [result: single(TypeConstraint::AnyRankedTensor)],
        attributes: [gather_dims: required(AttrConstraint::DenseI64Array), unique: optional(AttrConstraint::Unit)],
        format: "$source `[` $indices `]` `gather_dims` `(` $gather_dims `)` (`unique` $unique^)? attr-dict `:` functional-type(operands, results)",
        verify: verify_gather,
        fold: crate::fold::fold_gather,
        result_names: ["gather"],
    }
}
strata_ir::define_op! {
    /// Writes slices of `source` into `dest` at the coordinates in `indices`.
    pub struct ScatterOp = "tensor.scatter" {
        traits: [PURE],
        operands: [source: single(TypeConstraint::AnyRankedTensor), dest: single(TypeConstraint::AnyRankedTensor), indices: single(INDICES)],
        results: [result: single(TypeConstraint::AnyRankedTensor)],
        attributes: [scatter_dims: required(AttrConstraint::DenseI64Array), unique: optional(AttrConstraint::Unit)],
        types_match: [[dest, result]],
        format: "$source `into` $dest `[` $indices `]` `scatter_dims` `(` $scatter_dims `)` (`unique` $unique^)? attr-dict `:` functional-type(operands, results)",
        verify: verify_scatter,
        result_names: ["scatter"],
    }
}

fn shape_of(ctx: &Context, ty: Type) -> Vec<i64> {
    ctx.shape(ty).map(|s| s.to_vec()).unwrap_or_default()
}

/// MLIR's `GatherOp::inferResultType`: `indices` without its last
/// dimension, then `source`'s shape with each gathered dimension 1 (or
/// dropped when `rank_reduced`); element type and encoding of `source`.
pub fn gathered_type(
    ctx: &Context,
    source: Type,
    indices: Type,
    dims: &[i64],
    rank_reduced: bool,
) -> Type {
    let mut shape = shape_of(ctx, indices);
    shape.pop();
    for (d, &size) in shape_of(ctx, source).iter().enumerate() {
        if dims.binary_search(&(d as i64)).is_err() {
            shape.push(size);
        } else if !rank_reduced {
            shape.push(1);
        }
    }
    match ctx.type_data(source) {
        TypeData::RankedTensor {
            element, encoding, ..
        } => ctx.intern_type(TypeData::RankedTensor {
            shape: shape.into(),
            element: *element,
            encoding: *encoding,
        }),
        _ => source,
    }
}

/// MLIR's `verifyGatherOrScatterDims`.
fn verify_dims(
    ctx: &Context,
    ir: &Ir,
    op: OpId,
    dims: &[i64],
    indices: Type,
    rank: usize,
    [which, source_or_dest]: [&str; 2],
) -> DiagResult<()> {
    let err = |m: String| Err(op_error(ctx, ir, op, format!("{which}{m}")));
    if dims.is_empty() {
        return err("_dims must be non-empty".into());
    }
    if dims.len() > rank {
        return err(format!("_dims overflow {source_or_dest} rank"));
    }
    let idx_shape = shape_of(ctx, indices);
    if idx_shape.last() != Some(&(dims.len() as i64)) {
        return err("_dims length must match the size of last dimension of indices".into());
    }
    for &d in dims {
        if d < 0 {
            return err("_dims value must be non-negative".into());
        }
        if d >= rank as i64 {
            return err(format!(
                "_dims value must be smaller than {source_or_dest} rank"
            ));
        }
    }
    if dims.windows(2).any(|w| w[0] >= w[1]) {
        return err("_dims values must be strictly increasing".into());
    }
    Ok(())
}

/// "`kind` type mismatch: expected T or its rank-reduced variant R (got: G)".
fn check_gathered(
    ctx: &Context,
    ir: &Ir,
    op: OpId,
    kind: &str,
    (full, indices): (Type, Type),
    dims: &[i64],
    got: Type,
) -> DiagResult<()> {
    let expected = gathered_type(ctx, full, indices, dims, false);
    let reduced = gathered_type(ctx, full, indices, dims, true);
    if got != expected && got != reduced {
        return Err(op_error(
            ctx,
            ir,
            op,
            format!(
                "{kind} type mismatch: expected '{}' or its rank-reduced variant '{}' (got: '{}')",
                type_to_string(ctx, expected),
                type_to_string(ctx, reduced),
                type_to_string(ctx, got)
            ),
        ));
    }
    Ok(())
}

fn verify_gather(ctx: &Context, ir: &Ir, op: OpId) -> DiagResult<()> {
    let source = ir.value_type(ir.operand(op, 0));
    let indices = ir.value_type(ir.operand(op, 1));
    let dims = i64_array_prop(ctx, ir, op, "gather_dims");
    let rank = shape_of(ctx, source).len();
    verify_dims(ctx, ir, op, &dims, indices, rank, ["gather", "source"])?;
    let result = ir.value_type(ir.result(op, 0));
    check_gathered(ctx, ir, op, "result", (source, indices), &dims, result)
}

fn verify_scatter(ctx: &Context, ir: &Ir, op: OpId) -> DiagResult<()> {
    let source = ir.value_type(ir.operand(op, 0));
    let dest = ir.value_type(ir.operand(op, 1));
    let indices = ir.value_type(ir.operand(op, 2));
    let dims = i64_array_prop(ctx, ir, op, "scatter_dims");
    let rank = shape_of(ctx, dest).len();
    verify_dims(ctx, ir, op, &dims, indices, rank, ["scatter", "dest"])?;
    if ir.attr(ctx, op, "unique").is_none() {
        return Err(op_error(
            ctx,
            ir,
            op,
            "requires 'unique' attribute to be set",
        ));
    }
    check_gathered(ctx, ir, op, "source", (dest, indices), &dims, source)
}
