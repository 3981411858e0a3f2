//! The `memref` dialect (MLIR's buffers): allocation (`alloc`, `alloca`,
//! `dealloc`, `global`, `get_global`), access (`load`, `store`, `copy`),
//! views that alias their source (`subview`, `reinterpret_cast`, `cast`,
//! `collapse_shape`, `expand_shape`, `view`, `transpose`,
//! `memory_space_cast`), queries (`dim`, `rank`,
//! `extract_strided_metadata`) and atomics (`atomic_rmw`,
//! `generic_atomic_rmw`).
//!
//! Syntax, result names (`%alloc`, `%subview`), verifier messages and folds
//! follow MLIR 22. Every op is declared once, with its format, verifier,
//! folder, patterns and memory effects (the op list is in `ops.rs`).
//! [`layout`] computes the strided layouts views produce; [`syntax`] holds
//! the indexed-access syntax (`%m[%i, %j]`) of the ops MLIR writes by hand.

mod atomic;
mod canonicalize;
mod dma;
pub mod fold;
mod hints;
pub mod layout;
mod metadata;
mod ops;
mod scope;
pub mod syntax;
pub mod verify;
mod view_canonicalize;

pub use atomic::{AtomicRmwOp, AtomicYieldOp, GenericAtomicRmwOp};
pub use dma::{dma_layout, DmaLayout, DmaStartOp, DmaWaitOp};
pub use hints::{AssumeAlignmentOp, PrefetchOp};
pub use metadata::transpose_permutation;
pub use metadata::{ExtractStridedMetadataOp, MemorySpaceCastOp, TransposeOp};
pub use ops::{
    global_definition, AllocOp, AllocaOp, CastOp, CollapseShapeOp, CopyOp, DeallocOp, DimOp,
    ExpandShapeOp, ExtractAlignedPointerAsIndexOp, GetGlobalOp, GlobalOp, LoadOp, RankOp,
    ReallocOp, ReinterpretCastOp, ReshapeOp, StoreOp, SubViewOp, ViewOp, OP_NAMES,
};
pub use scope::{AllocaScopeOp, AllocaScopeReturnOp};
use std::sync::Arc;
use strata_ir::{Attribute, Context, Dialect, InsertPoint, Ir, Location, OpDefinition, OpId, Type};

/// The dialect object to load into a [`Context`].
pub struct MemrefDialect;

impl Dialect for MemrefDialect {
    fn name(&self) -> &str {
        "memref"
    }
    fn description(&self) -> &str {
        "buffers: allocation, loads and stores, strided views"
    }
    fn operations(&self, _ctx: &Context) -> Vec<OpDefinition> {
        ops::definitions()
    }
    /// Folded sizes and ranks become `arith.constant`s, as in MLIR.
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

/// Loads the memref dialect into `ctx`.
pub fn register(ctx: &mut Context) {
    ctx.load_dialect(Arc::new(MemrefDialect));
}
