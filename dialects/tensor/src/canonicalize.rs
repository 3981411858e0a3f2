//! Canonicalization patterns of the tensor ops that are rewrites rather than
//! folds (MLIR's `getCanonicalizationPatterns` in `TensorOps.cpp`): they
//! create ops (a more static `tensor.empty`/`tensor.concat` plus a
//! `tensor.cast` back to the old type) instead of returning an existing
//! value. Each keeps the values computed: a cast only changes how much of
//! the shape is known statically.

use crate::ops::{CastOp, ConcatOp, EmptyOp, ExtractSliceOp};
use strata_ir::directives::{
    fold_slice_constant_arguments, offset_size_stride_lists, offset_size_stride_state,
    slice_in_bounds, static_values,
};
use strata_ir::fold::constant_of_value;
use strata_ir::rank_reduction_mask;
use strata_ir::rewrite::{NoMatch, PatternRewriter, RewritePatternSet, RewriteResult, TypedOp};
use strata_ir::{Context, OpId, OperationState, Type, Value, DYNAMIC};

/// MLIR's `preservesStaticInformation(source, target)`: both ranked tensors
/// of the same element type, rank and encoding, and `target` static
/// wherever `source` is.
pub fn preserves_static_information(ctx: &Context, source: Type, target: Type) -> bool {
    use strata_ir::TypeData::RankedTensor;
    let (
        RankedTensor {
            shape: s,
            element: se,
            encoding: senc,
        },
        RankedTensor {
            shape: t,
            element: te,
            encoding: tenc,
        },
    ) = (ctx.type_data(source), ctx.type_data(target))
    else {
        return false;
    };
    se == te
        && senc == tenc
        && s.len() == t.len()
        && s.iter()
            .zip(t.iter())
            .all(|(&a, &b)| a == DYNAMIC || b != DYNAMIC)
}

/// A `tensor.cast` of `value` to `ty` before the matched op `at`.
fn create_cast(rw: &mut PatternRewriter, at: OpId, value: Value, ty: Type) -> Value {
    rw.set_insertion_point_before(at);
    let cast = CastOp::build(rw, value, ty);
    cast.dest(rw.ctx(), rw.ir())
}

/// A `tensor.empty` of `ty` before the matched op `at`.
fn create_empty(rw: &mut PatternRewriter, at: OpId, ty: Type, sizes: &[Value]) -> Value {
    rw.set_insertion_point_before(at);
    let empty = EmptyOp::build(rw, sizes, ty);
    empty.result(rw.ctx(), rw.ir())
}

/// `ReplaceEmptyTensorStaticShapeDims`: dynamic sizes given by non-negative
/// constants become static; the old type comes back through a cast.
pub(crate) fn empty_patterns(ctx: &Context, set: &mut RewritePatternSet) {
    set.add_op_fn::<EmptyOp>(
        ctx,
        1,
        "ReplaceEmptyTensorStaticShapeDims",
        |empty, rw| -> RewriteResult {
            let ctx = rw.ctx();
            let ir = rw.ir();
            let op = empty.op();
            let ty = ir.value_type(empty.result(ctx, ir));
            let shape = ctx.shape(ty).ok_or(NoMatch)?.to_vec();
            let mut sizes = empty.dynamicSizes(ctx, ir).into_iter();
            let mut new_shape = Vec::with_capacity(shape.len());
            let mut kept = Vec::new();
            for &d in &shape {
                if d != DYNAMIC {
                    new_shape.push(d);
                    continue;
                }
                let v = sizes.next().ok_or(NoMatch)?;
                match constant_of_value(ctx, ir, v).and_then(|a| ctx.integer_value(a)) {
                    Some(c) if c >= 0 => new_shape.push(c as i64),
                    _ => {
                        new_shape.push(DYNAMIC);
                        kept.push(v);
                    }
                }
            }
            if new_shape == shape {
                return Err(NoMatch);
            }
            let new_ty = crate::ops::tensor_like(ctx, ty, &new_shape);
            let value = create_empty(rw, op, new_ty, &kept);
            let cast = create_cast(rw, op, value, ty);
            rw.replace_op(op, &[cast]);
            Ok(())
        },
    );
}

