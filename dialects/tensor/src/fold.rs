//! Folds of the tensor ops (MLIR's `fold` methods): static `tensor.dim`,
//! cast chains, `tensor.extract` from constants and `tensor.from_elements`,
//! full-tensor slices, identity reshapes and single-input concatenations.

use crate::ops::{
    BitcastOp, CastOp, CollapseShapeOp, DimOp, EmptyOp, ExpandShapeOp, ExtractSliceOp,
    FromElementsOp, InsertOp, InsertSliceOp, ReshapeOp,
};
use crate::syntax::{i64_array_prop, operand_segments};
use strata_ir::attributes::AttrData;
use strata_ir::fold::{constant_of_value, FoldOutcome};
use strata_ir::{Attribute, Context, Ir, OpId, DYNAMIC};

pub fn fold_dim(
    ctx: &Context,
    ir: &mut Ir,
    op: OpId,
    constants: &[Option<Attribute>],
) -> FoldOutcome {
    let Some(index) = constants
        .get(1)
        .copied()
        .flatten()
        .and_then(|a| ctx.integer_value(a))
    else {
        return FoldOutcome::Failed;
    };
    let ty = ir.value_type(ir.operand(op, 0));
    let Some(shape) = ctx.shape(ty) else {
        return FoldOutcome::Failed;
    };
    match shape.get(index as usize) {
        Some(&d) if d != DYNAMIC && index >= 0 => FoldOutcome::attribute(ctx.index_attr(d)),
        _ => {
            // dim of a tensor.empty's dynamic size is its operand.
            let source = ir.operand(op, 0);
            if let Some(inner) = ranked_cast_source(ctx, ir, source) {
                // MLIR's `DimOfCastOp`: the dimension of the cast's source.
                ir.set_operand(op, 0, inner);
                return FoldOutcome::InPlace;
            }
            if index < 0 || index as usize >= shape.len() {
                return FoldOutcome::Failed;
            }
            if let Some(def) = ir.defining_op(source) {
                if EmptyOp::is(ctx, ir, def) {
                    let before = shape[..index as usize]
                        .iter()
                        .filter(|&&d| d == DYNAMIC)
                        .count();
                    return FoldOutcome::value(ir.operand(def, before));
                }
            }
            FoldOutcome::Failed
        }
    }
}

/// The ranked source of a `tensor.cast` producing `v`.
fn ranked_cast_source(ctx: &Context, ir: &Ir, v: strata_ir::Value) -> Option<strata_ir::Value> {
    let def = ir.defining_op(v)?;
    if !CastOp::is(ctx, ir, def) {
        return None;
    }
    let source = ir.operand(def, 0);
    ctx.shape(ir.value_type(source)).map(|_| source)
}

pub fn fold_cast(ctx: &Context, ir: &mut Ir, op: OpId, _: &[Option<Attribute>]) -> FoldOutcome {
    let source = ir.operand(op, 0);
    let result_ty = ir.value_type(ir.result(op, 0));
    if ir.value_type(source) == result_ty {
        return FoldOutcome::value(source);
    }
    // cast(cast(x)) where the outer cast returns to x's type: x.
    if let Some(def) = ir.defining_op(source) {
        if CastOp::is(ctx, ir, def) {
            let inner = ir.operand(def, 0);
            if ir.value_type(inner) == result_ty {
                return FoldOutcome::value(inner);
            }
            // Skip the intermediate cast when it adds no static information.
            if crate::ops::cast_compatible(ctx, ir.value_type(inner), result_ty)
                && is_more_dynamic_or_equal(ctx, ir.value_type(source), result_ty)
            {
                ir.set_operand(op, 0, inner);
                return FoldOutcome::InPlace;
            }
        }
    }
    FoldOutcome::Failed
}

/// Whether every static dim of `wide` is also static (and equal) in `narrow`.
fn is_more_dynamic_or_equal(ctx: &Context, wide: strata_ir::Type, narrow: strata_ir::Type) -> bool {
    match (ctx.shape(wide), ctx.shape(narrow)) {
        (Some(w), Some(n)) => w.iter().zip(n).all(|(&a, &b)| a == DYNAMIC || a == b),
        _ => false,
    }
}

