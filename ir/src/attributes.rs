//! Builtin attributes as uniqued values.
//!
//! Attributes are compile-time constants attached to operations: integers,
//! strings, types, affine maps, dense tensors, locations and dictionaries of
//! them. Like types they are uniqued in the context so an [`Attribute`] is a
//! 4-byte handle compared as an integer; dictionaries are kept sorted by name
//! (MLIR's `DictionaryAttr` invariant) so that equal dictionaries are equal
//! handles. Locations are attributes too, as in MLIR, which lets them nest
//! (`loc(fused[...])`) and be uniqued with the rest.

use crate::context::{Context, StrId};
use crate::types::Type;
use std::num::NonZeroU32;
use strata_affine::{AffineMap, IntegerSet};

/// A uniqued attribute.
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Attribute(pub(crate) NonZeroU32);

impl Attribute {
    pub(crate) fn index(self) -> usize {
        (self.0.get() - 1) as usize
    }
}

impl std::fmt::Debug for Attribute {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Attr#{}", self.index())
    }
}

/// A name-value pair of a dictionary.
pub type NamedAttr = (StrId, Attribute);

/// A float constant: the raw bits in the semantics of its type.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct FloatBits(pub u128);

/// The data behind an [`Attribute`].
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub enum AttrData {
    Unit,
    /// `value` is the integer normalised to the type's width: sign-extended
    /// for signless and signed types, zero-extended for unsigned ones.
    Integer {
        ty: Type,
        value: i128,
    },
    Float {
        ty: Type,
        bits: FloatBits,
    },
    String {
        value: Box<str>,
        ty: Option<Type>,
    },
    Type(Type),
    Array(Box<[Attribute]>),
    /// Sorted by the names' text; no duplicates.
    Dictionary(Box<[NamedAttr]>),
    SymbolRef {
        root: StrId,
        nested: Box<[StrId]>,
    },
    AffineMap(AffineMap),
    IntegerSet(IntegerSet),
    /// Elements of a shaped type: little-endian, each element in
    /// `ceil(width / 8)` bytes (complex: real then imaginary); one element
    /// when `splat`.
    DenseElements {
        ty: Type,
        splat: bool,
        raw: Box<[u8]>,
    },
    DenseStringElements {
        ty: Type,
        values: Box<[Box<[u8]>]>,
    },
    /// `array<i64: 1, 2>`: elements little-endian in `ceil(width / 8)` bytes.
    DenseArray {
        element: Type,
        len: usize,
        raw: Box<[u8]>,
    },
    StridedLayout {
        offset: i64,
        strides: Box<[i64]>,
    },
    /// An attribute of a dialect that is not loaded: `#dialect.body` / `#dialect<"body">`.
    Opaque {
        dialect: StrId,
        data: Box<str>,
        ty: Option<Type>,
    },
    /// An attribute of a registered dialect.
    Dialect {
        dialect: StrId,
        name: StrId,
        params: Box<[Attribute]>,
    },
    Location(LocationData),
}

/// Where an operation came from.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub enum LocationData {
    Unknown,
    /// `"file":line:col`, optionally a range `to line:col` / `to :col`.
    FileLineCol {
        file: StrId,
        line: u32,
        col: u32,
        end: Option<(u32, u32)>,
    },
    Name {
        name: StrId,
        child: Option<Location>,
    },
    CallSite {
        callee: Location,
        caller: Location,
    },
    Fused {
        locations: Box<[Location]>,
        metadata: Option<Attribute>,
    },
}

/// An attribute known to be a location.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct Location(pub Attribute);