/// `FoldEmptyTensorWithCastOp`: a cast to a more static type of a
/// `tensor.empty` is a `tensor.empty` of the cast's type.
pub(crate) fn cast_patterns(ctx: &Context, set: &mut RewritePatternSet) {
    set.add_op_fn::<CastOp>(
        ctx,
        1,
        "FoldEmptyTensorWithCastOp",
        |cast, rw| -> RewriteResult {
            let ctx = rw.ctx();
            let ir = rw.ir();
            let source = cast.source(ctx, ir);
            let result_ty = ir.value_type(cast.dest(ctx, ir));
            if !preserves_static_information(ctx, ir.value_type(source), result_ty) {
                return Err(NoMatch);
            }
            let empty = EmptyOp::defining(ctx, ir, source).ok_or(NoMatch)?;
            let old = ctx.shape(ir.value_type(source)).ok_or(NoMatch)?;
            let new = ctx.shape(result_ty).ok_or(NoMatch)?;
            let mut dynamic = empty.dynamicSizes(ctx, ir).into_iter();
            let mut sizes = Vec::new();
            for (&o, &n) in old.iter().zip(new) {
                if o != DYNAMIC {
                    continue;
                }
                let v = dynamic.next().ok_or(NoMatch)?;
                if n == DYNAMIC {
                    sizes.push(v);
                }
            }
            let value = create_empty(rw, cast.op(), result_ty, &sizes);
            rw.replace_op(cast.op(), &[value]);
            Ok(())
        },
    );
}

fn concat_dim(ctx: &Context, rw: &PatternRewriter, concat: ConcatOp) -> Option<usize> {
    ctx.integer_value(concat.dim(ctx, rw.ir()))
        .map(|d| d as usize)
}

/// MLIR's `ConcatOp::inferResultType`: the concatenated dimension is the sum
/// of the inputs' (dynamic if any is), every other one is static if any
/// input has it static.
fn infer_concat_shape(ctx: &Context, types: &[Type], dim: usize) -> Option<Vec<i64>> {
    let shapes: Vec<&[i64]> = types.iter().map(|&t| ctx.shape(t)).collect::<Option<_>>()?;
    let rank = shapes.first()?.len();
    if dim >= rank || shapes.iter().any(|s| s.len() != rank) {
        return None;
    }
    Some(
        (0..rank)
            .map(|i| {
                if i == dim {
                    shapes
                        .iter()
                        .try_fold(0i64, |acc, s| (s[i] != DYNAMIC).then(|| acc + s[i]))
                        .unwrap_or(DYNAMIC)
                } else {
                    shapes
                        .iter()
                        .map(|s| s[i])
                        .find(|&d| d != DYNAMIC)
                        .unwrap_or(DYNAMIC)
                }
            })
            .collect(),
    )
}

/// `SingleInputConcatOp` (a one-input concat is a cast of it),
/// `InferConcatOperandTypes` (inputs cast to the static sizes the others
/// give) and `InferConcatResultType` (a more static result, cast back).
pub(crate) fn concat_patterns(ctx: &Context, set: &mut RewritePatternSet) {
    set.add_op_fn::<ConcatOp>(ctx, 1, "SingleInputConcatOp", |concat, rw| {
        let (ctx, ir) = (rw.ctx(), rw.ir());
        let [input] = concat.inputs(ctx, ir)[..] else {
            return Err(NoMatch);
        };
        let ty = ir.value_type(concat.result(ctx, ir));
        let cast = create_cast(rw, concat.op(), input, ty);
        rw.replace_op(concat.op(), &[cast]);
        Ok(())
    });
    set.add_op_fn::<ConcatOp>(ctx, 1, "InferConcatOperandTypes", |concat, rw| {
        let ctx = rw.ctx();
        let op = concat.op();
        let dim = concat_dim(ctx, rw, concat).ok_or(NoMatch)?;
        let inputs = concat.inputs(ctx, rw.ir());
        let types: Vec<Type> = inputs.iter().map(|&v| rw.ir().value_type(v)).collect();
        let inferred = infer_concat_shape(ctx, &types, dim).ok_or(NoMatch)?;
        let mut matched = false;
        for (i, (&ty, &v)) in types.iter().zip(&inputs).enumerate() {
            let mut shape = inferred.clone();
            shape[dim] = ctx.shape(ty).ok_or(NoMatch)?[dim];
            let element = ctx.element_type(ty).ok_or(NoMatch)?;
            let refined = ctx.tensor_type(&shape, element);
            if !preserves_static_information(ctx, refined, ty) {
                matched = true;
                let cast = create_cast(rw, op, v, refined);
                rw.modify_op_in_place(op, |ir| ir.set_operand(op, i, cast));
            }
        }
        if matched {
            Ok(())
        } else {
            Err(NoMatch)
        }
    });
    set.add_op_fn::<ConcatOp>(ctx, 1, "InferConcatResultType", |concat, rw| {
        let ctx = rw.ctx();
        let op = concat.op();
        let dim = concat_dim(ctx, rw, concat).ok_or(NoMatch)?;
        let ir = rw.ir();
        let inputs = concat.inputs(ctx, ir);
        let types: Vec<Type> = inputs.iter().map(|&v| ir.value_type(v)).collect();
        let result_ty = ir.value_type(concat.result(ctx, ir));
        let inferred = infer_concat_shape(ctx, &types, dim).ok_or(NoMatch)?;
        let element = ctx.element_type(result_ty).ok_or(NoMatch)?;
        let inferred_ty = ctx.tensor_type(&inferred, element);
        if preserves_static_information(ctx, inferred_ty, result_ty) {
            return Err(NoMatch);
        }
        // The new concat keeps the old one's properties and discardable
        // attributes.
        let mut state = OperationState::new(ctx, ConcatOp::NAME, ir.op_loc(op));
        state.operands = inputs;
        state.result_types = vec![inferred_ty];
        state.properties = ir.properties(op);
        state.attributes = ir.attributes(op);
        rw.set_insertion_point_before(op);
        let new_concat = ConcatOp::from_op(rw.create_op(state));
        let value = new_concat.result(ctx, rw.ir());
        let cast = create_cast(rw, op, value, result_ty);
        rw.replace_op(op, &[cast]);
        Ok(())
    });
}

