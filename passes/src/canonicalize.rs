//! `canonicalize` (MLIR's `Canonicalizer`): applies every registered op's
//! folds and canonicalization patterns with the greedy driver, erasing dead
//! ops and de-duplicating constants on the way.

use std::sync::Arc;
use strata_ir::pass::{Pass, PassContext, PassOption, PassResult};
use strata_ir::rewrite::{
    apply_patterns_greedily, FrozenPatternSet, GreedyRewriteConfig, RegionSimplifyLevel,
    RewritePatternSet,
};
use strata_ir::{Context, Diagnostic};

#[derive(Clone)]
pub struct Canonicalizer {
    pub top_down: bool,
    pub region_simplify: RegionSimplifyLevel,
    pub max_iterations: i64,
    pub max_num_rewrites: i64,
    pub test_convergence: bool,
    pub disabled_patterns: Vec<String>,
    pub enabled_patterns: Vec<String>,
    patterns: Option<Arc<FrozenPatternSet>>,
}

impl Default for Canonicalizer {
    fn default() -> Self {
        Self {
            top_down: true,
            region_simplify: RegionSimplifyLevel::Normal,
            max_iterations: 10,
            max_num_rewrites: -1,
            test_convergence: false,
            disabled_patterns: Vec::new(),
            enabled_patterns: Vec::new(),
            patterns: None,
        }
    }
}

impl Canonicalizer {
    /// The driver configuration these options describe.
    pub fn config(&self) -> GreedyRewriteConfig {
        GreedyRewriteConfig {
            top_down: self.top_down,
            max_iterations: u32::try_from(self.max_iterations).ok(),
            max_num_rewrites: u64::try_from(self.max_num_rewrites).ok(),
            region_simplify: self.region_simplify,
            ..GreedyRewriteConfig::default()
        }
    }
}

impl Pass for Canonicalizer {
    fn name(&self) -> &str {
        "Canonicalizer"
    }
    fn argument(&self) -> &str {
        "canonicalize"
    }
    fn description(&self) -> &str {
        "Canonicalize operations"
    }
    fn options(&mut self) -> Vec<PassOption<'_>> {
        vec![
            PassOption::bool(
                "top-down",
                "Seed the worklist in general top-down order",
                &mut self.top_down,
            ),
            PassOption::choice(
                "region-simplify",
                "Perform control flow optimizations to the region tree",
                &mut self.region_simplify,
            ),
            PassOption::int(
                "max-iterations",
                "Max. iterations between applying patterns / simplifying regions",
                &mut self.max_iterations,
            ),
            PassOption::int(
                "max-num-rewrites",
                "Max. number of pattern rewrites within an iteration",
                &mut self.max_num_rewrites,
            ),
            PassOption::bool(
                "test-convergence",
                "Test only: Fail pass on non-convergence to detect cyclic pattern",
                &mut self.test_convergence,
            ),
            PassOption::string_list(
                "disable-patterns",
                "Labels of patterns that should be filtered out during application",
                &mut self.disabled_patterns,
            ),
            PassOption::string_list(
                "enable-patterns",
                "Labels of patterns that should be used during application, all other patterns are filtered out",
                &mut self.enabled_patterns,
            ),
        ]
    }
    fn initialize(&mut self, ctx: &Context) -> Result<(), Diagnostic> {
        let mut all = RewritePatternSet::new();
        all.add_canonicalization_patterns(ctx);
        let set = if self.disabled_patterns.is_empty() && self.enabled_patterns.is_empty() {
            all
        } else {
            let mut filtered = RewritePatternSet::new();
            for pattern in all.into_patterns() {
                let label = pattern.debug_name().to_string();
                let disabled = self.disabled_patterns.contains(&label);
                let enabled =
                    self.enabled_patterns.is_empty() || self.enabled_patterns.contains(&label);
                if enabled && !disabled {
                    filtered.add_boxed(pattern);
                }
            }
            filtered
        };
        self.patterns = Some(Arc::new(set.freeze()));
        Ok(())
    }
    fn run_on_operation(&mut self, pc: &mut PassContext) -> PassResult {
        let patterns = self.patterns.clone().expect("initialized");
        let config = self.config();
        let op = pc.op;
        let stats = apply_patterns_greedily(pc.ctx, pc.ir, op, &patterns, &config, None);
        pc.add_statistic(
            "num-iterations",
            "Number of greedy iterations",
            stats.iterations as u64,
        );
        pc.add_statistic("num-folds", "Number of ops folded", stats.folds);
        pc.add_statistic(
            "num-rewrites",
            "Number of patterns applied",
            stats.patterns_applied,
        );
        pc.add_statistic(
            "num-dce'd",
            "Number of dead ops erased",
            stats.dead_ops_erased,
        );
        if !stats.changed {
            pc.mark_all_analyses_preserved();
        }
        if self.test_convergence && !stats.converged {
            let loc = pc.ir.op_loc(op);
            return Err(Diagnostic::error(
                loc,
                format!(
                    "canonicalization did not converge within {} iterations",
                    stats.iterations
                ),
            )
            .into());
        }
        Ok(())
    }
}
