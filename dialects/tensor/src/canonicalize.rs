//! Canonicalization patterns of the tensor ops that are rewrites rather than
//! folds (MLIR's `getCanonicalizationPatterns` in `TensorOps.cpp`): they
//! create ops (a more static `tensor.empty`/`tensor.concat` plus a
//! `tensor.cast` back to the old type) instead of returning an existing
//! value. Each keeps the values computed: a cast only changes how much of
//! the shape is known statically.

use strata_ir::fold::constant_of_value;
use strata_ir::rewrite::{NoMatch, PatternRewriter, RewritePatternSet, RewriteResult};
use strata_ir::{Context, OpDefinition, OpId, OperationState, Type, Value, DYNAMIC};

/// Attaches the patterns to the op definitions of the dialect.
pub fn install(defs: &mut [OpDefinition]) {
    for def in defs.iter_mut() {
        def.hooks.canonicalization_patterns = match def.name.as_str() {
            "tensor.empty" => Some(empty_patterns),
            "tensor.cast" => Some(cast_patterns),
            "tensor.concat" => Some(concat_patterns),
            _ => def.hooks.canonicalization_patterns,
        };
    }
}

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

fn create_cast(rw: &mut PatternRewriter, at: OpId, value: Value, ty: Type) -> Value {
    let ctx = rw.ctx();
    let loc = rw.ir().op_loc(at);
    let mut state = OperationState::new(ctx, "tensor.cast", loc);
    state.operands = vec![value];
    state.result_types = vec![ty];
    rw.set_insertion_point_before(at);
    let cast = rw.create_op(state);
    rw.ir().result(cast, 0)
}

fn create_empty(rw: &mut PatternRewriter, at: OpId, ty: Type, sizes: Vec<Value>) -> Value {
    let ctx = rw.ctx();
    let loc = rw.ir().op_loc(at);
    let mut state = OperationState::new(ctx, "tensor.empty", loc);
    state.operands = sizes;
    state.result_types = vec![ty];
    rw.set_insertion_point_before(at);
    let op = rw.create_op(state);
    rw.ir().result(op, 0)
}

/// `ReplaceEmptyTensorStaticShapeDims`: dynamic sizes given by non-negative
/// constants become static; the old type comes back through a cast.
fn empty_patterns(ctx: &Context, set: &mut RewritePatternSet) {
    set.add_fn(
        Some(ctx.op_name("tensor.empty")),
        1,
        "ReplaceEmptyTensorStaticShapeDims",
        |op, rw| -> RewriteResult {
            let ctx = rw.ctx();
            let ir = rw.ir();
            let ty = ir.value_type(ir.result(op, 0));
            let shape = ctx.shape(ty).ok_or(NoMatch)?.to_vec();
            let operands: Vec<Value> = ir.operands(op).collect();
            let mut sizes = operands.into_iter();
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
            let empty = create_empty(rw, op, new_ty, kept);
            let cast = create_cast(rw, op, empty, ty);
            rw.replace_op(op, &[cast]);
            Ok(())
        },
    );
}

/// `FoldEmptyTensorWithCastOp`: a cast to a more static type of a
/// `tensor.empty` is a `tensor.empty` of the cast's type.
fn cast_patterns(ctx: &Context, set: &mut RewritePatternSet) {
    set.add_fn(
        Some(ctx.op_name("tensor.cast")),
        1,
        "FoldEmptyTensorWithCastOp",
        |op, rw| -> RewriteResult {
            let ctx = rw.ctx();
            let ir = rw.ir();
            let source = ir.operand(op, 0);
            let result_ty = ir.value_type(ir.result(op, 0));
            if !preserves_static_information(ctx, ir.value_type(source), result_ty) {
                return Err(NoMatch);
            }
            let empty = ir.defining_op(source).ok_or(NoMatch)?;
            if ctx.op_name_str(ir.op_name(empty)) != "tensor.empty" {
                return Err(NoMatch);
            }
            let old = ctx.shape(ir.value_type(source)).ok_or(NoMatch)?;
            let new = ctx.shape(result_ty).ok_or(NoMatch)?;
            let operands: Vec<Value> = ir.operands(empty).collect();
            let mut dynamic = operands.into_iter();
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
            let value = create_empty(rw, op, result_ty, sizes);
            rw.replace_op(op, &[value]);
            Ok(())
        },
    );
}

fn concat_dim(ctx: &Context, rw: &PatternRewriter, op: OpId) -> Option<usize> {
    rw.ir()
        .attr(ctx, op, "dim")
        .and_then(|a| ctx.integer_value(a))
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
fn concat_patterns(ctx: &Context, set: &mut RewritePatternSet) {
    let name = ctx.op_name("tensor.concat");
    set.add_fn(Some(name), 1, "SingleInputConcatOp", |op, rw| {
        if rw.ir().num_operands(op) != 1 {
            return Err(NoMatch);
        }
        let input = rw.ir().operand(op, 0);
        let ty = rw.ir().value_type(rw.ir().result(op, 0));
        let cast = create_cast(rw, op, input, ty);
        rw.replace_op(op, &[cast]);
        Ok(())
    });
    set.add_fn(Some(name), 1, "InferConcatOperandTypes", |op, rw| {
        let ctx = rw.ctx();
        let dim = concat_dim(ctx, rw, op).ok_or(NoMatch)?;
        let types: Vec<Type> = rw
            .ir()
            .operands(op)
            .map(|v| rw.ir().value_type(v))
            .collect();
        let inferred = infer_concat_shape(ctx, &types, dim).ok_or(NoMatch)?;
        let mut matched = false;
        for (i, &ty) in types.iter().enumerate() {
            let mut shape = inferred.clone();
            shape[dim] = ctx.shape(ty).ok_or(NoMatch)?[dim];
            let element = ctx.element_type(ty).ok_or(NoMatch)?;
            let refined = ctx.tensor_type(&shape, element);
            if !preserves_static_information(ctx, refined, ty) {
                matched = true;
                let v = rw.ir().operand(op, i);
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
    set.add_fn(Some(name), 1, "InferConcatResultType", |op, rw| {
        let ctx = rw.ctx();
        let dim = concat_dim(ctx, rw, op).ok_or(NoMatch)?;
        let ir = rw.ir();
        let types: Vec<Type> = ir.operands(op).map(|v| ir.value_type(v)).collect();
        let result_ty = ir.value_type(ir.result(op, 0));
        let inferred = infer_concat_shape(ctx, &types, dim).ok_or(NoMatch)?;
        let element = ctx.element_type(result_ty).ok_or(NoMatch)?;
        let inferred_ty = ctx.tensor_type(&inferred, element);
        if preserves_static_information(ctx, inferred_ty, result_ty) {
            return Err(NoMatch);
        }
        let mut state = OperationState::new(ctx, "tensor.concat", ir.op_loc(op));
        state.operands = ir.operands(op).collect();
        state.result_types = vec![inferred_ty];
        state.properties = ir.properties(op);
        state.attributes = ir.attributes(op);
        rw.set_insertion_point_before(op);
        let concat = rw.create_op(state);
        let value = rw.ir().result(concat, 0);
        let cast = create_cast(rw, op, value, result_ty);
        rw.replace_op(op, &[cast]);
        Ok(())
    });
}