/// Reads element `linear` of a dense elements attribute as a scalar attribute.
pub fn dense_element(ctx: &Context, attr: Attribute, linear: usize) -> Option<Attribute> {
    let AttrData::DenseElements { ty, splat, raw } = ctx.attr_data(attr) else {
        return None;
    };
    let element = ctx.element_type(*ty)?;
    let width = ctx
        .integer_width(element)
        .or_else(|| ctx.float_kind(element).map(|k| k.width()))?;
    let bytes = width.div_ceil(8) as usize;
    let at = if *splat { 0 } else { linear * bytes };
    let chunk = raw.get(at..at + bytes)?;
    let mut value: u128 = 0;
    for (i, b) in chunk.iter().enumerate().take(16) {
        value |= (*b as u128) << (8 * i);
    }
    if ctx.is_float(element) {
        Some(ctx.intern_attr(AttrData::Float {
            ty: element,
            bits: strata_ir::FloatBits(value),
        }))
    } else {
        Some(ctx.integer_attr(element, value as i128))
    }
}

pub fn fold_extract(
    ctx: &Context,
    ir: &mut Ir,
    op: OpId,
    constants: &[Option<Attribute>],
) -> FoldOutcome {
    let indices: Option<Vec<i64>> = constants[1..]
        .iter()
        .map(|c| c.and_then(|a| ctx.integer_value(a)).map(|v| v as i64))
        .collect();
    let tensor = ir.operand(op, 0);
    if let Some(source) = ranked_cast_source(ctx, ir, tensor) {
        // MLIR's `ExtractFromTensorCast`: read the cast's ranked source.
        ir.set_operand(op, 0, source);
        return FoldOutcome::InPlace;
    }
    let shape = ctx.shape(ir.value_type(tensor)).map(|s| s.to_vec());
    // extract(splat constant) needs no indices.
    if let Some(attr) = constants[0] {
        if let AttrData::DenseElements { splat: true, .. } = ctx.attr_data(attr) {
            if let Some(e) = dense_element(ctx, attr, 0) {
                return FoldOutcome::attribute(e);
            }
        }
    }
    let (Some(indices), Some(shape)) = (indices, shape) else {
        return FoldOutcome::Failed;
    };
    if shape.contains(&DYNAMIC) || indices.iter().zip(&shape).any(|(&i, &d)| i < 0 || i >= d) {
        return FoldOutcome::Failed;
    }
    let mut linear = 0usize;
    for (&i, &d) in indices.iter().zip(&shape) {
        linear = linear * d as usize + i as usize;
    }
    if let Some(attr) = constants[0] {
        if let Some(e) = dense_element(ctx, attr, linear) {
            return FoldOutcome::attribute(e);
        }
    }
    if let Some(def) = ir.defining_op(tensor) {
        if FromElementsOp::is(ctx, ir, def) {
            return FoldOutcome::value(ir.operand(def, linear));
        }
        // extract(insert(v, t, idx), idx) -> v
        if InsertOp::is(ctx, ir, def) {
            let same = (0..indices.len()).all(|k| {
                constant_of_value(ctx, ir, ir.operand(def, 2 + k))
                    .and_then(|a| ctx.integer_value(a))
                    .map(|v| v as i64)
                    == Some(indices[k])
            });
            if same {
                return FoldOutcome::value(ir.operand(def, 0));
            }
        }
    }
    FoldOutcome::Failed
}

/// A slice with zero offsets, unit strides and the full static shape is its source.
fn is_full_slice(
    ctx: &Context,
    ir: &Ir,
    op: OpId,
    full: strata_ir::Type,
    part: strata_ir::Type,
) -> bool {
    if full != part {
        return false;
    }
    let Some(shape) = ctx.shape(full) else {
        return false;
    };
    let offsets = i64_array_prop(ctx, ir, op, "static_offsets");
    let sizes = i64_array_prop(ctx, ir, op, "static_sizes");
    let strides = i64_array_prop(ctx, ir, op, "static_strides");
    !shape.contains(&DYNAMIC)
        && offsets.iter().all(|&o| o == 0)
        && strides.iter().all(|&s| s == 1)
        && sizes.as_slice() == shape
}

