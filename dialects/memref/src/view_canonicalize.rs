//! Canonicalizations of the `memref` view ops, after MLIR 22's
//! `MemRefOps.cpp`. Each makes types more static or removes a view:
//! - `memref.subview`: constant offsets/sizes/strides become static ones
//!   (`OpWithOffsetSizesAndStridesConstantArgumentFolder`, the result type
//!   recomputed with the same dropped dimensions and cast back to the old
//!   type), a `memref.cast` source that only erased static information is
//!   looked through (`SubViewOpMemRefCastFolder`), a subview that takes the
//!   whole source is the source or a cast of it (`TrivialSubViewOpFolder`
//!   and `SubViewOp::fold`);
//! - `memref.reinterpret_cast` of an `extract_strided_metadata` that
//!   rebuilds the same memref is that memref (or a cast of it), otherwise
//!   it reads the metadata's source directly (same base buffer); its
//!   constant offset/sizes/strides become static, with a cast back;
//! - `memref.extract_strided_metadata` results the source type knows
//!   statically become `arith.constant`s (MLIR's fold);
//! - `memref.collapse_shape` of a `collapse_shape` is one collapse
//!   (`ComposeReassociativeReshapeOps`), of a relaxing `memref.cast` a
//!   collapse of the cast's source (`CollapseShapeOpMemRefCastFolder`).
//!
//! New types keep MLIR's explicit `strided<...>` layouts (MLIR builds them
//! with `StridedLayoutAttr::get` and does not drop identity ones), so the
//! output prints as mlir-opt's does.

use crate::layout::{reshaped_type, strides_and_offset, subview_result_type};
use crate::metadata::ExtractStridedMetadataOp;
use crate::ops::{AllocOp, CastOp, CollapseShapeOp, ReinterpretCastOp, SubViewOp, ViewOp};
use crate::verify::{memref_rank_reduction_mask, reassociation};
use strata_ir::fold::constant_i64;
use strata_ir::rewrite::{NoMatch, PatternRewriter, RewritePatternSet, RewriteResult};
use strata_ir::{AttrData, Context, Ir, OpId, OperationState, Type, TypeData, Value, DYNAMIC};

/// `memref.subview`'s patterns.
pub(crate) fn subview_patterns(ctx: &Context, set: &mut RewritePatternSet) {
    set.add_op_fn::<SubViewOp>(ctx, 1, "SubViewOpConstantArgumentFolder", |op, rw| {
        subview_constant_args(op.op(), rw)
    });
    set.add_op_fn::<SubViewOp>(ctx, 1, "SubViewOpMemRefCastFolder", |op, rw| {
        subview_of_cast(op.op(), rw)
    });
    set.add_op_fn::<SubViewOp>(ctx, 1, "TrivialSubViewOpFolder", |op, rw| {
        trivial_subview(op.op(), rw)
    });
    set.add_op_fn::<SubViewOp>(ctx, 1, "SubViewOpFold", |op, rw| subview_fold(op.op(), rw));
}

/// `memref.view`'s patterns (MLIR's `ViewOpShapeFolder` and
/// `ViewOpMemrefCastFolder`).
pub(crate) fn view_patterns(ctx: &Context, set: &mut RewritePatternSet) {
    set.add_op_fn::<ViewOp>(ctx, 1, "ViewOpShapeFolder", |op, rw| {
        view_shape_folder(op.op(), rw)
    });
    set.add_op_fn::<ViewOp>(ctx, 1, "ViewOpMemrefCastFolder", |op, rw| {
        view_of_cast_of_alloc(op.op(), rw)
    });
}

