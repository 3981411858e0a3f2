//! The `func` dialect (MLIR's `func`): `func.func`, `func.return`,
//! `func.call`, `func.call_indirect` and `func.constant`.
//!
//! Every op is declared once in `ops.rs`, with its syntax, verifier,
//! patterns and interfaces. `func.func` has MLIR's hand-written syntax
//! (visibility, named arguments with attributes, result attributes,
//! `attributes {...}`, declarations without a body), named in its
//! declaration; the other ops use MLIR's assembly formats. Inside
//! a `func.func` the default dialect is `func`, so `return` prints without
//! its prefix, as mlir-opt does.

mod ops;
pub mod signature;

pub use ops::{
    function_signature as ops_function_signature, CallIndirectOp, CallOp, ConstantOp, FuncOp,
    ReturnOp, OP_NAMES,
};
use std::sync::Arc;
use strata_ir::{Context, Dialect, OpDefinition};

/// The dialect object to load into a [`Context`].
pub struct FuncDialect;

impl Dialect for FuncDialect {
    fn name(&self) -> &str {
        "func"
    }
    fn description(&self) -> &str {
        "functions, calls and returns"
    }
    fn operations(&self, _ctx: &Context) -> Vec<OpDefinition> {
        ops::definitions()
    }
}

/// Loads the func dialect into `ctx`.
pub fn register(ctx: &mut Context) {
    ctx.load_dialect(Arc::new(FuncDialect));
}
