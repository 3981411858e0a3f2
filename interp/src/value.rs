//! Run-time values: scalars, immutable tensors and vectors, memref views
//! into the interpreter's [`crate::memory::Memory`], and function references.

use std::sync::Arc;
pub use strata_dialect_arith::semantics::{Scalar, ScalarType};
use strata_ir::{Context, FloatKind, Type, TypeData};

/// Elements of a tensor or vector in row-major order, with their shape.
/// Tensors have value semantics: an op producing a "modified" tensor makes
/// a new one (the `Arc` makes copies of unchanged tensors cheap).
#[derive(Clone, Debug, PartialEq)]
pub struct Shaped {
    pub shape: Vec<i64>,
    pub elems: Arc<Vec<Scalar>>,
}

impl Shaped {
    pub fn new(shape: Vec<i64>, elems: Vec<Scalar>) -> Self {
        Self {
            shape,
            elems: Arc::new(elems),
        }
    }
    pub fn len(&self) -> usize {
        self.elems.len()
    }
    pub fn is_empty(&self) -> bool {
        self.elems.is_empty()
    }
    /// Row-major linear index of `indices` (checked).
    pub fn linear_index(&self, indices: &[i64]) -> Option<usize> {
        if indices.len() != self.shape.len() {
            return None;
        }
        let mut index = 0i64;
        for (&i, &d) in indices.iter().zip(&self.shape) {
            if i < 0 || i >= d {
                return None;
            }
            index = index * d + i;
        }
        Some(index as usize)
    }
}

/// A view of a buffer: MLIR's strided memref descriptor.
#[derive(Clone, Debug, PartialEq)]
pub struct MemRefView {
    pub buffer: usize,
    pub offset: i64,
    pub sizes: Vec<i64>,
    pub strides: Vec<i64>,
    pub elem: ScalarType,
}

impl MemRefView {
    /// The buffer position of `indices`, or `None` when out of bounds.
    pub fn position(&self, indices: &[i64]) -> Option<usize> {
        if indices.len() != self.sizes.len() {
            return None;
        }
        let mut pos = self.offset;
        for ((&i, &size), &stride) in indices.iter().zip(&self.sizes).zip(&self.strides) {
            if i < 0 || i >= size {
                return None;
            }
            pos += i * stride;
        }
        usize::try_from(pos).ok()
    }
    pub fn num_elements(&self) -> usize {
        self.sizes.iter().product::<i64>().max(0) as usize
    }
}

/// One run-time value.
#[derive(Clone, Debug, PartialEq)]
pub enum RtValue {
    Scalar(Scalar),
    Tensor(Shaped),
    Vector(Shaped),
    MemRef(MemRefView),
    /// A function symbol (`func.constant`).
    Func(String),
}

impl RtValue {
    pub fn int(v: u128, width: u32) -> Self {
        RtValue::Scalar(Scalar::Int(
            strata_dialect_arith::semantics::mask(v, width),
            width,
        ))
    }
    pub fn index(v: i64) -> Self {
        RtValue::int(v as u64 as u128, 64)
    }
    pub fn bool(b: bool) -> Self {
        RtValue::int(b as u128, 1)
    }
    pub fn float(v: f64, kind: FloatKind) -> Self {
        RtValue::Scalar(Scalar::Float(v, kind))
    }
    pub fn as_scalar(&self) -> Option<Scalar> {
        match self {
            RtValue::Scalar(s) => Some(*s),
            _ => None,
        }
    }
    /// An integer or index as a signed number.
    pub fn as_i64(&self) -> Option<i64> {
        match self {
            RtValue::Scalar(Scalar::Int(v, w)) => {
                Some(strata_dialect_arith::semantics::sext(*v, *w) as i64)
            }
            _ => None,
        }
    }
    pub fn as_bool(&self) -> Option<bool> {
        match self {
            RtValue::Scalar(Scalar::Int(v, _)) => Some(*v != 0),
            _ => None,
        }
    }
    pub fn as_memref(&self) -> Option<&MemRefView> {
        match self {
            RtValue::MemRef(m) => Some(m),
            _ => None,
        }
    }
    pub fn as_shaped(&self) -> Option<&Shaped> {
        match self {
            RtValue::Tensor(s) | RtValue::Vector(s) => Some(s),
            _ => None,
        }
    }
}

/// The element type of a scalar type (`index` is a 64-bit integer).
pub fn scalar_type(ctx: &Context, ty: Type) -> Option<ScalarType> {
    match ctx.type_data(ty) {
        TypeData::Integer { width, .. } if *width <= 128 => Some(ScalarType::Int(*width)),
        TypeData::Index => Some(ScalarType::Int(64)),
        TypeData::Float(kind) if strata_dialect_arith::semantics::float_supported(*kind) => {
            Some(ScalarType::Float(*kind))
        }
        _ => None,
    }
}

/// The zero of an element type.
pub fn zero(ty: ScalarType) -> Scalar {
    match ty {
        ScalarType::Int(w) => Scalar::Int(0, w),
        ScalarType::Float(k) => Scalar::Float(0.0, k),
    }
}

/// The number of elements of `shape` (0 when a dimension is 0 or
/// negative), or `None` when it does not fit a `usize`.
pub fn element_count(shape: &[i64]) -> Option<usize> {
    if shape.iter().any(|&d| d <= 0) {
        return Some(0);
    }
    shape
        .iter()
        .try_fold(1usize, |n, &d| n.checked_mul(usize::try_from(d).ok()?))
}

/// Whether `v` is a `width`-bit integer read as signed or as unsigned (MLIR
/// integers are signless: `-1` and `255` are both the i8 pattern `0xff`).
pub fn int_fits(v: i128, width: u32) -> bool {
    if width >= 128 {
        return true;
    }
    let low = -(1i128 << (width.max(1) - 1));
    let high = (1i128 << width) - 1;
    (low..=high).contains(&v)
}

/// The name of an element type as MLIR spells it (`i32`, `f16`, `bf16`).
pub fn type_name(ty: ScalarType) -> String {
    match ty {
        ScalarType::Int(w) => format!("i{w}"),
        ScalarType::Float(k) => match k {
            FloatKind::F16 => "f16".into(),
            FloatKind::BF16 => "bf16".into(),
            FloatKind::F32 => "f32".into(),
            FloatKind::F64 => "f64".into(),
            other => format!("{other:?}").to_lowercase(),
        },
    }
}

/// Bytes the interpreter spends on one element of a tensor, vector or buffer.
pub const ELEMENT_BYTES: u64 = std::mem::size_of::<Option<Scalar>>() as u64;

/// Row-major strides of `shape`.
pub fn contiguous_strides(shape: &[i64]) -> Vec<i64> {
    let mut strides = vec![1i64; shape.len()];
    for i in (0..shape.len().saturating_sub(1)).rev() {
        strides[i] = strides[i + 1] * shape[i + 1].max(0);
    }
    strides
}