/// `tensor.extract_slice`'s patterns: MLIR's constant-argument folder
/// (constant offsets, sizes and strides become static, the result type as
/// static as the sizes allow, a `tensor.cast` back to the old type) and
/// `ExtractSliceOpCastFolder` (a slice of a `tensor.cast` that only made
/// the shape less static slices the cast's source).
pub(crate) fn extract_slice_patterns(ctx: &Context, set: &mut RewritePatternSet) {
    set.add_op_fn::<ExtractSliceOp>(ctx, 1, "ExtractSliceOpConstantArgumentFolder", |op, rw| {
        extract_slice_constant_arguments(op.op(), rw)
    });
    set.add_op_fn::<ExtractSliceOp>(ctx, 1, "ExtractSliceOpCastFolder", |op, rw| {
        extract_slice_of_cast(op.op(), rw)
    });
}

fn extract_slice_constant_arguments(op: OpId, rw: &mut PatternRewriter) -> RewriteResult {
    let (ctx, ir) = (rw.ctx(), rw.ir());
    let source = ir.operand(op, 0);
    let source_ty = ir.value_type(source);
    let result_ty = ir.value_type(ir.result(op, 0));
    let source_shape = ctx.shape(source_ty).ok_or(NoMatch)?.to_vec();
    let result_shape = ctx.shape(result_ty).ok_or(NoMatch)?.to_vec();
    let old_sizes = static_values(ctx, ir, op, "static_sizes");
    let lists = fold_slice_constant_arguments(ctx, ir, op, &source_shape).ok_or(NoMatch)?;
    // The dimensions the slice drops stay dropped (static unit sizes).
    let dropped = rank_reduction_mask(&old_sizes, &result_shape, true).ok_or(NoMatch)?;
    let shape: Vec<i64> = lists[1]
        .iter()
        .zip(&dropped)
        .filter(|(_, &d)| !d)
        .map(|(e, _)| e.0)
        .collect();
    let new_ty = ctx.tensor_type_like(result_ty, &shape).ok_or(NoMatch)?;
    let state = offset_size_stride_state(ctx, ir, op, source, &lists, new_ty);
    rw.set_insertion_point_before(op);
    let slice = rw.create_op(state);
    let mut value = rw.ir().result(slice, 0);
    if new_ty != result_ty {
        value = create_cast(rw, op, value, result_ty);
    }
    rw.replace_op(op, &[value]);
    Ok(())
}

fn extract_slice_of_cast(op: OpId, rw: &mut PatternRewriter) -> RewriteResult {
    let (ctx, ir) = (rw.ctx(), rw.ir());
    let cast = CastOp::defining(ctx, ir, ir.operand(op, 0)).ok_or(NoMatch)?;
    let source = cast.source(ctx, ir);
    if !preserves_static_information(
        ctx,
        ir.value_type(cast.dest(ctx, ir)),
        ir.value_type(source),
    ) {
        return Err(NoMatch);
    }
    let shape = ctx.shape(ir.value_type(source)).ok_or(NoMatch)?.to_vec();
    let lists = offset_size_stride_lists(ctx, ir, op);
    if !slice_in_bounds(&shape, &lists) {
        return Err(NoMatch);
    }
    rw.modify_op_in_place(op, |ir| ir.set_operand(op, 0, source));
    Ok(())
}
