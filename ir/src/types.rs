//! Builtin types as uniqued values.
//!
//! A [`Type`] is a 4-byte handle into the context; equal types are the same
//! handle. The builtin kinds are a closed enum because every part of the
//! compiler matches on them (shapes, element types, widths). Dialect types
//! are one open variant whose parameters are attributes, so that Rust
//! dialects and dialects loaded from IRDL at run time store them the same
//! way and need no code to be hashed or compared.

use crate::attributes::Attribute;
use crate::context::{Context, StrId};
use std::num::NonZeroU32;

/// A uniqued type.
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Type(pub(crate) NonZeroU32);

impl Type {
    pub(crate) fn index(self) -> usize {
        (self.0.get() - 1) as usize
    }
}

impl std::fmt::Debug for Type {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Type#{}", self.index())
    }
}

/// The marker MLIR uses for a dynamic dimension (`?`) or stride/offset.
pub const DYNAMIC: i64 = i64::MIN;

/// The number of elements of a static shape (1 for rank 0): `None` when a
/// dimension is dynamic or negative, or when the product does not fit in
/// an `i64`. MLIR accepts types such as `tensor<4611686018427387905x4xi8>`
/// whose element count overflows, so code that multiplies dimensions asks
/// here and treats `None` as "not a countable shape" instead of wrapping.
pub fn element_count(shape: &[i64]) -> Option<i64> {
    shape.iter().try_fold(
        1i64,
        |count, &d| {
            if d < 0 {
                None
            } else {
                count.checked_mul(d)
            }
        },
    )
}

/// MLIR's `computeRankReductionMask`: which dimensions of `original` are
/// left out to get `reduced`, all of them of size 1, matched greedily from
/// the left; `None` if `reduced` is not such a reduction. With
/// `match_dynamic`, a dynamic size on either side matches any size but 1.
///
/// The one definition every verifier, bufferization and back end asks;
/// memref subviews, whose unit dimensions are told apart by their strides,
/// refine it in the memref dialect.
pub fn rank_reduction_mask(
    original: &[i64],
    reduced: &[i64],
    match_dynamic: bool,
) -> Option<Vec<bool>> {
    let mut dropped = vec![false; original.len()];
    let mut next = 0;
    for (i, &size) in original.iter().enumerate() {
        let dynamic_match = match_dynamic
            && next < reduced.len()
            && size != 1
            && (reduced[next] == DYNAMIC || size == DYNAMIC);
        if dynamic_match || (next < reduced.len() && size == reduced[next]) {
            next += 1;
            continue;
        }
        if size != 1 {
            return None;
        }
        dropped[i] = true;
    }
    (next == reduced.len()).then_some(dropped)
}

#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum Signedness {
    Signless,
    Signed,
    Unsigned,
}

/// Every builtin floating-point format of MLIR 22, by its keyword.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum FloatKind {
    F4E2M1FN,
    F6E2M3FN,
    F6E3M2FN,
    F8E5M2,
    F8E4M3,
    F8E4M3FN,
    F8E5M2FNUZ,
    F8E4M3FNUZ,
    F8E4M3B11FNUZ,
    F8E3M4,
    F8E8M0FNU,
    BF16,
    F16,
    TF32,
    F32,
    F64,
    F80,
    F128,
}

impl FloatKind {
    pub const ALL: [FloatKind; 18] = [
        FloatKind::F4E2M1FN,
        FloatKind::F6E2M3FN,
        FloatKind::F6E3M2FN,
        FloatKind::F8E5M2,
        FloatKind::F8E4M3,
        FloatKind::F8E4M3FN,
        FloatKind::F8E5M2FNUZ,
        FloatKind::F8E4M3FNUZ,
        FloatKind::F8E4M3B11FNUZ,
        FloatKind::F8E3M4,
        FloatKind::F8E8M0FNU,
        FloatKind::BF16,
        FloatKind::F16,
        FloatKind::TF32,
        FloatKind::F32,
        FloatKind::F64,
        FloatKind::F80,
        FloatKind::F128,
    ];

