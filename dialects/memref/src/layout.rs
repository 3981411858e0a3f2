//! Strided layouts: the strides and offset a memref type stands for, and
//! the result type of a subview (MLIR's `getStridesAndOffset` and
//! `SubViewOp::inferResultType`).

use strata_ir::{AttrData, Context, Type, TypeData, DYNAMIC};

/// The strides and offset of a ranked memref type: its strided layout, or
/// the row-major strides of its shape for the identity layout. `None` for
/// other layouts (general affine maps).
pub fn strides_and_offset(ctx: &Context, ty: Type) -> Option<(Vec<i64>, i64)> {
    let TypeData::MemRef { shape, layout, .. } = ctx.type_data(ty) else {
        return None;
    };
    match layout.map(|l| ctx.attr_data(l)) {
        None => Some((identity_strides(shape), 0)),
        Some(AttrData::StridedLayout { offset, strides }) => Some((strides.to_vec(), *offset)),
        Some(AttrData::AffineMap(map)) if map.is_identity() => Some((identity_strides(shape), 0)),
        _ => None,
    }
}

/// Row-major strides of `shape`; dynamic once a dynamic size has been crossed.
pub fn identity_strides(shape: &[i64]) -> Vec<i64> {
    let mut strides = vec![0; shape.len()];
    let mut running = 1i64;
    for i in (0..shape.len()).rev() {
        strides[i] = running;
        if running != DYNAMIC {
            running = if shape[i] == DYNAMIC {
                DYNAMIC
            } else {
                running.saturating_mul(shape[i])
            };
        }
    }
    strides
}

/// A memref type with `shape`, `element`, and a strided layout that is
/// left out when it is row-major with offset 0.
pub fn strided_memref(
    ctx: &Context,
    shape: &[i64],
    element: Type,
    strides: &[i64],
    offset: i64,
    memory_space: Option<strata_ir::Attribute>,
) -> Type {
    let identity = offset == 0 && strides == identity_strides(shape).as_slice();
    let layout = if identity {
        None
    } else {
        Some(ctx.intern_attr(AttrData::StridedLayout {
            offset,
            strides: strides.into(),
        }))
    };
    ctx.intern_type(TypeData::MemRef {
        shape: shape.into(),
        element,
        layout,
        memory_space,
    })
}

/// MLIR's `SaturatedInteger` product: 0 times anything is 0, otherwise
/// dynamic when either side is.
fn mul(a: i64, b: i64) -> i64 {
    if a == 0 || b == 0 {
        0
    } else if a == DYNAMIC || b == DYNAMIC {
        DYNAMIC
    } else {
        a.saturating_mul(b)
    }
}

fn add(a: i64, b: i64) -> i64 {
    if a == DYNAMIC || b == DYNAMIC {
        DYNAMIC
    } else {
        a.saturating_add(b)
    }
}

/// The type of `memref.subview` of `source` with these static offsets,
/// sizes and strides (dynamic entries as [`DYNAMIC`]), before any rank
/// reduction.
pub fn subview_result_type(
    ctx: &Context,
    source: Type,
    offsets: &[i64],
    sizes: &[i64],
    steps: &[i64],
) -> Option<Type> {
    let (strides, offset) = strides_and_offset(ctx, source)?;
    let TypeData::MemRef {
        element,
        memory_space,
        ..
    } = ctx.type_data(source)
    else {
        return None;
    };
    let mut new_offset = offset;
    for (o, s) in offsets.iter().zip(&strides) {
        new_offset = add(new_offset, mul(*o, *s));
    }
    let new_strides: Vec<i64> = strides
        .iter()
        .zip(steps)
        .map(|(s, t)| mul(*s, *t))
        .collect();
    let layout = ctx.intern_attr(AttrData::StridedLayout {
        offset: new_offset,
        strides: new_strides.into(),
    });
    Some(ctx.intern_type(TypeData::MemRef {
        shape: sizes.into(),
        element: *element,
        layout: Some(layout),
        memory_space: *memory_space,
    }))
}

/// Whether two memref types describe the same strided layout (an absent
/// layout and a row-major `strided<...>` with offset 0 are the same).
pub fn same_layout(ctx: &Context, a: Type, b: Type) -> bool {
    strides_and_offset(ctx, a) == strides_and_offset(ctx, b)
}

