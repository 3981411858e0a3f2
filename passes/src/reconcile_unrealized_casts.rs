//! `reconcile-unrealized-casts` (MLIR's `ReconcileUnrealizedCastsPass`):
//! erases `builtin.unrealized_conversion_cast`s nobody reads and folds
//! chains of casts that cancel (`A -> B -> A` becomes the original `A`
//! value). Casts that do not cancel stay; the pass does not fail on them.

use strata_ir::pass::{Pass, PassContext, PassResult};
use strata_ir::rewrite::conversion::collect_unrealized_casts;
use strata_ir::rewrite::reconcile_unrealized_casts;

#[derive(Clone, Default)]
pub struct ReconcileUnrealizedCasts;

impl Pass for ReconcileUnrealizedCasts {
    fn name(&self) -> &str {
        "ReconcileUnrealizedCastsPass"
    }
    fn argument(&self) -> &str {
        "reconcile-unrealized-casts"
    }
    fn description(&self) -> &str {
        "Simplify and eliminate unrealized conversion casts"
    }
    fn run_on_operation(&mut self, pc: &mut PassContext) -> PassResult {
        let casts = collect_unrealized_casts(pc.ctx, pc.ir, pc.op);
        if casts.is_empty() {
            pc.mark_all_analyses_preserved();
            return Ok(());
        }
        let remaining = reconcile_unrealized_casts(pc.ir, &casts);
        pc.add_statistic(
            "num-erased",
            "Number of casts erased",
            (casts.len() - remaining.len()) as u64,
        );
        Ok(())
    }
}