impl Context {
    pub fn unit_attr(&self) -> Attribute {
        self.builtin.unit
    }
    pub fn bool_attr(&self, value: bool) -> Attribute {
        if value {
            self.builtin.true_attr
        } else {
            self.builtin.false_attr
        }
    }
    /// An integer attribute; `value` is truncated and re-extended to the type's width.
    pub fn integer_attr(&self, ty: Type, value: i128) -> Attribute {
        let value = self.normalize_int(ty, value);
        self.intern_attr(AttrData::Integer { ty, value })
    }
    pub fn index_attr(&self, value: i64) -> Attribute {
        self.integer_attr(self.index_type(), value as i128)
    }
    pub fn i64_attr(&self, value: i64) -> Attribute {
        self.integer_attr(self.signless(64), value as i128)
    }
    pub fn i32_attr(&self, value: i32) -> Attribute {
        self.integer_attr(self.signless(32), value as i128)
    }
    pub fn string_attr(&self, value: &str) -> Attribute {
        self.intern_attr(AttrData::String {
            value: value.into(),
            ty: None,
        })
    }
    pub fn type_attr(&self, ty: Type) -> Attribute {
        self.intern_attr(AttrData::Type(ty))
    }
    pub fn array_attr(&self, elements: &[Attribute]) -> Attribute {
        self.intern_attr(AttrData::Array(elements.into()))
    }
    pub fn symbol_ref_attr(&self, root: &str, nested: &[&str]) -> Attribute {
        let root = self.intern_str(root);
        let nested = nested.iter().map(|n| self.intern_str(n)).collect();
        self.intern_attr(AttrData::SymbolRef { root, nested })
    }
    pub fn affine_map_attr(&self, map: AffineMap) -> Attribute {
        self.intern_attr(AttrData::AffineMap(map))
    }
    pub fn dense_i64_array(&self, values: &[i64]) -> Attribute {
        let raw: Vec<u8> = values.iter().flat_map(|v| v.to_le_bytes()).collect();
        self.intern_attr(AttrData::DenseArray {
            element: self.signless(64),
            len: values.len(),
            raw: raw.into(),
        })
    }
    pub fn dense_i32_array(&self, values: &[i32]) -> Attribute {
        let raw: Vec<u8> = values.iter().flat_map(|v| v.to_le_bytes()).collect();
        self.intern_attr(AttrData::DenseArray {
            element: self.signless(32),
            len: values.len(),
            raw: raw.into(),
        })
    }

    /// A dense elements attribute of the shaped type `ty` whose every
    /// element is `element` (one element's little-endian bytes). Only the
    /// one element is stored, however many the type has: a splat of
    /// `tensor<100000x100000xf32>` costs four bytes, as in MLIR.
    pub fn dense_splat_attr(&self, ty: Type, element: &[u8]) -> Attribute {
        self.intern_attr(AttrData::DenseElements {
            ty,
            splat: true,
            raw: element.into(),
        })
    }

    /// A dense elements attribute of `ty` from every element's bytes in
    /// row-major order, `element_bytes` each; stored as a splat when they
    /// are all equal (MLIR's `DenseElementsAttr::get`).
    pub fn dense_elements_attr(&self, ty: Type, element_bytes: usize, raw: &[u8]) -> Attribute {
        let first = raw.get(..element_bytes).filter(|_| element_bytes > 0);
        if let Some(first) = first {
            if raw.chunks(element_bytes).all(|c| c == first) {
                return self.dense_splat_attr(ty, first);
            }
        }
        self.intern_attr(AttrData::DenseElements {
            ty,
            splat: false,
            raw: raw.into(),
        })
    }

    /// The empty dictionary.
    pub fn empty_dictionary(&self) -> Attribute {
        self.builtin.empty_dict
    }

    /// A dictionary from pairs in any order; later duplicates replace earlier ones.
    pub fn dictionary_attr(&self, entries: impl IntoIterator<Item = NamedAttr>) -> Attribute {
        let mut entries: Vec<NamedAttr> = entries.into_iter().collect();
        if entries.is_empty() {
            return self.builtin.empty_dict;
        }
        self.sort_named(&mut entries);
        entries.dedup_by(|later, earlier| {
            if later.0 == earlier.0 {
                earlier.1 = later.1;
                true
            } else {
                false
            }
        });
        self.intern_attr(AttrData::Dictionary(entries.into()))
    }

    /// Sorts pairs by the text of their names (stable, so duplicates keep order).
    pub fn sort_named(&self, entries: &mut [NamedAttr]) {
        if entries
            .windows(2)
            .all(|w| self.str(w[0].0) < self.str(w[1].0))
        {
            return;
        }
        entries.sort_by(|a, b| self.str(a.0).cmp(self.str(b.0)));
    }

    /// The entries of a dictionary attribute (empty for anything else).
    pub fn dictionary_entries(&self, attr: Attribute) -> &[NamedAttr] {
        match self.attr_data(attr) {
            AttrData::Dictionary(entries) => entries,
            _ => &[],
        }
    }