pub fn fold_extract_slice(
    ctx: &Context,
    ir: &mut Ir,
    op: OpId,
    constants: &[Option<Attribute>],
) -> FoldOutcome {
    let source = ir.operand(op, 0);
    let result_ty = ir.value_type(ir.result(op, 0));
    if let Some(a) = resize_splat(ctx, constants.first().copied().flatten(), result_ty) {
        return FoldOutcome::attribute(a);
    }
    if is_full_slice(ctx, ir, op, ir.value_type(source), result_ty) {
        return FoldOutcome::value(source);
    }
    // extract_slice(insert_slice(x into d at S)) at S -> x
    if let Some(def) = ir.defining_op(source) {
        if InsertSliceOp::is(ctx, ir, def)
            && ir.value_type(ir.operand(def, 0)) == result_ty
            && same_slice(ctx, ir, op, def)
        {
            return FoldOutcome::value(ir.operand(def, 0));
        }
    }
    FoldOutcome::Failed
}

fn same_slice(ctx: &Context, ir: &Ir, a: OpId, b: OpId) -> bool {
    let sa = operand_segments(ctx, ir, a);
    let sb = operand_segments(ctx, ir, b);
    ["static_offsets", "static_sizes", "static_strides"]
        .iter()
        .all(|n| i64_array_prop(ctx, ir, a, n) == i64_array_prop(ctx, ir, b, n))
        && sa[sa.len() - 3..] == sb[sb.len() - 3..]
}

pub fn fold_insert_slice(
    ctx: &Context,
    ir: &mut Ir,
    op: OpId,
    _: &[Option<Attribute>],
) -> FoldOutcome {
    let source = ir.operand(op, 0);
    let dest_ty = ir.value_type(ir.operand(op, 1));
    if is_full_slice(ctx, ir, op, dest_ty, ir.value_type(source)) {
        return FoldOutcome::value(source);
    }
    // insert_slice(extract_slice(d at S) into d at S) -> d
    if let Some(def) = ir.defining_op(source) {
        if ExtractSliceOp::is(ctx, ir, def)
            && ir.operand(def, 0) == ir.operand(op, 1)
            && same_slice(ctx, ir, op, def)
        {
            return FoldOutcome::value(ir.operand(op, 1));
        }
    }
    FoldOutcome::Failed
}

pub fn fold_concat(_: &Context, ir: &mut Ir, op: OpId, _: &[Option<Attribute>]) -> FoldOutcome {
    if ir.num_operands(op) == 1
        && ir.value_type(ir.operand(op, 0)) == ir.value_type(ir.result(op, 0))
    {
        return FoldOutcome::value(ir.operand(op, 0));
    }
    FoldOutcome::Failed
}

/// A splat constant given the static type `ty` (MLIR's
/// `reshapeConstantSource` / `SplatElementsAttr::resizeSplat`): only splats,
/// only static shapes.
pub fn resize_splat(
    ctx: &Context,
    attr: Option<Attribute>,
    ty: strata_ir::Type,
) -> Option<Attribute> {
    let AttrData::DenseElements {
        splat: true, raw, ..
    } = ctx.attr_data(attr?)
    else {
        return None;
    };
    if ctx.shape(ty)?.contains(&DYNAMIC) {
        return None;
    }
    Some(ctx.intern_attr(AttrData::DenseElements {
        ty,
        splat: true,
        raw: raw.clone(),
    }))
}

/// The little-endian bytes a dense elements attribute stores for the
/// scalar `attr` (an integer or float constant).
fn scalar_bytes(ctx: &Context, attr: Attribute) -> Option<Vec<u8>> {
    let (bits, width) = match ctx.attr_data(attr) {
        AttrData::Integer { ty, value } => (*value as u128, ctx.integer_width(*ty)?),
        AttrData::Float { ty, bits } => (bits.0, ctx.float_kind(*ty)?.width()),
        _ => return None,
    };
    let masked = if width >= 128 {
        bits
    } else {
        bits & ((1u128 << width) - 1)
    };
    Some(masked.to_le_bytes()[..width.div_ceil(8) as usize].to_vec())
}