/// Constant size operands of a `memref.view` (of identity layout) become
/// static dimensions of its result, cast back to the old type.
fn view_shape_folder(op: OpId, rw: &mut PatternRewriter) -> RewriteResult {
    let (ctx, ir) = (rw.ctx(), rw.ir());
    let view = ViewOp(op);
    let result_ty = ir.value_type(view.result(ctx, ir));
    let TypeData::MemRef {
        shape,
        element,
        layout: None,
        memory_space,
    } = ctx.type_data(result_ty)
    else {
        return Err(NoMatch);
    };
    let mut sizes = view.sizes(ctx, ir).into_iter();
    let mut kept = Vec::new();
    let mut new_shape = Vec::with_capacity(shape.len());
    for &dim in shape.iter() {
        if dim != DYNAMIC {
            new_shape.push(dim);
            continue;
        }
        let size = sizes.next().ok_or(NoMatch)?;
        match constant_i64(ctx, ir, size) {
            Some(c) => new_shape.push(c),
            None => {
                new_shape.push(DYNAMIC);
                kept.push(size);
            }
        }
    }
    let new_ty = ctx.intern_type(TypeData::MemRef {
        shape: new_shape.into(),
        element: *element,
        layout: None,
        memory_space: *memory_space,
    });
    if new_ty == result_ty {
        return Err(NoMatch);
    }
    let (source, shift) = (view.source(ctx, ir), view.byte_shift(ctx, ir));
    rw.set_insertion_point_before(op);
    let new_view = ViewOp::build(rw, source, shift, &kept, new_ty);
    let value = new_view.result(rw.ctx(), rw.ir());
    let result = cast_to(rw, op, value, result_ty);
    rw.replace_op(op, &[result]);
    Ok(())
}

/// A view of a `memref.cast` of an allocation views the allocation.
fn view_of_cast_of_alloc(op: OpId, rw: &mut PatternRewriter) -> RewriteResult {
    let (ctx, ir) = (rw.ctx(), rw.ir());
    let cast = CastOp::defining(ctx, ir, ir.operand(op, 0)).ok_or(NoMatch)?;
    let alloc = ir.operand(cast.op(), 0);
    AllocOp::defining(ctx, ir, alloc).ok_or(NoMatch)?;
    rw.modify_op_in_place(op, |ir| ir.set_operand(op, 0, alloc));
    Ok(())
}

/// `memref.reinterpret_cast`'s patterns.
pub(crate) fn reinterpret_cast_patterns(ctx: &Context, set: &mut RewritePatternSet) {
    set.add_op_fn::<ReinterpretCastOp>(
        ctx,
        1,
        "ReinterpretCastOpExtractStridedMetadataFolder",
        |op, rw| reinterpret_of_metadata(op.op(), rw),
    );
    set.add_op_fn::<ReinterpretCastOp>(
        ctx,
        1,
        "ReinterpretCastOpConstantArgumentFolder",
        |op, rw| reinterpret_constant_args(op.op(), rw),
    );
}

/// `memref.extract_strided_metadata`'s fold, as a pattern (it creates
/// constants).
pub(crate) fn metadata_patterns(ctx: &Context, set: &mut RewritePatternSet) {
    set.add_op_fn::<ExtractStridedMetadataOp>(ctx, 1, "ExtractStridedMetadataOpFold", |op, rw| {
        metadata_constants(op.op(), rw)
    });
}

/// `memref.collapse_shape`'s patterns.
pub(crate) fn collapse_shape_patterns(ctx: &Context, set: &mut RewritePatternSet) {
    set.add_op_fn::<CollapseShapeOp>(ctx, 1, "ComposeReassociativeReshapeOps", |op, rw| {
        collapse_of_collapse(op.op(), rw)
    });
    set.add_op_fn::<CollapseShapeOp>(ctx, 1, "CollapseShapeOpMemRefCastFolder", |op, rw| {
        collapse_of_cast(op.op(), rw)
    });
}

use strata_ir::directives::{
    fold_constant_entries, fold_slice_constant_arguments, offset_size_stride_lists,
    offset_size_stride_state, MixedEntry as Entry,
};

fn statics(list: &[Entry]) -> Vec<i64> {
    list.iter().map(|e| e.0).collect()
}

/// Creates an op like `old` (subview or reinterpret_cast) of `source` with
/// these lists before `old`, keeping `old`'s other attributes.
fn create_view(
    rw: &mut PatternRewriter,
    old: OpId,
    source: Value,
    lists: &[Vec<Entry>; 3],
    result: Type,
) -> Value {
    let state = offset_size_stride_state(rw.ctx(), rw.ir(), old, source, lists, result);
    rw.set_insertion_point_before(old);
    let op = rw.create_op(state);
    rw.ir().result(op, 0)
}

