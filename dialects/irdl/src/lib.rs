//! IRDL: dialects written as MLIR and loaded while the compiler runs.
//!
//! An `.irdl.mlir` file describes dialects with MLIR's IRDL ops
//! (`irdl.dialect`, `irdl.type`, `irdl.attribute`, `irdl.operation` and
//! the constraint ops `irdl.is`, `irdl.any`, `irdl.any_of`, `irdl.all_of`,
//! `irdl.base`, `irdl.parametric`, `irdl.region`). [`load_irdl`] parses such a
//! file with the [`IrdlDialect`] loaded and registers what it describes into
//! the context, as [`OpDefinition`](strata_ir::OpDefinition)s whose
//! verification runs the IRDL constraint program with MLIR's semantics
//! (constraint variables bind once: two operands constrained by the same
//! value must have the same type).
//!
//! Beyond MLIR: an `irdl.operation` may carry an `assembly_format` string
//! attribute in MLIR's declarative format language; the op then has custom
//! syntax, parsed and printed by the same engine as Rust-defined ops. MLIR
//! itself ignores the attribute, so the file stays valid upstream IRDL.

mod constraints;
mod loader;
mod ops;

pub use loader::{load_irdl, load_irdl_file, DynamicDialect};
pub use ops::IrdlDialect;