/// A dense elements attribute of the static type `ty` holding `scalars` in
/// row-major order; a splat when they are all equal, as MLIR's
/// `DenseElementsAttr::get` makes it.
pub fn dense_of(ctx: &Context, ty: strata_ir::Type, scalars: &[Attribute]) -> Option<Attribute> {
    if ctx.shape(ty)?.contains(&DYNAMIC) || scalars.is_empty() {
        return None;
    }
    let splat = scalars.iter().all(|&s| s == scalars[0]);
    let mut raw = Vec::new();
    for &s in if splat { &scalars[..1] } else { scalars } {
        raw.extend(scalar_bytes(ctx, s)?);
    }
    Some(ctx.intern_attr(AttrData::DenseElements {
        ty,
        splat,
        raw: raw.into(),
    }))
}

/// `tensor.splat` of a constant (MLIR's `SplatOp::fold`).
pub fn fold_splat(
    ctx: &Context,
    ir: &mut Ir,
    op: OpId,
    constants: &[Option<Attribute>],
) -> FoldOutcome {
    let ty = ir.value_type(ir.result(op, 0));
    match constants.first().copied().flatten() {
        Some(c) if ir.num_operands(op) == 1 => dense_of(ctx, ty, &[c])
            .map(FoldOutcome::attribute)
            .unwrap_or(FoldOutcome::Failed),
        _ => FoldOutcome::Failed,
    }
}

/// `tensor.from_elements` of constants (MLIR's `FromElementsOp::fold`).
pub fn fold_from_elements(
    ctx: &Context,
    ir: &mut Ir,
    op: OpId,
    constants: &[Option<Attribute>],
) -> FoldOutcome {
    let ty = ir.value_type(ir.result(op, 0));
    let Some(scalars) = constants.iter().copied().collect::<Option<Vec<_>>>() else {
        return FoldOutcome::Failed;
    };
    dense_of(ctx, ty, &scalars)
        .map(FoldOutcome::attribute)
        .unwrap_or(FoldOutcome::Failed)
}

/// `tensor.rank` of a ranked tensor.
pub fn fold_rank(ctx: &Context, ir: &mut Ir, op: OpId, _: &[Option<Attribute>]) -> FoldOutcome {
    match ctx.shape(ir.value_type(ir.operand(op, 0))) {
        Some(shape) => FoldOutcome::attribute(ctx.index_attr(shape.len() as i64)),
        None => FoldOutcome::Failed,
    }
}

/// `tensor.gather` of a splat constant is a splat (MLIR's `GatherOp::fold`).
pub fn fold_gather(
    ctx: &Context,
    ir: &mut Ir,
    op: OpId,
    constants: &[Option<Attribute>],
) -> FoldOutcome {
    let ty = ir.value_type(ir.result(op, 0));
    resize_splat(ctx, constants.first().copied().flatten(), ty)
        .map(FoldOutcome::attribute)
        .unwrap_or(FoldOutcome::Failed)
}

/// `tensor.insert` of a splat's own value into that splat constant is the
/// constant (MLIR's `InsertOp::fold`).
pub fn fold_insert(
    ctx: &Context,
    _: &mut Ir,
    _: OpId,
    constants: &[Option<Attribute>],
) -> FoldOutcome {
    let (Some(Some(scalar)), Some(Some(dest))) = (constants.first(), constants.get(1)) else {
        return FoldOutcome::Failed;
    };
    if matches!(
        ctx.attr_data(*dest),
        AttrData::DenseElements { splat: true, .. }
    ) && dense_element(ctx, *dest, 0) == Some(*scalar)
    {
        return FoldOutcome::attribute(*dest);
    }
    FoldOutcome::Failed
}

/// `tensor.bitcast` to its own type is its operand; a bitcast of a bitcast
/// reads the first one's source (MLIR's `ChainedTensorBitcast`).
pub fn fold_bitcast(ctx: &Context, ir: &mut Ir, op: OpId, _: &[Option<Attribute>]) -> FoldOutcome {
    let source = ir.operand(op, 0);
    if ir.value_type(source) == ir.value_type(ir.result(op, 0)) {
        return FoldOutcome::value(source);
    }
    if let Some(def) = ir.defining_op(source) {
        if BitcastOp::is(ctx, ir, def) {
            let inner = ir.operand(def, 0);
            ir.set_operand(op, 0, inner);
            return FoldOutcome::InPlace;
        }
    }
    FoldOutcome::Failed
}

