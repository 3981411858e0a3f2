//! Type and attribute constraints of op definitions.
//!
//! Constraints are data, not closures, so that Rust dialects and IRDL
//! dialects share one checker and one way to describe themselves in error
//! messages ("must be signless integer, but got 'f32'").

use crate::attributes::{AttrData, Attribute};
use crate::context::Context;
use crate::types::{Signedness, Type, TypeData};

#[derive(Clone, Debug)]
pub enum TypeConstraint {
    Any,
    /// Exactly this type.
    Is(Type),
    AnyInteger,
    /// Signless integer; of this width if given.
    SignlessInteger(Option<u32>),
    Index,
    /// Signless integer or index.
    SignlessIntegerOrIndex,
    AnyFloat,
    AnyTensor,
    AnyRankedTensor,
    /// A ranked or unranked memref (MLIR's `AnyRankedOrUnrankedMemRef`).
    AnyMemRef,
    /// A ranked memref (MLIR's `AnyMemRef`, C++ class `MemRefType`).
    RankedMemRef,
    AnyVector,
    /// Shaped type (tensor, memref, vector) whose element satisfies the inner constraint.
    ShapedOf(Box<TypeConstraint>),
    /// Scalar, or vector/tensor of, satisfying the inner constraint (MLIR's `*Like`).
    ScalarLike(Box<TypeConstraint>),
    /// A dialect type with this dialect and mnemonic.
    DialectType {
        dialect: String,
        name: String,
    },
    AnyOf(Vec<TypeConstraint>),
    AllOf(Vec<TypeConstraint>),
    /// An arbitrary predicate with its description.
    Predicate(fn(&Context, Type) -> bool, &'static str),
}

impl TypeConstraint {
    /// The one type this constraint admits, if it admits exactly one
    /// (formats may then leave the type out, as for MLIR's buildable
    /// types: `Index`, `I1`, `I32`...).
    pub fn unique_type(&self, ctx: &Context) -> Option<Type> {
        match self {
            TypeConstraint::Is(ty) => Some(*ty),
            TypeConstraint::Index => Some(ctx.index_type()),
            TypeConstraint::SignlessInteger(Some(width)) => Some(ctx.signless(*width)),
            _ => None,
        }
    }
    /// The builtin type class a parsed type must belong to, by its MLIR
    /// name, when the constraint is one class (MLIR's generated parsers
    /// read `type($x)` with `parseType<RankedTensorType>` & co.).
    pub fn type_class(&self) -> Option<&'static str> {
        match self {
            TypeConstraint::AnyRankedTensor => Some("builtin.tensor"),
            TypeConstraint::RankedMemRef => Some("builtin.memref"),
            _ => None,
        }
    }
    pub fn check(&self, ctx: &Context, ty: Type) -> bool {
        use TypeConstraint::*;
        match self {
            Any => true,
            Is(expected) => *expected == ty,
            AnyInteger => ctx.is_integer(ty),
            SignlessInteger(width) => match ctx.type_data(ty) {
                TypeData::Integer {
                    width: w,
                    signedness: Signedness::Signless,
                } => width.is_none_or(|x| x == *w),
                _ => false,
            },
            Index => ctx.is_index(ty),
            SignlessIntegerOrIndex => ctx.is_index(ty) || ctx.is_signless_integer(ty),
            AnyFloat => ctx.is_float(ty),
            AnyTensor => matches!(
                ctx.type_data(ty),
                TypeData::RankedTensor { .. } | TypeData::UnrankedTensor { .. }
            ),
            AnyRankedTensor => matches!(ctx.type_data(ty), TypeData::RankedTensor { .. }),
            AnyMemRef => matches!(
                ctx.type_data(ty),
                TypeData::MemRef { .. } | TypeData::UnrankedMemRef { .. }
            ),
            RankedMemRef => matches!(ctx.type_data(ty), TypeData::MemRef { .. }),
            AnyVector => matches!(ctx.type_data(ty), TypeData::Vector { .. }),
            ShapedOf(inner) => ctx.element_type(ty).is_some_and(|e| inner.check(ctx, e)),
            ScalarLike(inner) => match ctx.type_data(ty) {
                TypeData::Vector { element, .. }
                | TypeData::RankedTensor { element, .. }
                | TypeData::UnrankedTensor { element } => inner.check(ctx, *element),
                _ => inner.check(ctx, ty),
            },
            DialectType { dialect, name } => match ctx.type_data(ty) {
                TypeData::Dialect {
                    dialect: d,
                    name: n,
                    ..
                } => ctx.str(*d) == dialect && ctx.str(*n) == name,
                _ => false,
            },
            AnyOf(options) => options.iter().any(|c| c.check(ctx, ty)),
            AllOf(parts) => parts.iter().all(|c| c.check(ctx, ty)),
            Predicate(f, _) => f(ctx, ty),
        }
    }

