//! `test.affine_scope`: MLIR's `AffineScopeOp` of `TestOps.td`, an op whose
//! single-block region starts a new affine scope (trait `AFFINE_SCOPE`), so
//! that tests can check the affine dim/symbol rules below a function's top
//! level: values defined at the top of its region are valid symbols for
//! the affine ops nested in it. Syntax: `test.affine_scope { ... }` (the
//! region printed with its terminator, no entry block arguments).

strata_ir::define_op! {
    /// MLIR's `AffineScopeOp` of `TestOps.td`.
    pub struct AffineScopeOp = "test.affine_scope" {
        summary: "affine scope operation",
        traits: [AFFINE_SCOPE],
        regions: [region: single_block],
        format: "$region attr-dict",
    }
}
