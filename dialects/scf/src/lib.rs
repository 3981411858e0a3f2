//! The `scf` dialect (MLIR's structured control flow): `scf.for`,
//! `scf.if`, `scf.while`/`scf.condition`, `scf.parallel`/`scf.reduce`,
//! `scf.execute_region`, `scf.index_switch`, `scf.yield`, and
//! `scf.forall`/`scf.forall.in_parallel` ([`forall`]).
//!
//! Syntax, verifier messages and canonicalizations follow MLIR 22. Every
//! op is declared once, with its syntax, verifier, patterns and interfaces
//! (the op list is in `ops.rs`). Bodies whose only terminator is an
//! operand-less `scf.yield` (or `scf.reduce`) may leave it out of the text;
//! the parser puts it back (MLIR's `ensureTerminator`) and the printer
//! leaves it out again. The [`syntax`] helpers are shared with the
//! `affine` dialect.

pub mod canonicalize;
mod canonicalize_if;
pub mod forall;
pub mod interfaces;
mod ops;
pub mod syntax;
pub mod verify;

pub use forall::{ForallOp, InParallelOp};
pub use ops::{
    ConditionOp, ExecuteRegionOp, ForOp, IfOp, IndexSwitchOp, ParallelOp, ReduceOp, ReduceReturnOp,
    WhileOp, YieldOp, OP_NAMES,
};
use std::sync::Arc;
use strata_ir::{Context, Dialect, OpDefinition};

/// The dialect object to load into a [`Context`].
pub struct ScfDialect;

impl Dialect for ScfDialect {
    fn name(&self) -> &str {
        "scf"
    }
    fn description(&self) -> &str {
        "structured control flow: loops, conditionals, regions executed once"
    }
    fn operations(&self, _ctx: &Context) -> Vec<OpDefinition> {
        ops::definitions()
    }
}

/// Loads the scf dialect into `ctx`.
pub fn register(ctx: &mut Context) {
    ctx.load_dialect(Arc::new(ScfDialect));
}
