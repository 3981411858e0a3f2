//! The ops of the aievec dialect, declared with `define_op!`; the checks
//! against the AIE1 datapath table are in [`crate::verify`].

use crate::verify;
use strata_ir::constraints::{AttrConstraint, TypeConstraint};

strata_ir::define_op! {
    /// Loads an aligned 256-bit piece of `source` (a whole vector when it
    /// is narrower) at `indices` into piece `index` of a vector register,
    /// whose other pieces come from `vector` (zero without it):
    /// `%v = aievec.upd %m[%i, %j], %v0 {index = 1 : i32} : memref<8x64xi16>, vector<32xi16>`.
    pub struct UpdOp = "aievec.upd" {
        summary: "aligned vector register update from memory",
        operands: [
            source: single(TypeConstraint::AnyMemRef),
            indices: variadic(TypeConstraint::Index),
            vector: optional(TypeConstraint::AnyVector),
        ],
        results: [result: single(TypeConstraint::AnyVector)],
        attributes: [index: optional(AttrConstraint::Integer(None))],
        types_match: [[vector, result]],
        format: "$source `[` $indices `]` (`,` $vector^)? attr-dict `:` type($source) `,` type($result)",
        verify: verify::upd,
    }
}

strata_ir::define_op! {
    /// Stores a 128- or 256-bit vector at an aligned address:
    /// `aievec.store %v, %m[%i, %j] : vector<16xi16>, memref<8x64xi16>`.
    pub struct StoreOp = "aievec.store" {
        summary: "aligned vector store",
        operands: [
            value: single(TypeConstraint::AnyVector),
            dest: single(TypeConstraint::AnyMemRef),
            indices: variadic(TypeConstraint::Index),
        ],
        format: "$value `,` $dest `[` $indices `]` attr-dict `:` type($value) `,` type($dest)",
        verify: verify::store,
    }
}

/// `mul` and `mac`: the shuffle-network parameters as hexadecimal or
/// decimal strings (how the intrinsics' documentation writes them), plus
/// the op's own operands and attributes.
macro_rules! multiply_op {
    ($(#[$doc:meta])* $name:ident = $mnemonic:literal, $summary:literal,
     operands: [$($operands:tt)*], attributes: [$($extra:tt)*], $($rest:tt)*) => {
        strata_ir::define_op! {
            $(#[$doc])*
            pub struct $name = $mnemonic {
                summary: $summary,
                traits: [PURE],
                operands: [$($operands)*],
                results: [result: single(TypeConstraint::AnyVector)],
                attributes: [
                    xstart: optional(AttrConstraint::String),
                    xoffsets: optional(AttrConstraint::String),
                    xoffsets_hi: optional(AttrConstraint::String),
                    xsquare: optional(AttrConstraint::String),
                    xstep: optional(AttrConstraint::String),
                    zstart: optional(AttrConstraint::String),
                    zoffsets: optional(AttrConstraint::String),
                    zoffsets_hi: optional(AttrConstraint::String),
                    zstep: optional(AttrConstraint::String),
                    $($extra)*
                ],
                $($rest)*
            }
        }
    };
}

multiply_op! {
    /// Multiplies, on the 2D datapath, the x elements (`lhs`) and z
    /// elements (`rhs`) the shuffle network selects for each lane and
    /// column, summing each lane's columns into a fresh accumulator:
    /// `%a = aievec.mul %x, %z {xoffsets = "0x03020100", ...} : vector<32xi16>, vector<16xi16>, vector<16xi48>`.
    MulOp = "aievec.mul", "2D-SIMD multiply with lane selection",
    operands: [lhs: single(TypeConstraint::AnyVector), rhs: single(TypeConstraint::AnyVector)],
    attributes: [],
    format: "$lhs `,` $rhs attr-dict `:` type($lhs) `,` type($rhs) `,` type($result)",
    verify: verify::mul,
}

multiply_op! {
    /// `mul` added to (`fmsub`: subtracted from) the accumulator `acc`.
    MacOp = "aievec.mac", "2D-SIMD multiply-accumulate with lane selection",
    operands: [
        lhs: single(TypeConstraint::AnyVector),
        rhs: single(TypeConstraint::AnyVector),
        acc: single(TypeConstraint::AnyVector),
    ],
    attributes: [fmsub: optional(AttrConstraint::Unit)],
    types_match: [[acc, result]],
    format: "$lhs `,` $rhs `,` $acc attr-dict `:` type($lhs) `,` type($rhs) `,` type($result)",
    verify: verify::mac,
}

strata_ir::define_op! {
    /// Shift-round-saturate: each accumulator lane shifted right by
    /// `shift` with rounding half up, saturated to the result's element
    /// type (with `nosat`, wrapped to it, the saturation mode off):
    /// `%v = aievec.srs %a {shift = 0 : i32} : vector<16xi48>, vector<16xi16>`.
    pub struct SrsOp = "aievec.srs" {
        summary: "accumulator to vector: shift, round, saturate",
        traits: [PURE],
        operands: [source: single(TypeConstraint::AnyVector)],
        results: [result: single(TypeConstraint::AnyVector)],
        attributes: [
            shift: required(AttrConstraint::Integer(None)),
            nosat: optional(AttrConstraint::Unit),
        ],
        format: "$source attr-dict `:` type($source) `,` type($result)",
        verify: verify::srs,
    }
}

strata_ir::define_op! {
    /// Upshift: each lane sign-extended into an accumulator and shifted
    /// left by `shift`:
    /// `%a = aievec.ups %v {shift = 0 : i32} : vector<16xi16>, vector<16xi48>`.
    pub struct UpsOp = "aievec.ups" {
        summary: "vector to accumulator: sign-extend and shift left",
        traits: [PURE],
        operands: [source: single(TypeConstraint::AnyVector)],
        results: [result: single(TypeConstraint::AnyVector)],
        attributes: [shift: required(AttrConstraint::Integer(None))],
        format: "$source attr-dict `:` type($source) `,` type($result)",
        verify: verify::ups,
    }
}

strata_ir::dialect_ops!(UpdOp, StoreOp, MulOp, MacOp, SrsOp, UpsOp);
