//! The `affine` dialect (MLIR's polyhedral loops): `affine.for`,
//! `affine.parallel`, `affine.if`, `affine.load`/`store`,
//! `affine.vector_load`/`store`, `affine.apply`, `affine.min`/`max`,
//! `affine.delinearize_index`/`linearize_index` and `affine.yield`.
//!
//! Every op is declared once, with its syntax, verifier, folds, patterns
//! and interfaces (the op list is in `ops.rs`). Subscripts and bounds are
//! affine maps (from `strata_affine`) over SSA operands; the textual syntax
//! writes them with the SSA names in place of `d0`/`s0` ([`syntax`]). Canonicalization composes chains of
//! `affine.apply`, folds constant operands into maps and simplifies them
//! ([`canonicalize`]).

pub mod canonicalize;
pub mod index;
mod ops;
pub mod parallel;
pub mod syntax;
pub mod validity;
pub mod verify;

pub use index::{DelinearizeIndexOp, LinearizeIndexOp};
pub use ops::{
    ApplyOp, ForOp, IfOp, LoadOp, MaxOp, MinOp, StoreOp, VectorLoadOp, VectorStoreOp, YieldOp,
    OP_NAMES,
};
pub use parallel::ParallelOp;
use std::sync::Arc;
use strata_ir::{Attribute, Context, Dialect, InsertPoint, Ir, Location, OpDefinition, OpId, Type};

/// The dialect object to load into a [`Context`].
pub struct AffineDialect;

impl Dialect for AffineDialect {
    fn name(&self) -> &str {
        "affine"
    }
    fn description(&self) -> &str {
        "affine loops, conditionals and memory accesses"
    }
    fn operations(&self, _ctx: &Context) -> Vec<OpDefinition> {
        ops::definitions()
    }
    /// Folded `affine.apply`s become `arith.constant`s, as in MLIR.
    fn materialize_constant(
        &self,
        ctx: &Context,
        ir: &mut Ir,
        value: Attribute,
        ty: Type,
        loc: Location,
        at: InsertPoint,
    ) -> Option<OpId> {
        strata_dialect_arith::build::materialize_constant(ctx, ir, value, ty, loc, at)
    }
}

/// Loads the affine dialect into `ctx`.
pub fn register(ctx: &mut Context) {
    ctx.load_dialect(Arc::new(AffineDialect));
}
