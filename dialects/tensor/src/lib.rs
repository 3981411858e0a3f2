//! The tensor dialect (MLIR's `tensor`): immutable multi-dimensional values
//! and the ops that build, slice, reshape, pad and combine them.
//!
//! MLIR 22 moved `tensor.pack`/`tensor.unpack` to `linalg.pack`/
//! `linalg.unpack`; they live in the linalg dialect here too.
//!
//! Every op is declared once, in [`ops`] (and [`gather`],
//! [`parallel_insert_slice`]); [`syntax`] holds the pieces of syntax and
//! the accessors that the linalg, scf and bufferization crates share.

pub mod canonicalize;
pub mod fold;
pub mod gather;
pub mod ops;
pub mod parallel_insert_slice;
pub mod syntax;

pub use gather::{GatherOp, ScatterOp};
pub use ops::{
    BitcastOp, CastOp, CollapseShapeOp, ConcatOp, DimOp, EmptyOp, ExpandShapeOp, ExtractOp,
    ExtractSliceOp, FromElementsOp, GenerateOp, InsertOp, InsertSliceOp, PadOp, RankOp, ReshapeOp,
    SplatOp, YieldOp,
};
pub use parallel_insert_slice::ParallelInsertSliceOp;

use std::sync::Arc;
use strata_ir::{Context, Dialect, OpDefinition};

pub struct TensorDialect;

impl Dialect for TensorDialect {
    fn name(&self) -> &str {
        "tensor"
    }
    fn description(&self) -> &str {
        "tensors with value semantics: slices, reshapes, padding, generation"
    }
    fn operations(&self, _ctx: &Context) -> Vec<OpDefinition> {
        ops::definitions()
    }
    fn materialize_constant(
        &self,
        ctx: &Context,
        ir: &mut strata_ir::Ir,
        value: strata_ir::Attribute,
        ty: strata_ir::Type,
        loc: strata_ir::attributes::Location,
        at: strata_ir::InsertPoint,
    ) -> Option<strata_ir::OpId> {
        // Scalars and dense tensors fold to `arith.constant`, as in MLIR.
        strata_dialect_arith::build::materialize_constant(ctx, ir, value, ty, loc, at)
    }
}

/// Loads the tensor dialect into `ctx`.
pub fn register(ctx: &mut Context) {
    ctx.load_dialect(Arc::new(TensorDialect));
}