/// Whether `ty`'s layout is the identity (MLIR's `getLayout().isIdentity()`):
/// no layout, an identity map, or a strided layout whose affine form is
/// the identity (offset 0 and rank 0, or rank 1 with stride 1).
pub fn has_identity_layout(ctx: &Context, ty: Type) -> bool {
    let TypeData::MemRef { layout, .. } = ctx.type_data(ty) else {
        return false;
    };
    match layout.map(|l| ctx.attr_data(l)) {
        None => true,
        Some(AttrData::AffineMap(map)) => map.is_identity(),
        Some(AttrData::StridedLayout { offset, strides }) => {
            *offset == 0 && (strides.is_empty() || strides[..] == [1])
        }
        _ => false,
    }
}

/// The strided layout `memref.collapse_shape` gives its result (MLIR's
/// `computeCollapsedLayoutMap`): each group takes the stride of its last
/// non-unit dimension; `None` when the source is not strided or a group is
/// statically known not to be contiguous. With `strict`, dynamic strides
/// inside a group also fail (used by canonicalizations, which must be sure).
pub fn collapsed_layout(
    ctx: &Context,
    source: Type,
    groups: &[Vec<usize>],
    strict: bool,
) -> Option<(Vec<i64>, i64)> {
    let (strides, offset) = strides_and_offset(ctx, source)?;
    let shape = ctx.shape(source)?;
    let mut result = Vec::with_capacity(groups.len());
    for g in groups {
        let mut r: &[usize] = g;
        while r.len() > 1 && shape[*r.last()?] == 1 {
            r = &r[..r.len() - 1];
        }
        let last = *r.last()?;
        result.push(if shape[last] != DYNAMIC || r.len() == 1 {
            strides[last]
        } else {
            DYNAMIC
        });
    }
    for (g, &group_stride) in groups.iter().zip(&result).rev() {
        let mut stride = group_stride;
        for &idx in g[1..].iter().rev() {
            stride = mul(stride, shape[idx]);
            let src_stride = strides[idx - 1];
            if strict && (stride == DYNAMIC || src_stride == DYNAMIC) {
                return None;
            }
            if shape[idx - 1] == 1 {
                continue;
            }
            if stride != DYNAMIC && src_stride != DYNAMIC && stride != src_stride {
                return None;
            }
        }
    }
    Some((result, offset))
}

/// The strided layout `memref.expand_shape` gives its result (MLIR's
/// `computeExpandedLayoutMap`): a group's stride is multiplied by the
/// sizes that follow it in the group.
pub fn expanded_layout(
    ctx: &Context,
    source: Type,
    result_shape: &[i64],
    groups: &[Vec<usize>],
) -> Option<(Vec<i64>, i64)> {
    let (strides, offset) = strides_and_offset(ctx, source)?;
    let mut reversed = Vec::with_capacity(result_shape.len());
    let mut index = result_shape.len();
    for (g, &stride) in groups.iter().zip(&strides).rev() {
        let mut current = stride;
        for _ in g {
            reversed.push(current);
            index = index.checked_sub(1)?;
            current = mul(current, result_shape[index]);
        }
    }
    let mut result: Vec<i64> = reversed.into_iter().rev().collect();
    result.resize(result_shape.len(), 1);
    Some((result, offset))
}

/// The type `memref.collapse_shape`/`expand_shape` must produce for a
/// `source` and result `shape` (identity layouts stay identity), or `None`
/// for a source layout the reshape cannot express.
pub fn reshaped_type(
    ctx: &Context,
    source: Type,
    shape: &[i64],
    groups: &[Vec<usize>],
    collapse: bool,
    strict: bool,
) -> Option<Type> {
    let TypeData::MemRef {
        element,
        memory_space,
        ..
    } = ctx.type_data(source)
    else {
        return None;
    };
    let layout = if has_identity_layout(ctx, source) {
        None
    } else {
        let (strides, offset) = if collapse {
            collapsed_layout(ctx, source, groups, strict)?
        } else {
            expanded_layout(ctx, source, shape, groups)?
        };
        Some(ctx.intern_attr(AttrData::StridedLayout {
            offset,
            strides: strides.into(),
        }))
    };
    Some(ctx.intern_type(TypeData::MemRef {
        shape: shape.into(),
        element: *element,
        layout,
        memory_space: *memory_space,
    }))
}
