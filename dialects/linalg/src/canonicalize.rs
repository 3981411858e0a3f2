//! Canonicalization patterns of the structured ops (MLIR's
//! `getCanonicalizationPatterns` in `LinalgOps.cpp`), with MLIR's pattern
//! names:
//!
//! - `EraseIdentityLinalgOp` (generic, broadcast): an op whose maps are all
//!   equal and whose payload only yields block arguments is the operands it
//!   yields (cast to the result type when that is more static); on buffers,
//!   a copy of a buffer onto itself is erased.
//! - transpose: an identity permutation folds to the input (tensors only);
//!   `FoldTransposeWithTranspose` composes two transposes.
//! - `linalg.fill` producers (`FillOp` patterns): a `tensor.extract` of a
//!   fill is the fill value (`FoldFillWithTensorExtract`); a copy or a
//!   transpose of a fill is a fill of the copy's/transpose's init
//!   (`FoldFillWithCopy`, `FoldFillWithTranspose`); a copy into a fill
//!   writes into the fill's init instead; a reshape of a fill is a fill of
//!   the reshaped init (`FoldFillWithTensorReshape`).
//!
//! Each rewrite keeps what the op computes (the lit tests run the
//! interpreter before and after with `--verify-equivalence`).

use crate::structured::{payload_block, structured_info};
use crate::{
    BroadcastOp, CopyOp, FillOp, GenericOp, IndexOp, PackOp, TransposeOp, UnPackOp, YieldOp,
};
use strata_dialect_tensor::ops as tensor;
use strata_dialect_tensor::syntax::{i64_array_prop, is_ranked_tensor};
use strata_ir::ir_transfer::IrMapping;
use strata_ir::rewrite::{NoMatch, PatternRewriter, RewritePatternSet, RewriteResult};
use strata_ir::{Context, InsertPoint, OpId, Value};

/// The `linalg.fill` producing `v`, if any.
fn fill_producer(rw: &PatternRewriter, v: Value) -> Option<OpId> {
    FillOp::defining(rw.ctx(), rw.ir(), v).map(FillOp::op)
}

/// A copy of `fill` placed before `at`, writing into `init` (whose type the
/// new fill's result takes when the fill is on tensors).
fn fill_into(rw: &mut PatternRewriter, fill: OpId, init: Value, at: OpId) -> OpId {
    let init_ty = rw.ir().value_type(init);
    let ir = rw.ir_mut_unnotified();
    let mut mapping = IrMapping::new();
    let new = ir.clone_op(fill, InsertPoint::Detached, &mut mapping);
    ir.set_operand(new, 1, init);
    if ir.num_results(new) == 1 {
        let r = ir.result(new, 0);
        ir.set_value_type(r, init_ty);
    }
    rw.insert_op(new, InsertPoint::Before(at));
    new
}

/// `EraseIdentityLinalgOp` for `name` (generic and broadcast in MLIR 22).
fn add_erase_identity(ctx: &Context, set: &mut RewritePatternSet, name: &str) {
    set.add_fn(
        Some(ctx.op_name(name)),
        1,
        "EraseIdentityLinalgOp",
        |op, rw| -> RewriteResult {
            let ctx = rw.ctx();
            let ir = rw.ir();
            let info = structured_info(ctx, ir, op)
                .ok_or(NoMatch)?
                .map_err(|_| NoMatch)?;
            if info.indexing_maps.windows(2).any(|w| w[0] != w[1]) {
                return Err(NoMatch);
            }
            let block = payload_block(ir, op).ok_or(NoMatch)?;
            let yield_op = ir.first_op(block).ok_or(NoMatch)?;
            if ir.next_op(yield_op).is_some() || !YieldOp::is(ctx, ir, yield_op) {
                return Err(NoMatch);
            }
            let operands: Vec<Value> = info.operands().collect();
            let is_tensor = |v| is_ranked_tensor(ctx, ir.value_type(v));
            let is_memref = |v| {
                matches!(
                    ctx.type_data(ir.value_type(v)),
                    strata_ir::TypeData::MemRef { .. }
                )
            };
            let args = ir.block_args(block).to_vec();
            if operands.iter().all(|&v| is_memref(v)) {
                if info.inputs.len() != 1
                    || info.outputs.len() != 1
                    || info.inputs[0] != info.outputs[0]
                {
                    return Err(NoMatch);
                }
                let y = ir.operand(yield_op, 0);
                if !args.contains(&y) {
                    return Err(NoMatch);
                }
                rw.erase_op(op);
                return Ok(());
            }
            if !operands.iter().all(|&v| is_tensor(v)) {
                return Err(NoMatch);
            }
            let mut picked = Vec::new();
            for (i, y) in ir.operands(yield_op).enumerate() {
                let k = args.iter().position(|&a| a == y).ok_or(NoMatch)?;
                let v = *operands.get(k).ok_or(NoMatch)?;
                let want = ir.value_type(ir.result(op, i));
                let have = ir.value_type(v);
                if have != want && !strata_dialect_tensor::ops::cast_compatible(ctx, have, want) {
                    return Err(NoMatch);
                }
                picked.push((v, want));
            }
            if picked.len() != ir.num_results(op) {
                return Err(NoMatch);
            }
            let loc = ir.op_loc(op);
            let mut replacements = Vec::new();
            for (v, want) in picked {
                if rw.ir().value_type(v) == want {
                    replacements.push(v);
                    continue;
                }
                rw.set_insertion_point_before(op);
                rw.set_loc(loc);
                let cast = tensor::CastOp::build(rw, v, want);
                replacements.push(cast.dest(rw.ctx(), rw.ir()));
            }
            rw.replace_op(op, &replacements);
            Ok(())
        },
    );
}

