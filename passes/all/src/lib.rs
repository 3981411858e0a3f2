//! Every pass of Strata in one registry, for tools that want all of them
//! (MLIR's `registerAllPasses`), as `strata-dialects` is for dialects.
//!
//! The layering rule this crate keeps: generic transformations
//! (`strata-passes`) depend on the IR core only; conversions and target
//! lowerings (`lowering/`, `passes/egraph`, the vta dialect's
//! `vta-lower-tiles`) depend on the dialects they convert; only this crate
//! and the tools see all of them.

use strata_ir::pass::PassRegistry;

/// Registers every pass: the core transformations, then the lowerings.
pub fn register_all_passes(registry: &mut PassRegistry) {
    strata_passes::register_core_passes(registry);
    registry.register::<strata_dialect_vta::LowerTiles>();
    registry.register::<strata_lowering_linalg_to_vta::LinalgToVta>();
    registry.register::<strata_lowering_linalg_to_aie::LinalgToAie>();
    registry.register::<strata_lowering_x86_vectorize::X86Vectorize>();
    registry.register::<strata_lowering_affine_to_scf::LowerAffine>();
    registry.register::<strata_lowering_scf_to_cf::ConvertScfToCf>();
    registry.register::<strata_lowering_scf_forall::ForallToFor>();
    registry.register::<strata_lowering_scf_forall::ForallToParallel>();
    registry.register::<strata_lowering_outline::OutlineLoopNests>();
    registry.register::<strata_dialect_test::unsound_fold::TestUnsoundIncrementFold>();
    registry.register::<strata_dialect_test::legalize_patterns_pass::TestLegalizePatterns>();
    registry.register::<strata_dialect_test::convert_types_pass::TestConvertTypes>();
    registry.register::<strata_lowering_linalg_to_loops::ConvertElementwiseToLinalg>();
    registry.register::<strata_lowering_linalg_to_loops::GeneralizeNamedOps>();
    registry.register::<strata_lowering_linalg_to_loops::ConvertLinalgToLoops>();
    registry.register::<strata_lowering_linalg_to_loops::ConvertLinalgToAffineLoops>();
    registry.register::<strata_lowering_linalg_to_loops::ConvertLinalgToParallelLoops>();
    registry.register::<strata_lowering_bufferize::OneShotBufferize>();
    registry.register::<strata_lowering_bufferize::BufferDeallocationPipeline>();
    registry.register::<strata_egraph::ir::EGraphLayout>();
}

/// A registry with every pass.
pub fn registry() -> PassRegistry {
    let mut registry = PassRegistry::new();
    register_all_passes(&mut registry);
    registry
}