/// A `memref.cast` of `value` to `ty` before `at`, or `value` itself when
/// it already has that type.
pub(crate) fn cast_to(rw: &mut PatternRewriter, at: OpId, value: Value, ty: Type) -> Value {
    if rw.ir().value_type(value) == ty {
        return value;
    }
    rw.set_insertion_point_before(at);
    let cast = CastOp::build(rw, value, ty);
    cast.dest(rw.ctx(), rw.ir())
}

/// A memref type with an explicit strided layout (as MLIR's
/// `StridedLayoutAttr::get`, which keeps identity strides).
fn strided_type(ctx: &Context, like: Type, shape: &[i64], strides: &[i64], offset: i64) -> Type {
    let TypeData::MemRef {
        element,
        memory_space,
        ..
    } = ctx.type_data(like)
    else {
        return like;
    };
    let layout = ctx.intern_attr(AttrData::StridedLayout {
        offset,
        strides: strides.into(),
    });
    ctx.intern_type(TypeData::MemRef {
        shape: shape.into(),
        element: *element,
        layout: Some(layout),
        memory_space: *memory_space,
    })
}

/// MLIR's `getCanonicalSubViewResultType`: the subview type inferred from
/// `source` with the dimensions the current op drops (`current_source` to
/// `current_result`) left out.
fn canonical_subview_type(
    ctx: &Context,
    current_result: Type,
    current_source: Type,
    source: Type,
    lists: &[Vec<Entry>; 3],
    old_sizes: &[i64],
) -> Option<Type> {
    let [offsets, sizes, steps] = lists.each_ref().map(|l| statics(l));
    let inferred = subview_result_type(ctx, source, &offsets, &sizes, &steps)?;
    let dropped = memref_rank_reduction_mask(ctx, current_source, current_result, old_sizes)?;
    let (strides, offset) = strides_and_offset(ctx, inferred)?;
    let keep = |i: &usize| !dropped[*i];
    let shape: Vec<i64> = (0..sizes.len()).filter(keep).map(|i| sizes[i]).collect();
    let strides: Vec<i64> = (0..sizes.len()).filter(keep).map(|i| strides[i]).collect();
    Some(strided_type(ctx, inferred, &shape, &strides, offset))
}

fn subview_constant_args(op: OpId, rw: &mut PatternRewriter) -> RewriteResult {
    let (ctx, ir) = (rw.ctx(), rw.ir());
    let source = ir.operand(op, 0);
    let source_ty = ir.value_type(source);
    let result_ty = ir.value_type(ir.result(op, 0));
    let shape = ctx.shape(source_ty).ok_or(NoMatch)?.to_vec();
    let old = offset_size_stride_lists(ctx, ir, op);
    let lists = fold_slice_constant_arguments(ctx, ir, op, &shape).ok_or(NoMatch)?;
    let new_ty = canonical_subview_type(
        ctx,
        result_ty,
        source_ty,
        source_ty,
        &lists,
        &statics(&old[1]),
    )
    .ok_or(NoMatch)?;
    let view = create_view(rw, op, source, &lists, new_ty);
    let result = cast_to(rw, op, view, result_ty);
    rw.replace_op(op, &[result]);
    Ok(())
}

/// MLIR's `CastOp::canFoldIntoConsumerOp`: a ranked cast between strided
/// layouts that only makes sizes, offset or strides more dynamic.
pub(crate) fn cast_only_relaxes(ctx: &Context, ir: &Ir, cast: OpId) -> bool {
    let from = ir.value_type(ir.operand(cast, 0));
    let to = ir.value_type(ir.result(cast, 0));
    let (Some(a), Some(b)) = (ctx.shape(from), ctx.shape(to)) else {
        return false;
    };
    if ctx.element_type(from) != ctx.element_type(to) || a.len() != b.len() {
        return false;
    }
    let (Some((sa, oa)), Some((sb, ob))) =
        (strides_and_offset(ctx, from), strides_and_offset(ctx, to))
    else {
        return false;
    };
    let more_static = |x: i64, y: i64| x != y && x == DYNAMIC && y != DYNAMIC;
    !(a.iter().zip(b).any(|(&x, &y)| more_static(x, y))
        || more_static(oa, ob)
        || sa.iter().zip(&sb).any(|(&x, &y)| more_static(x, y)))
}