/// `linalg.generic` patterns.
pub fn generic_patterns(ctx: &Context, set: &mut RewritePatternSet) {
    add_erase_identity(ctx, set, GenericOp::NAME);
}

/// `linalg.broadcast` patterns.
pub fn broadcast_patterns(ctx: &Context, set: &mut RewritePatternSet) {
    add_erase_identity(ctx, set, BroadcastOp::NAME);
}

/// `linalg.transpose` patterns: `FoldTransposeWithTranspose` and the fill
/// producer fold.
pub fn transpose_patterns(ctx: &Context, set: &mut RewritePatternSet) {
    set.add_fn(
        Some(ctx.op_name(TransposeOp::NAME)),
        1,
        "FoldTransposeWithTranspose",
        |op, rw| {
            let ctx = rw.ctx();
            let ir = rw.ir();
            let def = TransposeOp::defining(ctx, ir, ir.operand(op, 0))
                .ok_or(NoMatch)?
                .op();
            if ir.num_results(def) != 1 {
                return Err(NoMatch);
            }
            let inner = i64_array_prop(ctx, ir, def, "permutation");
            let outer = i64_array_prop(ctx, ir, op, "permutation");
            let folded: Option<Vec<i64>> = outer
                .iter()
                .map(|&p| inner.get(p as usize).copied())
                .collect();
            let folded = folded.ok_or(NoMatch)?;
            let source = ir.operand(def, 0);
            rw.modify_op_in_place(op, |ir| {
                ir.set_operand(op, 0, source);
                ir.set_property(ctx, op, "permutation", Some(ctx.dense_i64_array(&folded)));
            });
            Ok(())
        },
    );
    set.add_fn(
        Some(ctx.op_name(TransposeOp::NAME)),
        1,
        "FoldFillWithTranspose",
        |op, rw| {
            let fill = fill_producer(rw, rw.ir().operand(op, 0)).ok_or(NoMatch)?;
            if rw.ir().num_results(op) != 1 {
                return Err(NoMatch);
            }
            let init = rw.ir().operand(op, 1);
            let new = fill_into(rw, fill, init, op);
            let r = rw.ir().result(new, 0);
            rw.replace_op(op, &[r]);
            Ok(())
        },
    );
}

/// The fold of `linalg.transpose` (tensors only): an identity permutation
/// is its input.
pub fn fold_transpose(
    ctx: &Context,
    ir: &mut strata_ir::Ir,
    op: OpId,
    _: &[Option<strata_ir::Attribute>],
) -> strata_ir::fold::FoldOutcome {
    use strata_ir::fold::FoldOutcome;
    let perm = i64_array_prop(ctx, ir, op, "permutation");
    let input = ir.operand(op, 0);
    if ir.num_results(op) == 1
        && is_ranked_tensor(ctx, ir.value_type(input))
        && ir.value_type(input) == ir.value_type(ir.result(op, 0))
        && perm.iter().enumerate().all(|(i, &p)| p == i as i64)
    {
        return FoldOutcome::value(input);
    }
    FoldOutcome::Failed
}