    /// Looks `name` up in a dictionary attribute.
    pub fn dictionary_get(&self, dict: Attribute, name: &str) -> Option<Attribute> {
        let entries = self.dictionary_entries(dict);
        entries
            .binary_search_by(|(key, _)| self.str(*key).cmp(name))
            .ok()
            .map(|i| entries[i].1)
    }

    /// The entry named by the interned `name` (a scan comparing ids, for
    /// callers that hold the id: dictionaries of ops are short).
    #[inline]
    pub fn dictionary_get_id(&self, dict: Attribute, name: StrId) -> Option<Attribute> {
        self.dictionary_entries(dict)
            .iter()
            .find(|(key, _)| *key == name)
            .map(|&(_, value)| value)
    }

    /// A copy of `dict` with `name` set to `value` (or removed when `None`).
    pub fn dictionary_with(
        &self,
        dict: Attribute,
        name: StrId,
        value: Option<Attribute>,
    ) -> Attribute {
        let mut entries: Vec<NamedAttr> = self
            .dictionary_entries(dict)
            .iter()
            .copied()
            .filter(|e| e.0 != name)
            .collect();
        if let Some(value) = value {
            entries.push((name, value));
        }
        self.dictionary_attr(entries)
    }

    pub fn integer_value(&self, attr: Attribute) -> Option<i128> {
        match self.attr_data(attr) {
            AttrData::Integer { value, .. } => Some(*value),
            _ => None,
        }
    }

    pub fn string_value(&self, attr: Attribute) -> Option<&str> {
        match self.attr_data(attr) {
            AttrData::String { value, .. } => Some(value),
            _ => None,
        }
    }

    pub fn type_value(&self, attr: Attribute) -> Option<Type> {
        match self.attr_data(attr) {
            AttrData::Type(ty) => Some(*ty),
            _ => None,
        }
    }

    pub fn array_elements(&self, attr: Attribute) -> Option<&[Attribute]> {
        match self.attr_data(attr) {
            AttrData::Array(elements) => Some(elements),
            _ => None,
        }
    }

    /// Values of an `array<i64: ...>` / `array<i32: ...>` attribute.
    pub fn dense_array_i64(&self, attr: Attribute) -> Option<Vec<i64>> {
        Some(self.dense_array_i64_iter(attr)?.collect())
    }

    /// The values of an integer dense array without copying them out, for
    /// readers that need one element or one pass (a `cf.switch` of 100k
    /// cases asks for its case segments once per successor).
    pub fn dense_array_i64_iter(
        &self,
        attr: Attribute,
    ) -> Option<impl ExactSizeIterator<Item = i64> + '_> {
        match self.attr_data(attr) {
            AttrData::DenseArray { element, len, raw } => {
                let width = self.integer_width(*element)?;
                let bytes = width.div_ceil(8) as usize;
                Some(
                    (0..*len).map(move |i| read_le_signed(&raw[i * bytes..(i + 1) * bytes], width)),
                )
            }
            _ => None,
        }
    }

    /// Truncates `value` to the width of the integer type `ty` and extends it
    /// back according to the signedness; index is 64-bit.
    pub fn normalize_int(&self, ty: Type, value: i128) -> i128 {
        use crate::types::{Signedness, TypeData};
        let (width, unsigned) = match self.type_data(ty) {
            TypeData::Integer { width, signedness } => {
                (*width, *signedness == Signedness::Unsigned)
            }
            TypeData::Index => (64, false),
            _ => return value,
        };
        if width >= 128 {
            return value;
        }
        let mask = (1i128 << width) - 1;
        let low = value & mask;
        // i1 is printed and compared as 0/1 (MLIR's BoolAttr), never -1.
        if unsigned || width == 1 {
            low
        } else if width > 0 && low >> (width - 1) & 1 == 1 {
            low | !mask
        } else {
            low
        }
    }
}

/// Reads a little-endian two's-complement integer of `width` bits.
pub fn read_le_signed(bytes: &[u8], width: u32) -> i64 {
    let mut value: u64 = 0;
    for (i, b) in bytes.iter().enumerate().take(8) {
        value |= (*b as u64) << (8 * i);
    }
    if width >= 64 {
        value as i64
    } else {
        let shift = 64 - width;
        ((value << shift) as i64) >> shift
    }
}
