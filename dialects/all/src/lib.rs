//! All of Strata's standard dialects, for tools that want every one of
//! them (MLIR's `registerAllDialects`). Each dialect crate also has its
//! own `register` for programs that need only a few.

use strata_ir::Context;

/// Loads every standard dialect into `ctx`.
pub fn register_all_dialects(ctx: &mut Context) {
    strata_dialect_func::register(ctx);
    strata_dialect_arith::register(ctx);
    strata_dialect_math::register(ctx);
    strata_dialect_cf::register(ctx);
    strata_dialect_bufferization::register(ctx);
    strata_dialect_linalg::register(ctx);
    strata_dialect_tensor::register(ctx);
    strata_dialect_scf::register(ctx);
    strata_dialect_vta::register(ctx);
    strata_dialect_aievec::register(ctx);
    strata_dialect_x86::register(ctx);
    strata_dialect_memref::register(ctx);
    strata_dialect_affine::register(ctx);
    strata_dialect_gpu::register(ctx);
    strata_dialect_vector::register(ctx);
    strata_dialect_tile::register(ctx);
}

/// A context with every standard dialect loaded.
pub fn context() -> Context {
    let mut ctx = Context::new();
    register_all_dialects(&mut ctx);
    ctx
}