/// `linalg.fill` patterns rooted on its users.
pub fn fill_patterns(ctx: &Context, set: &mut RewritePatternSet) {
    set.add_fn(
        Some(ctx.op_name(tensor::ExtractOp::NAME)),
        1,
        "FoldFillWithTensorExtract",
        |op, rw| {
            let fill = fill_producer(rw, rw.ir().operand(op, 0)).ok_or(NoMatch)?;
            let value = rw.ir().operand(fill, 0);
            rw.replace_op(op, &[value]);
            Ok(())
        },
    );
    set.add_fn(
        Some(ctx.op_name(CopyOp::NAME)),
        1,
        "FoldFillWithCopy",
        |op, rw| {
            let ir = rw.ir();
            if ir.num_operands(op) != 2 {
                return Err(NoMatch);
            }
            if let Some(fill) = fill_producer(rw, ir.operand(op, 0)) {
                let init = ir.operand(op, 1);
                let new = fill_into(rw, fill, init, op);
                let results: Vec<Value> = rw.ir().results(new).collect();
                if results.len() != rw.ir().num_results(op) {
                    return Err(NoMatch);
                }
                rw.replace_op(op, &results);
                return Ok(());
            }
            let fill = fill_producer(rw, ir.operand(op, 1)).ok_or(NoMatch)?;
            let init = rw.ir().operand(fill, 1);
            rw.modify_op_in_place(op, |ir| ir.set_operand(op, 1, init));
            Ok(())
        },
    );
    for reshape in [tensor::CollapseShapeOp::NAME, tensor::ExpandShapeOp::NAME] {
        set.add_fn(
            Some(ctx.op_name(reshape)),
            1,
            "FoldFillWithTensorReshape",
            |op, rw| {
                let fill = fill_producer(rw, rw.ir().operand(op, 0)).ok_or(NoMatch)?;
                let init = rw.ir().operand(fill, 1);
                // The reshape, moved onto the fill's init.
                let ir = rw.ir_mut_unnotified();
                let mut mapping = IrMapping::new();
                let reshaped = ir.clone_op(op, InsertPoint::Detached, &mut mapping);
                ir.set_operand(reshaped, 0, init);
                rw.insert_op(reshaped, InsertPoint::Before(op));
                let new_init = rw.ir().result(reshaped, 0);
                let new = fill_into(rw, fill, new_init, op);
                let r = rw.ir().result(new, 0);
                rw.replace_op(op, &[r]);
                Ok(())
            },
        );
    }
}

/// `FoldTensorCastProducerOp` (MLIR registers it on the linalg dialect): a
/// `tensor.cast` operand whose source is at least as static as the cast is
/// replaced by that source; results tied to a changed init take its type
/// and are cast back to the old one. Registered for every structured op but
/// pack/unpack (which have their own patterns in MLIR).
pub fn cast_producer_patterns(ctx: &Context, set: &mut RewritePatternSet) {
    for def in ctx.registered_ops() {
        let name = def.name.as_str();
        if !name.starts_with("linalg.")
            || matches!(
                name,
                PackOp::NAME | UnPackOp::NAME | YieldOp::NAME | IndexOp::NAME
            )
        {
            continue;
        }
        set.add_fn(
            Some(ctx.op_name(name)),
            1,
            "FoldTensorCastProducerOp",
            fold_tensor_cast_producer,
        );
    }
}

fn fold_tensor_cast_producer(op: OpId, rw: &mut PatternRewriter) -> RewriteResult {
    let ctx = rw.ctx();
    let ir = rw.ir();
    let info = structured_info(ctx, ir, op)
        .ok_or(NoMatch)?
        .map_err(|_| NoMatch)?;
    let n_in = info.inputs.len();
    if n_in + info.outputs.len() != ir.num_operands(op) {
        return Err(NoMatch);
    }
    let mut operands: Vec<Value> = ir.operands(op).collect();
    let mut folded = false;
    for v in operands.iter_mut() {
        let Some(cast) = tensor::CastOp::defining(ctx, ir, *v) else {
            continue;
        };
        let source = cast.source(ctx, ir);
        if strata_dialect_tensor::canonicalize::preserves_static_information(
            ctx,
            ir.value_type(*v),
            ir.value_type(source),
        ) {
            *v = source;
            folded = true;
        }
    }
    if !folded {
        return Err(NoMatch);
    }
    let old_types: Vec<_> = ir.results(op).map(|r| ir.value_type(r)).collect();
    let mut new_types = old_types.clone();
    for (i, ty) in new_types.iter_mut().enumerate() {
        if let Some(&init) = operands.get(n_in + i) {
            if is_ranked_tensor(ctx, ir.value_type(init)) {
                *ty = ir.value_type(init);
            }
        }
    }
    let loc = ir.op_loc(op);
    let irm = rw.ir_mut_unnotified();
    let mut mapping = IrMapping::new();
    let new = irm.clone_op(op, InsertPoint::Detached, &mut mapping);
    for (i, &v) in operands.iter().enumerate() {
        irm.set_operand(new, i, v);
    }
    for (i, &ty) in new_types.iter().enumerate() {
        let r = irm.result(new, i);
        irm.set_value_type(r, ty);
    }
    rw.insert_op(new, InsertPoint::Before(op));
    let mut replacements = Vec::new();
    for (i, &old) in old_types.iter().enumerate() {
        let r = rw.ir().result(new, i);
        if new_types[i] == old {
            replacements.push(r);
            continue;
        }
        rw.set_insertion_point_before(op);
        rw.set_loc(loc);
        let cast = tensor::CastOp::build(rw, r, old);
        replacements.push(cast.dest(rw.ctx(), rw.ir()));
    }
    rw.replace_op(op, &replacements);
    Ok(())
}