/// The `memref.cast` defining `v`, if any.
pub(crate) fn defining_cast(ctx: &Context, ir: &Ir, v: Value) -> Option<OpId> {
    CastOp::defining(ctx, ir, v).map(CastOp::op)
}

fn subview_of_cast(op: OpId, rw: &mut PatternRewriter) -> RewriteResult {
    let (ctx, ir) = (rw.ctx(), rw.ir());
    // Constant operands first go to the constant folder.
    if ir.operands(op).any(|v| constant_i64(ctx, ir, v).is_some()) {
        return Err(NoMatch);
    }
    let cast = defining_cast(ctx, ir, ir.operand(op, 0)).ok_or(NoMatch)?;
    if !cast_only_relaxes(ctx, ir, cast) {
        return Err(NoMatch);
    }
    let source = ir.operand(cast, 0);
    let lists = offset_size_stride_lists(ctx, ir, op);
    let result_ty = ir.value_type(ir.result(op, 0));
    let new_ty = canonical_subview_type(
        ctx,
        result_ty,
        ir.value_type(ir.operand(op, 0)),
        ir.value_type(source),
        &lists,
        &statics(&lists[1]),
    )
    .ok_or(NoMatch)?;
    let view = create_view(rw, op, source, &lists, new_ty);
    let result = cast_to(rw, op, view, result_ty);
    rw.replace_op(op, &[result]);
    Ok(())
}

/// Offsets all static 0 and strides all static 1.
fn zero_offsets_unit_strides(lists: &[Vec<Entry>; 3]) -> bool {
    lists[0].iter().all(|e| e == &(0, None)) && lists[2].iter().all(|e| e == &(1, None))
}

fn trivial_subview(op: OpId, rw: &mut PatternRewriter) -> RewriteResult {
    let (ctx, ir) = (rw.ctx(), rw.ir());
    let source = ir.operand(op, 0);
    let source_ty = ir.value_type(source);
    let result_ty = ir.value_type(ir.result(op, 0));
    let shape = ctx.shape(source_ty).ok_or(NoMatch)?;
    if Some(shape.len()) != ctx.shape(result_ty).map(|s| s.len()) {
        return Err(NoMatch);
    }
    let lists = offset_size_stride_lists(ctx, ir, op);
    let sizes_match = lists[1]
        .iter()
        .zip(shape)
        .all(|(e, &d)| e.1.is_none() && e.0 == d && d != DYNAMIC);
    if !zero_offsets_unit_strides(&lists) || !sizes_match {
        return Err(NoMatch);
    }
    let result = cast_to(rw, op, source, result_ty);
    rw.replace_op(op, &[result]);
    Ok(())
}

/// MLIR's `SubViewOp::fold`: a subview to its source's own fully static
/// type, and a zero-offset unit-stride subview of a subview with the same
/// sizes, are their source.
fn subview_fold(op: OpId, rw: &mut PatternRewriter) -> RewriteResult {
    let (ctx, ir) = (rw.ctx(), rw.ir());
    let source = ir.operand(op, 0);
    let source_ty = ir.value_type(source);
    let result_ty = ir.value_type(ir.result(op, 0));
    if source_ty != result_ty {
        return Err(NoMatch);
    }
    let static_type = ctx.shape(result_ty).is_some_and(|s| !s.contains(&DYNAMIC))
        && match ctx.type_data(result_ty) {
            TypeData::MemRef { layout, .. } => match layout.map(|l| ctx.attr_data(l)) {
                Some(AttrData::StridedLayout { offset, strides }) => {
                    *offset != DYNAMIC && !strides.contains(&DYNAMIC)
                }
                _ => true,
            },
            _ => false,
        };
    let noop_of_subview = || {
        let Some(inner) = SubViewOp::defining(ctx, ir, source).map(SubViewOp::op) else {
            return false;
        };
        let lists = offset_size_stride_lists(ctx, ir, op);
        zero_offsets_unit_strides(&lists) && lists[1] == offset_size_stride_lists(ctx, ir, inner)[1]
    };
    if !static_type && !noop_of_subview() {
        return Err(NoMatch);
    }
    rw.replace_op(op, &[source]);
    Ok(())
}

