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

fn mul(a: i64, b: i64) -> i64 {
    if a == DYNAMIC || b == DYNAMIC {
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
