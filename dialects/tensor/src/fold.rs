//! Folds of the tensor ops (MLIR's `fold` methods): static `tensor.dim`,
//! cast chains, `tensor.extract` from constants and `tensor.from_elements`,
//! full-tensor slices, identity reshapes and single-input concatenations.

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
            // dim(cast(x)) -> dim(x) when x's dimension is static is handled by
            // the cast fold; dim of a tensor.empty's dynamic size is its operand.
            let source = ir.operand(op, 0);
            if let Some(def) = ir.defining_op(source) {
                if ctx.op_name_str(ir.op_name(def)) == "tensor.empty" {
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

pub fn fold_cast(ctx: &Context, ir: &mut Ir, op: OpId, _: &[Option<Attribute>]) -> FoldOutcome {
    let source = ir.operand(op, 0);
    let result_ty = ir.value_type(ir.result(op, 0));
    if ir.value_type(source) == result_ty {
        return FoldOutcome::value(source);
    }
    // cast(cast(x)) where the outer cast returns to x's type: x.
    if let Some(def) = ir.defining_op(source) {
        if ctx.op_name_str(ir.op_name(def)) == "tensor.cast" {
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
        if ctx.op_name_str(ir.op_name(def)) == "tensor.from_elements" {
            return FoldOutcome::value(ir.operand(def, linear));
        }
        // extract(insert(v, t, idx), idx) -> v
        if ctx.op_name_str(ir.op_name(def)) == "tensor.insert" {
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
    _: &[Option<Attribute>],
) -> FoldOutcome {
    let source = ir.operand(op, 0);
    let result_ty = ir.value_type(ir.result(op, 0));
    if is_full_slice(ctx, ir, op, ir.value_type(source), result_ty) {
        return FoldOutcome::value(source);
    }
    // extract_slice(insert_slice(x into d at S)) at S -> x
    if let Some(def) = ir.defining_op(source) {
        if ctx.op_name_str(ir.op_name(def)) == "tensor.insert_slice"
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
        if ctx.op_name_str(ir.op_name(def)) == "tensor.extract_slice"
            && ir.operand(def, 0) == ir.operand(op, 1)
            && same_slice(ctx, ir, op, def)
        {
            return FoldOutcome::value(ir.operand(op, 1));
        }
    }
    FoldOutcome::Failed
}

pub fn fold_reshape_identity(
    _: &Context,
    ir: &mut Ir,
    op: OpId,
    _: &[Option<Attribute>],
) -> FoldOutcome {
    let source = ir.operand(op, 0);
    if ir.value_type(source) == ir.value_type(ir.result(op, 0)) {
        return FoldOutcome::value(source);
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