/// An index as MLIR's "constified" `OpFoldResult`: a known integer or a value.
#[derive(PartialEq, Clone, Copy)]
enum Ofr {
    Int(i64),
    Val(Value),
}

fn constified(ctx: &Context, ir: &Ir, e: Entry) -> Ofr {
    match e.1 {
        None => Ofr::Int(e.0),
        Some(v) => constant_i64(ctx, ir, v).map_or(Ofr::Val(v), Ofr::Int),
    }
}

fn reinterpret_of_metadata(op: OpId, rw: &mut PatternRewriter) -> RewriteResult {
    let (ctx, ir) = (rw.ctx(), rw.ir());
    let meta = ExtractStridedMetadataOp::defining(ctx, ir, ir.operand(op, 0))
        .map(ExtractStridedMetadataOp::op)
        .ok_or(NoMatch)?;
    let original = ir.operand(meta, 0);
    let original_ty = ir.value_type(original);
    let shape = ctx.shape(original_ty).ok_or(NoMatch)?.to_vec();
    let (strides, offset) = strides_and_offset(ctx, original_ty).ok_or(NoMatch)?;
    let rank = shape.len();
    // The metadata results, with what the source type knows statically.
    let known = |v: i64, result: usize| {
        if v == DYNAMIC {
            Ofr::Val(ir.result(meta, result))
        } else {
            Ofr::Int(v)
        }
    };
    let meta_offset = known(offset, 1);
    let meta_sizes: Vec<Ofr> = (0..rank).map(|i| known(shape[i], 2 + i)).collect();
    let meta_strides: Vec<Ofr> = (0..rank).map(|i| known(strides[i], 2 + rank + i)).collect();
    let lists = offset_size_stride_lists(ctx, ir, op);
    let [offsets, sizes, steps] = lists.map(|l| {
        l.into_iter()
            .map(|e| constified(ctx, ir, e))
            .collect::<Vec<_>>()
    });
    if steps != meta_strides || sizes != meta_sizes || offsets.first() != Some(&meta_offset) {
        // Not the same memref, but the same base buffer: read it from the
        // metadata's source.
        rw.modify_op_in_place(op, |ir| ir.set_operand(op, 0, original));
        return Ok(());
    }
    let result_ty = ir.value_type(ir.result(op, 0));
    let result = cast_to(rw, op, original, result_ty);
    rw.replace_op(op, &[result]);
    Ok(())
}

/// A `memref.collapse_shape` of `source` with these groups and result type.
fn create_collapse(
    rw: &mut PatternRewriter,
    old: OpId,
    source: Value,
    groups: &[Vec<usize>],
    result: Type,
) -> Value {
    let ctx = rw.ctx();
    let ir = rw.ir();
    let mut state = OperationState::new(ctx, CollapseShapeOp::NAME, ir.op_loc(old));
    state.operands = vec![source];
    let index = |d: usize| ctx.integer_attr(ctx.signless(64), d as i128);
    let groups: Vec<_> = groups
        .iter()
        .map(|g| ctx.array_attr(&g.iter().map(|&d| index(d)).collect::<Vec<_>>()))
        .collect();
    let groups = ctx.array_attr(&groups);
    state.properties = ctx.dictionary_with(
        ir.properties(old),
        ctx.intern_str("reassociation"),
        Some(groups),
    );
    state.attributes = ir.attributes(old);
    state.result_types = vec![result];
    rw.set_insertion_point_before(old);
    let op = rw.create_op(state);
    rw.ir().result(op, 0)
}

fn identity_layout(ctx: &Context, ty: Type) -> bool {
    crate::layout::has_identity_layout(ctx, ty)
}

fn collapse_of_collapse(op: OpId, rw: &mut PatternRewriter) -> RewriteResult {
    let (ctx, ir) = (rw.ctx(), rw.ir());
    let inner = CollapseShapeOp::defining(ctx, ir, ir.operand(op, 0))
        .map(CollapseShapeOp::op)
        .ok_or(NoMatch)?;
    let source = ir.operand(inner, 0);
    let result_ty = ir.value_type(ir.result(op, 0));
    let layouts_identity = [
        ir.value_type(source),
        ir.value_type(ir.operand(op, 0)),
        result_ty,
    ]
    .iter()
    .all(|&t| identity_layout(ctx, t));
    if !layouts_identity {
        return Err(NoMatch);
    }
    let (inner_groups, outer_groups) = (reassociation(ctx, ir, inner), reassociation(ctx, ir, op));
    let composed: Vec<Vec<usize>> = outer_groups
        .iter()
        .map(|g| g.iter().flat_map(|&i| inner_groups[i].clone()).collect())
        .collect();
    let result = create_collapse(rw, op, source, &composed, result_ty);
    rw.replace_op(op, &[result]);
    Ok(())
}