    pub fn keyword(self) -> &'static str {
        match self {
            FloatKind::F4E2M1FN => "f4E2M1FN",
            FloatKind::F6E2M3FN => "f6E2M3FN",
            FloatKind::F6E3M2FN => "f6E3M2FN",
            FloatKind::F8E5M2 => "f8E5M2",
            FloatKind::F8E4M3 => "f8E4M3",
            FloatKind::F8E4M3FN => "f8E4M3FN",
            FloatKind::F8E5M2FNUZ => "f8E5M2FNUZ",
            FloatKind::F8E4M3FNUZ => "f8E4M3FNUZ",
            FloatKind::F8E4M3B11FNUZ => "f8E4M3B11FNUZ",
            FloatKind::F8E3M4 => "f8E3M4",
            FloatKind::F8E8M0FNU => "f8E8M0FNU",
            FloatKind::BF16 => "bf16",
            FloatKind::F16 => "f16",
            FloatKind::TF32 => "tf32",
            FloatKind::F32 => "f32",
            FloatKind::F64 => "f64",
            FloatKind::F80 => "f80",
            FloatKind::F128 => "f128",
        }
    }

    pub fn from_keyword(word: &str) -> Option<FloatKind> {
        FloatKind::ALL.into_iter().find(|k| k.keyword() == word)
    }

    /// Storage width in bits.
    pub fn width(self) -> u32 {
        match self {
            FloatKind::F4E2M1FN => 4,
            FloatKind::F6E2M3FN | FloatKind::F6E3M2FN => 6,
            FloatKind::F8E5M2
            | FloatKind::F8E4M3
            | FloatKind::F8E4M3FN
            | FloatKind::F8E5M2FNUZ
            | FloatKind::F8E4M3FNUZ
            | FloatKind::F8E4M3B11FNUZ
            | FloatKind::F8E3M4
            | FloatKind::F8E8M0FNU => 8,
            FloatKind::BF16 | FloatKind::F16 => 16,
            FloatKind::TF32 => 19,
            FloatKind::F32 => 32,
            FloatKind::F64 => 64,
            FloatKind::F80 => 80,
            FloatKind::F128 => 128,
        }
    }
}

/// The data behind a [`Type`].
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub enum TypeData {
    Integer {
        width: u32,
        signedness: Signedness,
    },
    Index,
    Float(FloatKind),
    None,
    Complex(Type),
    Tuple(Box<[Type]>),
    Function {
        inputs: Box<[Type]>,
        results: Box<[Type]>,
    },
    /// `scalable[i]` marks `[4]` dimensions of scalable vectors.
    Vector {
        shape: Box<[i64]>,
        scalable: Box<[bool]>,
        element: Type,
    },
    RankedTensor {
        shape: Box<[i64]>,
        element: Type,
        encoding: Option<Attribute>,
    },
    UnrankedTensor {
        element: Type,
    },
    MemRef {
        shape: Box<[i64]>,
        element: Type,
        layout: Option<Attribute>,
        memory_space: Option<Attribute>,
    },
    UnrankedMemRef {
        element: Type,
        memory_space: Option<Attribute>,
    },
    /// A type of a dialect that is not loaded: `!dialect.body` or `!dialect<"body">`.
    Opaque {
        dialect: StrId,
        data: Box<str>,
    },
    /// A type of a registered dialect: `!dialect.name<params>`.
    Dialect {
        dialect: StrId,
        name: StrId,
        params: Box<[Attribute]>,
    },
}

/// Largest integer width MLIR accepts.
pub const MAX_INTEGER_WIDTH: u32 = (1 << 24) - 1;

impl Context {
    pub fn integer_type(&self, width: u32, signedness: Signedness) -> Type {
        self.intern_type(TypeData::Integer { width, signedness })
    }
    pub fn signless(&self, width: u32) -> Type {
        match width {
            1 => self.builtin.i1,
            8 => self.builtin.i8,
            32 => self.builtin.i32,
            64 => self.builtin.i64,
            _ => self.integer_type(width, Signedness::Signless),
        }
    }
    pub fn index_type(&self) -> Type {
        self.builtin.index
    }
    pub fn float_type(&self, kind: FloatKind) -> Type {
        match kind {
            FloatKind::F32 => self.builtin.f32,
            FloatKind::F64 => self.builtin.f64,
            _ => self.intern_type(TypeData::Float(kind)),
        }
    }
    pub fn none_type(&self) -> Type {
        self.builtin.none
    }
    pub fn function_type(&self, inputs: &[Type], results: &[Type]) -> Type {
        self.intern_type(TypeData::Function {
            inputs: inputs.into(),
            results: results.into(),
        })
    }
    pub fn tensor_type(&self, shape: &[i64], element: Type) -> Type {
        self.intern_type(TypeData::RankedTensor {
            shape: shape.into(),
            element,
            encoding: None,
        })
    }
    /// The ranked tensor type `like` (element type, encoding) with `shape`;
    /// `None` when `like` is not a ranked tensor (MLIR's `clone(shape)`).
    pub fn tensor_type_like(&self, like: Type, shape: &[i64]) -> Option<Type> {
        let TypeData::RankedTensor {
            element, encoding, ..
        } = self.type_data(like)
        else {
            return None;
        };
        Some(self.intern_type(TypeData::RankedTensor {
            shape: shape.into(),
            element: *element,
            encoding: *encoding,
        }))
    }
    pub fn memref_type(&self, shape: &[i64], element: Type) -> Type {
        self.intern_type(TypeData::MemRef {
            shape: shape.into(),
            element,
            layout: None,
            memory_space: None,
        })
    }
    pub fn vector_type(&self, shape: &[i64], element: Type) -> Type {
        self.intern_type(TypeData::Vector {
            shape: shape.into(),
            scalable: vec![false; shape.len()].into(),
            element,
        })
    }

