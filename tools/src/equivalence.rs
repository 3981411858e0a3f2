//! `strata-opt --verify-equivalence[=ENTRY]`: the differential test of a
//! pipeline. The module is copied before the passes run; afterwards every
//! public function (or ENTRY) runs in the reference interpreter on the same
//! random inputs in both versions ([`strata_interp::equivalence`]).

use crate::opt::OptOptions;
use strata_interp::equivalence::{check_equivalence, EquivalenceOptions};
use strata_ir::{Context, Diagnostic, Ir, OpId};

/// Checks `after` against `before` (the same module before the pipeline).
pub fn verify(
    ctx: &Context,
    options: &OptOptions,
    before: &Ir,
    after: &Ir,
    module: OpId,
) -> Result<(), Diagnostic> {
    let entry = options
        .verify_equivalence
        .clone()
        .filter(|e| !e.is_empty())
        .map(|e| e.trim_start_matches('@').to_string());
    let limits = options
        .equivalence_limits
        .limits()
        .map_err(|e| Diagnostic::error(after.op_loc(module), e))?;
    let eq = EquivalenceOptions {
        limits,
        entry,
        seed: options.equivalence_seed,
        trials: options.equivalence_trials,
        float_ulps: options.equivalence_ulps,
    };
    check_equivalence(ctx, (before, module), (after, module), &eq)
        .map(|_| ())
        .map_err(|message| {
            Diagnostic::error(
                after.op_loc(module),
                format!("equivalence check failed: {message}"),
            )
        })
}
