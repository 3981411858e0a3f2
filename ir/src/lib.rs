//! Strata's IR core.
//!
//! The pieces, in the order data flows through them:
//! - [`Context`]: uniqued [`Type`]s, [`Attribute`]s, identifiers and op
//!   names, and the registry of loaded [`Dialect`]s and their op
//!   definitions. Shared by reference across threads.
//! - [`Ir`]: the arenas of operations, blocks, regions and SSA values of an
//!   IR tree, with use-lists and program order.
//! - [`asm`]: MLIR's textual format, parsed into an `Ir` and printed back.
//! - [`verifier`]: structural, dominance and per-op checks.
//! - [`diagnostics`]: errors as values, rendered the way mlir-opt does.

#[doc = include_str!("../../docs/dialects.md")]
#[cfg(doctest)]
pub struct AddingDialectsGuide;

pub mod asm;
pub mod attributes;
pub mod builder;
pub mod builtin;
pub mod constraints;
pub mod context;
mod define_op;
pub mod diagnostics;
pub mod dialect;
pub mod directives;
pub mod dominance;
pub mod entity;
pub mod fold;
pub mod format;
pub mod interfaces;
mod intern;
pub mod ir;
pub mod ir_transfer;
pub mod opdef;
pub mod pass;
pub mod rewrite;
pub mod symbol_table;
pub mod types;
pub mod verifier;
pub mod verify_diagnostics;

pub use attributes::{AttrData, Attribute, FloatBits, Location, LocationData, NamedAttr};
pub use context::{Context, OpName, StrId};
pub use diagnostics::{DiagResult, Diagnostic, Severity};
pub use dialect::Dialect;
pub use ir::{
    BlockId, BlockOperand, InsertPoint, Ir, OpId, OpOperand, OperationState, RegionId, Value,
    ValueDef,
};
pub use opdef::{OpDefinition, OpTraits};
pub use types::{
    element_count, rank_reduction_mask, FloatKind, Signedness, Type, TypeData, DYNAMIC,
};

/// Affine expressions, maps and integer sets.
pub use strata_affine as affine;
