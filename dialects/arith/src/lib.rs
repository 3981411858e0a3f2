//! The `arith` dialect (MLIR's `arith`): every op of MLIR 22's arith
//! dialect, its custom syntax (`overflow<nsw>`, `fastmath<fast>`, `exact`,
//! predicates, rounding modes), verifiers, folders and canonicalization
//! patterns, and `#arith.fastmath` / `#arith.overflow` attributes.
//!
//! The scalar semantics of every op live in [`semantics`], shared by the
//! folders here and by the reference interpreter, so that folding and
//! execution can never disagree.

pub mod atomic;
pub mod attrs;
pub mod build;
pub(crate) mod canonicalize;
pub mod fold;
pub mod ops;
pub mod semantics;

use std::sync::Arc;
use strata_ir::asm::parser::Parser;
use strata_ir::asm::AsmWriter;
use strata_ir::diagnostics::DiagResult;
use strata_ir::{Attribute, Context, Dialect, InsertPoint, Ir, Location, OpDefinition, OpId, Type};

pub use ops::*;

/// The dialect object to load into a [`Context`].
pub struct ArithDialect;

impl Dialect for ArithDialect {
    fn name(&self) -> &str {
        "arith"
    }
    fn description(&self) -> &str {
        "integer and floating-point arithmetic, comparisons and casts"
    }
    fn operations(&self, _ctx: &Context) -> Vec<OpDefinition> {
        ops::definitions()
    }
    fn parse_attribute(
        &self,
        parser: &mut Parser,
        mnemonic: &str,
        _ty: Option<Type>,
    ) -> DiagResult<Attribute> {
        attrs::parse_dialect_attribute(parser, mnemonic)
    }
    fn print_attribute(&self, ctx: &Context, attr: Attribute, out: &mut AsmWriter) -> bool {
        attrs::print_dialect_attribute(ctx, attr, out)
    }
    fn materialize_constant(
        &self,
        ctx: &Context,
        ir: &mut Ir,
        value: Attribute,
        ty: Type,
        loc: Location,
        at: InsertPoint,
    ) -> Option<OpId> {
        build::materialize_constant(ctx, ir, value, ty, loc, at)
    }
}

/// Loads the arith dialect into `ctx`.
pub fn register(ctx: &mut Context) {
    ctx.load_dialect(Arc::new(ArithDialect));
}
