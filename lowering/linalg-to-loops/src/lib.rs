//! Lowerings of linalg's structured ops, as MLIR's:
//!
//! | argument | pass |
//! |---|---|
//! | `convert-elementwise-to-linalg` | arith and math ops on ranked tensors become `linalg.generic`s of the same op on elements ([`elementwise`]) |
//! | `linalg-generalize-named-ops` | every structured op but `linalg.generic` becomes a `linalg.generic` with the same maps, iterators and payload ([`generalize`]) |
//! | `convert-linalg-to-loops` | structured ops on memrefs become `scf.for` nests of `memref.load`, payload, `memref.store` ([`to_loops`]) |
//! | `convert-linalg-to-affine-loops` | the same with `affine.for`, `affine.load`, `affine.store` |
//! | `convert-linalg-to-parallel-loops` | the same with one `scf.parallel` over the parallel loops, `scf.for` for reductions |
//!
//! All of them read the one structured-op description
//! ([`strata_dialect_linalg::structured`]): indexing maps, iterator types
//! and payload block.

pub mod elementwise;
pub mod generalize;
pub mod to_loops;

pub use elementwise::ConvertElementwiseToLinalg;
pub use generalize::GeneralizeNamedOps;
pub use to_loops::{
    ConvertLinalgToAffineLoops, ConvertLinalgToLoops, ConvertLinalgToParallelLoops,
};
