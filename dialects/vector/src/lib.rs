//! The `vector` dialect, the subset Strata's lowerings and kernels use:
//! `vector.load`/`store`, `maskedload`/`maskedstore`, `broadcast` (MLIR 22
//! removed `vector.splat`; a scalar broadcast replaces it), `fma`,
//! `contract`, `reduction`, `outerproduct`, `transfer_read`/`write` with
//! permutation maps and `in_bounds`, `extract`/`insert` at static or
//! dynamic positions, `shape_cast` and `transpose` (`ops.rs`); the rest of
//! MLIR 22's commonly used ops (shuffles, strided slices, masks and
//! `vector.mask`, gather/scatter, expandload/compressstore,
//! `multi_reduction`, `scan`, `step`, `from_elements`/`to_elements`,
//! `interleave`, `bitcast`, `print`, ...) in `extra_ops.rs`.
//!
//! Syntax, verifier messages and folds follow MLIR 22. Every op is
//! declared once, with its format (or MLIR's hand-written syntax), verifier,
//! folder and memory effects; the op list is in `ops.rs`. Two dialect
//! attributes: `#vector.kind<add>` (the combining kind of reductions and
//! contractions) and `#vector.iterator_type<parallel>`.

pub mod attrs;
mod effects;
pub mod extra_ops;
pub mod fold;
mod ops;
pub mod verify;

pub use attrs::{i64_list, iterator_types, kind_of, CombiningKind};
pub use ops::*;
use std::sync::Arc;
use strata_ir::asm::parser::Parser;
use strata_ir::asm::AsmWriter;
use strata_ir::diagnostics::DiagResult;
use strata_ir::{Attribute, Context, Dialect, OpDefinition, Type};

/// The dialect object to load into a [`Context`].
pub struct VectorDialect;

impl Dialect for VectorDialect {
    fn name(&self) -> &str {
        "vector"
    }
    fn description(&self) -> &str {
        "fixed-shape SIMD values: loads, stores, shuffles, contractions and reductions"
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
    /// MLIR's `VectorDialect::materializeConstant`: an `arith.constant`
    /// (folded broadcasts of constants become splat constants).
    fn materialize_constant(
        &self,
        ctx: &Context,
        ir: &mut strata_ir::Ir,
        value: Attribute,
        ty: Type,
        loc: strata_ir::Location,
        at: strata_ir::InsertPoint,
    ) -> Option<strata_ir::OpId> {
        strata_dialect_arith::build::materialize_constant(ctx, ir, value, ty, loc, at)
    }
}

/// Loads the vector dialect into `ctx`.
pub fn register(ctx: &mut Context) {
    ctx.load_dialect(Arc::new(VectorDialect));
}
