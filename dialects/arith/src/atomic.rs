//! MLIR's `arith::AtomicRMWKind`: the read-modify-write operations of
//! `memref.atomic_rmw` and the reductions of `affine.parallel`.
//!
//! The kinds live in arith (as in MLIR) because each one is an arith op
//! (`addf` is `arith.addf`) with an identity element; the numbering is
//! MLIR 22's (alphabetical), which is what the generic form prints
//! (`kind = 0 : i64`, `reductions = [8, 4]`). Keeping the table, the
//! identities and the combining ops in one place lets the parser, the
//! verifiers, the interpreter and `lower-affine` agree.

use crate::semantics::{self as sem, SemResult};
use strata_ir::{AttrData, Attribute, Context, FloatBits, FloatKind, Type};

/// The kinds, in MLIR 22's numbering.
pub const NAMES: [&str; 16] = [
    "addf", "addi", "andi", "assign", "maximumf", "maxnumf", "maxs", "maxu", "minimumf", "minnumf",
    "mins", "minu", "mulf", "muli", "ori", "xori",
];

/// One `AtomicRMWKind` (its index in [`NAMES`]).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct AtomicRmwKind(u8);

impl AtomicRmwKind {
    pub fn from_name(name: &str) -> Option<Self> {
        NAMES.iter().position(|&n| n == name).map(|i| Self(i as u8))
    }
    pub fn from_i64(value: i64) -> Option<Self> {
        (0..NAMES.len() as i64)
            .contains(&value)
            .then_some(Self(value as u8))
    }
    /// The kind stored in an integer attribute.
    pub fn from_attr(ctx: &Context, attr: Attribute) -> Option<Self> {
        ctx.integer_value(attr)
            .and_then(|v| Self::from_i64(v as i64))
    }
    pub fn name(self) -> &'static str {
        NAMES[self.0 as usize]
    }
    pub fn value(self) -> i64 {
        self.0 as i64
    }
    /// The `i64` attribute MLIR stores the kind as.
    pub fn attr(self, ctx: &Context) -> Attribute {
        ctx.i64_attr(self.value())
    }
    /// Kinds `memref.atomic_rmw` requires a float for (MLIR's verifier list).
    pub fn requires_float(self) -> bool {
        matches!(self.name(), "addf" | "maximumf" | "minimumf" | "mulf")
    }
    /// Kinds `memref.atomic_rmw` requires an integer for.
    pub fn requires_integer(self) -> bool {
        matches!(
            self.name(),
            "addi" | "maxs" | "maxu" | "mins" | "minu" | "muli" | "ori" | "xori" | "andi"
        )
    }
    /// Whether `affine.parallel` accepts this kind for a result of type
    /// `ty` (MLIR's `isResultTypeMatchAtomicRMWKind`, quirks included:
    /// `maxs`/`mins` want a signed integer type, `maxu`/`minu` an unsigned
    /// one, `index` is no integer, `maxnumf`, `minnumf` and `xori` match
    /// nothing).
    pub fn matches_type(self, ctx: &Context, ty: Type) -> bool {
        use strata_ir::{Signedness, TypeData};
        let is_float = ctx.float_kind(ty).is_some();
        let signedness = match ctx.type_data(ty) {
            TypeData::Integer { signedness, .. } => Some(*signedness),
            _ => None,
        };
        match self.name() {
            "addf" | "mulf" | "maximumf" | "minimumf" => is_float,
            "assign" => true,
            "addi" | "muli" | "ori" | "andi" => signedness.is_some(),
            "maxs" | "mins" => signedness == Some(Signedness::Signed),
            "maxu" | "minu" => signedness == Some(Signedness::Unsigned),
            _ => false,
        }
    }
    /// The arith op that combines two values (MLIR's `getReductionOp`);
    /// `None` for `assign`, which keeps the new value.
    pub fn combining_op(self) -> Option<&'static str> {
        Some(match self.name() {
            "addf" => "arith.addf",
            "addi" => "arith.addi",
            "andi" => "arith.andi",
            "maximumf" => "arith.maximumf",
            "maxnumf" => "arith.maxnumf",
            "maxs" => "arith.maxsi",
            "maxu" => "arith.maxui",
            "minimumf" => "arith.minimumf",
            "minnumf" => "arith.minnumf",
            "mins" => "arith.minsi",
            "minu" => "arith.minui",
            "mulf" => "arith.mulf",
            "muli" => "arith.muli",
            "ori" => "arith.ori",
            "xori" => "arith.xori",
            _ => return None,
        })
    }
    /// `old <kind> value` on integers of `width` bits (raw bits).
    pub fn combine_int(self, old: u128, value: u128, width: u32) -> SemResult<u128> {
        match self.combining_op() {
            Some(op) => sem::int_binary(op, old, value, width),
            None => Ok(value),
        }
    }
    /// `old <kind> value` on floats of `kind`.
    pub fn combine_float(self, old: f64, value: f64, kind: FloatKind) -> SemResult<f64> {
        match self.combining_op() {
            Some(op) => sem::float_binary(op, old, value, kind),
            None => Ok(value),
        }
    }
    /// The identity of the reduction for type `ty` (MLIR's
    /// `getIdentityValueAttr` without `useOnlyFiniteValue`); `None` for
    /// `assign` and for a type the kind does not apply to.
    pub fn identity(self, ctx: &Context, ty: Type) -> Option<Attribute> {
        if let Some(kind) = ctx.float_kind(ty) {
            let x = match self.name() {
                "addf" => 0.0,
                "mulf" => 1.0,
                "maximumf" => f64::NEG_INFINITY,
                "minimumf" => f64::INFINITY,
                "maxnumf" => -f64::NAN,
                "minnumf" => f64::NAN,
                _ => return None,
            };
            let bits = sem::float_to_bits(kind, x)?;
            return Some(ctx.intern_attr(AttrData::Float {
                ty,
                bits: FloatBits(bits),
            }));
        }
        let width = ctx.integer_width(ty).unwrap_or(64) as i128;
        let signed_min = -(1i128 << (width - 1));
        let value = match self.name() {
            "addi" | "maxu" | "ori" | "xori" => 0,
            "andi" | "minu" => -1,
            "muli" => 1,
            "maxs" => signed_min,
            "mins" => -signed_min - 1,
            _ => return None,
        };
        Some(ctx.integer_attr(ty, value))
    }
}