/// `tensor.reshape` (MLIR's `ReshapeOp::fold`): of a splat constant; of
/// another reshape (reads its source); a 1-d or shape-preserving reshape
/// whose shape operand is built from the source's own dimensions.
pub fn fold_tensor_reshape(
    ctx: &Context,
    ir: &mut Ir,
    op: OpId,
    constants: &[Option<Attribute>],
) -> FoldOutcome {
    let result_ty = ir.value_type(ir.result(op, 0));
    if let Some(a) = resize_splat(ctx, constants.first().copied().flatten(), result_ty) {
        return FoldOutcome::attribute(a);
    }
    let source = ir.operand(op, 0);
    if let Some(def) = ir.defining_op(source) {
        if ReshapeOp::is(ctx, ir, def) {
            let inner = ir.operand(def, 0);
            ir.set_operand(op, 0, inner);
            return FoldOutcome::InPlace;
        }
    }
    let source_ty = ir.value_type(source);
    let Some(shape) = ctx.shape(source_ty).map(|s| s.to_vec()) else {
        return FoldOutcome::Failed;
    };
    if source_ty != result_ty || ctx.shape(result_ty).is_none() {
        return FoldOutcome::Failed;
    }
    if shape.len() == 1 {
        return FoldOutcome::value(source);
    }
    let Some(from) = ir.defining_op(ir.operand(op, 1)) else {
        return FoldOutcome::Failed;
    };
    if !FromElementsOp::is(ctx, ir, from) || ir.num_operands(from) != shape.len() {
        return FoldOutcome::Failed;
    }
    let constant = |v| constant_of_value(ctx, ir, v).and_then(|a| ctx.integer_value(a));
    let noop = (0..shape.len()).all(|id| {
        let element = ir.operand(from, id);
        if let Some(c) = constant(element) {
            return c == shape[id] as i128;
        }
        match ir.defining_op(element) {
            Some(dim) if DimOp::is(ctx, ir, dim) => {
                ir.operand(dim, 0) == source && constant(ir.operand(dim, 1)) == Some(id as i128)
            }
            _ => false,
        }
    });
    if noop {
        FoldOutcome::value(source)
    } else {
        FoldOutcome::Failed
    }
}

/// `tensor.collapse_shape` / `tensor.expand_shape` (MLIR's `foldReshapeOp`
/// and `reshapeConstantSource`): to the same type; of a splat constant;
/// undoing the inverse reshape of a value of the result type (with at most
/// one dynamic dimension, or a collapse with the expand's own reassociation).
pub fn fold_reshape(
    ctx: &Context,
    ir: &mut Ir,
    op: OpId,
    constants: &[Option<Attribute>],
) -> FoldOutcome {
    let source = ir.operand(op, 0);
    let result_ty = ir.value_type(ir.result(op, 0));
    if ir.value_type(source) == result_ty {
        return FoldOutcome::value(source);
    }
    if let Some(a) = resize_splat(ctx, constants.first().copied().flatten(), result_ty) {
        return FoldOutcome::attribute(a);
    }
    let collapse = CollapseShapeOp::is(ctx, ir, op);
    let Some(def) = ir.defining_op(source) else {
        return FoldOutcome::Failed;
    };
    let inverse = if collapse {
        ExpandShapeOp::is(ctx, ir, def)
    } else {
        CollapseShapeOp::is(ctx, ir, def)
    };
    if !inverse {
        return FoldOutcome::Failed;
    }
    let inner = ir.operand(def, 0);
    if ir.value_type(inner) != result_ty {
        return FoldOutcome::Failed;
    }
    let dynamic = ctx
        .shape(result_ty)
        .map_or(0, |s| s.iter().filter(|&&d| d == DYNAMIC).count());
    if dynamic < 2
        || (collapse && ir.attr(ctx, op, "reassociation") == ir.attr(ctx, def, "reassociation"))
    {
        return FoldOutcome::value(inner);
    }
    FoldOutcome::Failed
}