    /// The phrase used in "must be ..." messages.
    pub fn describe(&self, ctx: &Context) -> String {
        use TypeConstraint::*;
        match self {
            Any => "any type".into(),
            Is(ty) => format!("'{}'", crate::asm::printer::type_to_string(ctx, *ty)),
            AnyInteger => "integer".into(),
            SignlessInteger(None) => "signless integer".into(),
            SignlessInteger(Some(w)) => format!("{w}-bit signless integer"),
            Index => "index".into(),
            SignlessIntegerOrIndex => "signless integer or index".into(),
            AnyFloat => "floating-point".into(),
            AnyTensor => "tensor of any type values".into(),
            AnyRankedTensor => "ranked tensor of any type values".into(),
            AnyMemRef => "memref of any type values".into(),
            RankedMemRef => "memref of any type values".into(),
            AnyVector => "vector of any type values".into(),
            ShapedOf(inner) => format!("shaped of {}", inner.describe(ctx)),
            ScalarLike(inner) => format!("{}-like", inner.describe(ctx)),
            DialectType { dialect, name } => format!("!{dialect}.{name}"),
            AnyOf(options) => options
                .iter()
                .map(|c| c.describe(ctx))
                .collect::<Vec<_>>()
                .join(" or "),
            AllOf(parts) => parts
                .iter()
                .map(|c| c.describe(ctx))
                .collect::<Vec<_>>()
                .join(" and "),
            Predicate(_, description) => (*description).into(),
        }
    }
}

#[derive(Clone, Debug)]
pub enum AttrConstraint {
    Any,
    Is(Attribute),
    Unit,
    Bool,
    /// Integer attribute; of this signless width if given.
    Integer(Option<u32>),
    Index,
    Float,
    String,
    Symbol,
    FlatSymbol,
    Type,
    TypeOf(TypeConstraint),
    Array(Option<Box<AttrConstraint>>),
    Dictionary,
    AffineMap,
    IntegerSet,
    DenseElements,
    /// `array<i64: ...>` / `array<i32: ...>`.
    DenseI64Array,
    DenseI32Array,
    DialectAttr {
        dialect: String,
        name: String,
    },
    AnyOf(Vec<AttrConstraint>),
    Predicate(fn(&Context, Attribute) -> bool, &'static str),
}

impl AttrConstraint {
    pub fn check(&self, ctx: &Context, attr: Attribute) -> bool {
        use AttrConstraint::*;
        let data = ctx.attr_data(attr);
        match self {
            Any => true,
            Is(expected) => *expected == attr,
            Unit => matches!(data, AttrData::Unit),
            Bool => {
                matches!(data, AttrData::Integer { ty, .. } if ctx.integer_width(*ty) == Some(1) && !ctx.is_index(*ty))
            }
            Integer(width) => match data {
                AttrData::Integer { ty, .. } => width.is_none_or(|w| {
                    ctx.is_signless_integer(*ty) && ctx.integer_width(*ty) == Some(w)
                }),
                _ => false,
            },
            Index => matches!(data, AttrData::Integer { ty, .. } if ctx.is_index(*ty)),
            Float => matches!(data, AttrData::Float { .. }),
            String => matches!(data, AttrData::String { .. }),
            Symbol => matches!(data, AttrData::SymbolRef { .. }),
            FlatSymbol => matches!(data, AttrData::SymbolRef { nested, .. } if nested.is_empty()),
            Type => matches!(data, AttrData::Type(_)),
            TypeOf(inner) => matches!(data, AttrData::Type(t) if inner.check(ctx, *t)),
            Array(element) => match data {
                AttrData::Array(items) => element
                    .as_ref()
                    .is_none_or(|c| items.iter().all(|a| c.check(ctx, *a))),
                _ => false,
            },
            Dictionary => matches!(data, AttrData::Dictionary(_)),
            AffineMap => matches!(data, AttrData::AffineMap(_)),
            IntegerSet => matches!(data, AttrData::IntegerSet(_)),
            DenseElements => matches!(
                data,
                AttrData::DenseElements { .. } | AttrData::DenseStringElements { .. }
            ),
            DenseI64Array => {
                matches!(data, AttrData::DenseArray { element, .. } if ctx.integer_width(*element) == Some(64))
            }
            DenseI32Array => {
                matches!(data, AttrData::DenseArray { element, .. } if ctx.integer_width(*element) == Some(32))
            }
            DialectAttr { dialect, name } => match data {
                AttrData::Dialect {
                    dialect: d,
                    name: n,
                    ..
                } => ctx.str(*d) == dialect && ctx.str(*n) == name,
                _ => false,
            },
            AnyOf(options) => options.iter().any(|c| c.check(ctx, attr)),
            Predicate(f, _) => f(ctx, attr),
        }
    }

    pub fn describe(&self, ctx: &Context) -> String {
        use AttrConstraint::*;
        match self {
            Any => "any attribute".into(),
            Is(a) => format!("'{}'", crate::asm::printer::attr_to_string(ctx, *a)),
            Unit => "unit attribute".into(),
            Bool => "bool attribute".into(),
            Integer(None) => "integer attribute".into(),
            Integer(Some(w)) => format!("{w}-bit signless integer attribute"),
            Index => "index attribute".into(),
            Float => "float attribute".into(),
            String => "string attribute".into(),
            Symbol => "symbol reference attribute".into(),
            FlatSymbol => "flat symbol reference attribute".into(),
            Type => "type attribute".into(),
            TypeOf(inner) => format!("type attribute of {}", inner.describe(ctx)),
            Array(None) => "array attribute".into(),
            Array(Some(inner)) => format!("array of {}", inner.describe(ctx)),
            Dictionary => "dictionary of named attribute values".into(),
            AffineMap => "AffineMap attribute".into(),
            IntegerSet => "IntegerSet attribute".into(),
            DenseElements => "constant vector/tensor attribute".into(),
            DenseI64Array => "i64 dense array attribute".into(),
            DenseI32Array => "i32 dense array attribute".into(),
            DialectAttr { dialect, name } => format!("#{dialect}.{name}"),
            AnyOf(options) => options
                .iter()
                .map(|c| c.describe(ctx))
                .collect::<Vec<_>>()
                .join(" or "),
            Predicate(_, description) => (*description).into(),
        }
    }
}