    // --- queries -------------------------------------------------------

    pub fn is_integer(&self, ty: Type) -> bool {
        matches!(self.type_data(ty), TypeData::Integer { .. })
    }
    pub fn is_signless_integer(&self, ty: Type) -> bool {
        matches!(
            self.type_data(ty),
            TypeData::Integer {
                signedness: Signedness::Signless,
                ..
            }
        )
    }
    pub fn is_index(&self, ty: Type) -> bool {
        ty == self.builtin.index
    }
    pub fn is_float(&self, ty: Type) -> bool {
        matches!(self.type_data(ty), TypeData::Float(_))
    }
    /// Integer width in bits (index counts as 64, as in MLIR's data layout default).
    pub fn integer_width(&self, ty: Type) -> Option<u32> {
        match self.type_data(ty) {
            TypeData::Integer { width, .. } => Some(*width),
            TypeData::Index => Some(64),
            _ => None,
        }
    }
    pub fn float_kind(&self, ty: Type) -> Option<FloatKind> {
        match self.type_data(ty) {
            TypeData::Float(kind) => Some(*kind),
            _ => None,
        }
    }
    /// The element type of a shaped (vector, tensor, memref) type, or the type itself.
    pub fn element_type_or_self(&self, ty: Type) -> Type {
        self.element_type(ty).unwrap_or(ty)
    }
    pub fn element_type(&self, ty: Type) -> Option<Type> {
        match self.type_data(ty) {
            TypeData::Vector { element, .. }
            | TypeData::RankedTensor { element, .. }
            | TypeData::UnrankedTensor { element }
            | TypeData::MemRef { element, .. }
            | TypeData::UnrankedMemRef { element, .. } => Some(*element),
            _ => None,
        }
    }
    /// The shape of a ranked shaped type.
    pub fn shape(&self, ty: Type) -> Option<&[i64]> {
        match self.type_data(ty) {
            TypeData::Vector { shape, .. }
            | TypeData::RankedTensor { shape, .. }
            | TypeData::MemRef { shape, .. } => Some(shape),
            _ => None,
        }
    }
    /// The element count of a statically shaped type ([`element_count`]).
    pub fn num_elements(&self, ty: Type) -> Option<i64> {
        element_count(self.shape(ty)?)
    }
    pub fn is_shaped(&self, ty: Type) -> bool {
        self.element_type(ty).is_some()
    }
    /// Function inputs and results, for a function type.
    pub fn function_signature(&self, ty: Type) -> Option<(&[Type], &[Type])> {
        match self.type_data(ty) {
            TypeData::Function { inputs, results } => Some((inputs, results)),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{element_count, rank_reduction_mask, DYNAMIC};

    #[test]
    fn rank_reduction_drops_unit_dims_from_the_left() {
        assert_eq!(
            rank_reduction_mask(&[1, 4, 1], &[4, 1], false),
            Some(vec![true, false, false])
        );
        assert_eq!(
            rank_reduction_mask(&[2, 3], &[2, 3], false),
            Some(vec![false, false])
        );
        assert_eq!(rank_reduction_mask(&[2, 3], &[3], false), None);
        assert_eq!(rank_reduction_mask(&[1, 1], &[1, 1, 1], false), None);
    }

    #[test]
    fn rank_reduction_dynamic_sizes() {
        // A dynamic size matches only itself unless asked to match any size but 1.
        assert_eq!(rank_reduction_mask(&[DYNAMIC, 1], &[5], false), None);
        assert_eq!(
            rank_reduction_mask(&[DYNAMIC, 1], &[5], true),
            Some(vec![false, true])
        );
        assert_eq!(
            rank_reduction_mask(&[1, DYNAMIC], &[DYNAMIC], true),
            Some(vec![true, false])
        );
        assert_eq!(rank_reduction_mask(&[4, DYNAMIC], &[DYNAMIC], true), None);
    }

    #[test]
    fn element_count_refuses_dynamic_and_overflowing_shapes() {
        assert_eq!(element_count(&[]), Some(1));
        assert_eq!(element_count(&[3, 0]), Some(0));
        assert_eq!(element_count(&[3, 0, DYNAMIC]), None);
        assert_eq!(element_count(&[4611686018427387905, 4]), None);
        assert_eq!(element_count(&[1 << 31, 1 << 31]), Some(1 << 62));
    }
}
