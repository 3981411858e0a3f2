//! The `cf` dialect (MLIR's `cf`): `cf.br`, `cf.cond_br` (with branch
//! weights), `cf.switch` and `cf.assert`, their custom syntax, verifiers,
//! folders, canonicalization patterns (canonicalize.rs), and the
//! `BranchOpInterface` the CFG transformations use.

mod canonicalize;
pub mod ops;

use std::sync::Arc;
use strata_ir::{Context, Dialect, OpDefinition};

pub use canonicalize::{br_state, cond_br_state, switch_state};
pub use ops::{
    case_values as ops_case_values, successor_operand_range, AssertOp, BranchOp, CondBranchOp,
    SwitchOp,
};

/// The dialect object to load into a [`Context`].
pub struct ControlFlowDialect;

impl Dialect for ControlFlowDialect {
    fn name(&self) -> &str {
        "cf"
    }
    fn description(&self) -> &str {
        "unstructured control flow: branches, switches and assertions"
    }
    fn operations(&self, _ctx: &Context) -> Vec<OpDefinition> {
        ops::definitions()
    }
}

/// Loads the cf dialect (and arith, which its folders materialize) into `ctx`.
pub fn register(ctx: &mut Context) {
    strata_dialect_arith::register(ctx);
    ctx.load_dialect(Arc::new(ControlFlowDialect));
}