fn collapse_of_cast(op: OpId, rw: &mut PatternRewriter) -> RewriteResult {
    let (ctx, ir) = (rw.ctx(), rw.ir());
    let cast = defining_cast(ctx, ir, ir.operand(op, 0)).ok_or(NoMatch)?;
    if !cast_only_relaxes(ctx, ir, cast) {
        return Err(NoMatch);
    }
    let source = ir.operand(cast, 0);
    let source_ty = ir.value_type(source);
    let groups = reassociation(ctx, ir, op);
    let shape = ctx.shape(source_ty).ok_or(NoMatch)?;
    let collapsed: Vec<i64> = groups
        .iter()
        .map(|g| {
            g.iter().fold(1i64, |acc, &d| {
                if acc == DYNAMIC || shape[d] == DYNAMIC {
                    DYNAMIC
                } else {
                    acc * shape[d]
                }
            })
        })
        .collect();
    let new_ty = reshaped_type(ctx, source_ty, &collapsed, &groups, true, false).ok_or(NoMatch)?;
    let result_ty = ir.value_type(ir.result(op, 0));
    if new_ty == result_ty {
        rw.modify_op_in_place(op, |ir| ir.set_operand(op, 0, source));
        return Ok(());
    }
    let view = create_collapse(rw, op, source, &groups, new_ty);
    let result = cast_to(rw, op, view, result_ty);
    rw.replace_op(op, &[result]);
    Ok(())
}

fn reinterpret_constant_args(op: OpId, rw: &mut PatternRewriter) -> RewriteResult {
    let (ctx, ir) = (rw.ctx(), rw.ir());
    let mut lists = offset_size_stride_lists(ctx, ir, op);
    if !fold_constant_entries(ctx, ir, &mut lists).contains(&true) {
        return Err(NoMatch);
    }
    let result_ty = ir.value_type(ir.result(op, 0));
    let [offsets, sizes, strides] = lists.each_ref().map(|l| statics(l));
    let new_ty = strided_type(ctx, result_ty, &sizes, &strides, offsets[0]);
    let source = ir.operand(op, 0);
    let view = create_view(rw, op, source, &lists, new_ty);
    let result = cast_to(rw, op, view, result_ty);
    rw.replace_op(op, &[result]);
    Ok(())
}

/// Uses of the offset, sizes and strides that the source type fixes read
/// `arith.constant`s instead.
fn metadata_constants(op: OpId, rw: &mut PatternRewriter) -> RewriteResult {
    let (ctx, ir) = (rw.ctx(), rw.ir());
    let source_ty = ir.value_type(ir.operand(op, 0));
    let shape = ctx.shape(source_ty).ok_or(NoMatch)?.to_vec();
    let (strides, offset) = strides_and_offset(ctx, source_ty).ok_or(NoMatch)?;
    let known: Vec<(usize, i64)> = std::iter::once(offset)
        .chain(shape)
        .chain(strides)
        .enumerate()
        .map(|(i, v)| (i + 1, v))
        .filter(|&(i, v)| v != DYNAMIC && ir.has_uses(ir.result(op, i)))
        .collect();
    if known.is_empty() {
        return Err(NoMatch);
    }
    let loc = ir.op_loc(op);
    for (i, v) in known {
        let state = strata_dialect_arith::build::constant_state(
            ctx,
            ctx.index_attr(v),
            ctx.index_type(),
            loc,
        );
        rw.set_insertion_point_before(op);
        let c = rw.create_op(state);
        let (from, to) = (rw.ir().result(op, i), rw.ir().result(c, 0));
        rw.replace_all_uses_with(from, to);
    }
    Ok(())
}
