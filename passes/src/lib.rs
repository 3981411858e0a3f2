//! Strata's core transformations, one file per pass, named as in MLIR.
//!
//! | argument | pass |
//! |---|---|
//! | `canonicalize` | greedy driver with every registered fold and canonicalization pattern |
//! | `cse` | common subexpression elimination, dominance- and region-aware |
//! | `symbol-dce` | erases private symbols nothing refers to |
//! | `inline` | inlines calls (CallOpInterface) to callables (CallableOpInterface) |
//! | `sccp` | sparse conditional constant propagation |
//! | `loop-invariant-code-motion` | hoists invariant effect-free ops out of loops |
//! | `strip-debuginfo` | replaces every location with `loc(unknown)` |
//! | `print-op-stats` | counts ops by name |
//! | `view-op-graph` | the op graph in Graphviz DOT |
//! | `reconcile-unrealized-casts` | erases dead and cancelling `builtin.unrealized_conversion_cast` chains |
//! | `test-legalize-patterns` | the dialect-conversion driver on the test dialect (legality, partial/full) |
//! | `test-convert-types` | type conversion (`i16` to `i32`) with materializations |
//! | `egraph-layout` | layout rewriting by equality saturation (in `strata-egraph`) |
//! | `linalg-generalize-named-ops`, `convert-linalg-to-loops`, `convert-linalg-to-affine-loops`, `convert-linalg-to-parallel-loops` | structured ops to `linalg.generic` and to loop nests (in `strata-lowering-linalg-to-loops`) |
//! | `one-shot-bufferize` | tensors to memrefs with in-place analysis (in `strata-lowering-bufferize`) |
//! | `buffer-deallocation-pipeline` | frees allocations that die in their function (in `strata-lowering-bufferize`) |
//! | `vta-lower-tiles` | vta tile ops to VTA instructions (in `strata-dialect-vta`) |
//! | `linalg-to-vta` | int8 conv/matmul + ALU tail to the vta tile form (in `strata-lowering-linalg-to-vta`) |
//! | `x86-vectorize` | f32/int8 matmul and conv to blocked x86 intrinsic microkernels (in `strata-lowering-x86-vectorize`) |
//!
//! [`register_core_passes`] puts them into a [`PassRegistry`]; the
//! lowerings named above live in their own crates and
//! `strata-passes-all` registers everything.

#[doc = include_str!("../../docs/passes.md")]
#[cfg(doctest)]
pub struct WritingPassesGuide;

pub mod canonicalize;
pub mod cse;
pub mod inline;
pub mod licm;
pub mod print_op_stats;
pub mod reconcile_unrealized_casts;
pub mod sccp;
pub mod strip_debuginfo;
pub mod symbol_dce;
pub mod view_op_graph;

use strata_ir::pass::PassRegistry;

/// Registers the core transformations of this crate (every pass of
/// Strata, lowerings included, is `strata_passes_all::register_all_passes`).
pub fn register_core_passes(registry: &mut PassRegistry) {
    registry.register::<canonicalize::Canonicalizer>();
    registry.register::<cse::Cse>();
    registry.register::<symbol_dce::SymbolDce>();
    registry.register::<inline::Inliner>();
    registry.register::<sccp::Sccp>();
    registry.register::<licm::LoopInvariantCodeMotion>();
    registry.register::<strip_debuginfo::StripDebugInfo>();
    registry.register::<print_op_stats::PrintOpStats>();
    registry.register::<view_op_graph::ViewOpGraph>();
    registry.register::<reconcile_unrealized_casts::ReconcileUnrealizedCasts>();
}

/// A registry with the core transformations.
pub fn registry() -> PassRegistry {
    let mut registry = PassRegistry::new();
    register_core_passes(&mut registry);
    registry
}
