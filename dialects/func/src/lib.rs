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
use strata_ir::builder::OpBuilder;
use strata_ir::{
    AttrData, Attribute, Context, Dialect, InsertPoint, Ir, Location, OpDefinition, OpId, Type,
};

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
    /// A flat symbol reference of function type is a `func.constant`
    /// (MLIR's `FuncDialect::materializeConstant`), so folds and `sccp`
    /// can recreate the function values they propagate.
    fn materialize_constant(
        &self,
        ctx: &Context,
        ir: &mut Ir,
        value: Attribute,
        ty: Type,
        loc: Location,
        at: InsertPoint,
    ) -> Option<OpId> {
        let flat =
            matches!(ctx.attr_data(value), AttrData::SymbolRef { nested, .. } if nested.is_empty());
        if !flat || ctx.function_signature(ty).is_none() {
            return None;
        }
        let mut builder = OpBuilder::at(ctx, ir, at);
        builder.loc = loc;
        Some(ConstantOp::build(&mut builder, ty, value).0)
    }
}

/// Loads the func dialect into `ctx`.
pub fn register(ctx: &mut Context) {
    ctx.load_dialect(Arc::new(FuncDialect));
}
