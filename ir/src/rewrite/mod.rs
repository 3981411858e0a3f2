//! Rewriting: patterns, the rewriter they mutate the IR through, and the
//! drivers that apply them (MLIR's `Rewrite/` and `Transforms/Utils`).
//!
//! - [`RewritePattern`]: "if this op looks like X, rewrite it to Y", rooted on
//!   one op name or any op, with a benefit that orders competing patterns.
//!   [`OpRewritePattern`] is the typed form for one concrete op.
//! - [`PatternRewriter`]: every IR change a pattern makes goes through it, so
//!   the driver's [`RewriteListener`] sees each creation, modification,
//!   replacement and erasure (to re-queue the ops concerned).
//! - Drivers: [`greedy`] (MLIR's `applyPatternsGreedily`, with folding and
//!   constant de-duplication), [`walk`] (each op once), and [`conversion`]
//!   (dialect conversion with legality and a type converter).

pub mod conversion;
pub mod greedy;
mod pattern;
pub mod region_dce;
pub mod walk;

pub use conversion::{
    apply_full_conversion, apply_partial_conversion, reconcile_unrealized_casts, ConversionConfig,
    ConversionPattern, ConversionPatternRewriter, ConversionPatternSet, ConversionStats,
    ConversionTarget, FrozenConversionPatternSet, LegalizationAction, TypeConverter,
};
pub use greedy::{apply_patterns_greedily, GreedyRewriteConfig, GreedyStats, RegionSimplifyLevel};
pub use pattern::{
    FnPattern, FrozenPatternSet, NoListener, NoMatch, OpRewritePattern, PatternBenefit,
    PatternRewriter, RewriteListener, RewritePattern, RewritePatternSet, RewriteResult, TypedOp,
};
pub use walk::walk_and_apply_patterns;
