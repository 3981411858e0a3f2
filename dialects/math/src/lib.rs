//! The `math` dialect (MLIR's `math`): elementary functions (`math.sqrt`,
//! `math.exp`, `math.powf`, `math.fma`, ...), integer bit counting and
//! float classification, with `fastmath<...>` flags (`#arith.fastmath`)
//! and constant folding. What each op computes is in [`semantics`],
//! shared with the reference interpreter.

pub mod ops;
pub mod semantics;

use std::sync::Arc;
use strata_ir::{Attribute, Context, Dialect, InsertPoint, Ir, Location, OpDefinition, OpId, Type};

pub use ops::*;

/// The dialect object to load into a [`Context`].
pub struct MathDialect;

impl Dialect for MathDialect {
    fn name(&self) -> &str {
        "math"
    }
    fn description(&self) -> &str {
        "elementary functions on floats and integers"
    }
    fn operations(&self, _ctx: &Context) -> Vec<OpDefinition> {
        ops::definitions()
    }
    /// Folded math ops become `arith.constant`s, as MLIR's
    /// `MathDialect::materializeConstant` (through `arith::ConstantOp`).
    fn materialize_constant(
        &self,
        ctx: &Context,
        ir: &mut Ir,
        value: Attribute,
        ty: Type,
        loc: Location,
        at: InsertPoint,
    ) -> Option<OpId> {
        ctx.dialect("arith")?
            .materialize_constant(ctx, ir, value, ty, loc, at)
    }
}

/// Loads the math dialect (and arith, whose attributes it uses) into `ctx`.
pub fn register(ctx: &mut Context) {
    strata_dialect_arith::register(ctx);
    ctx.load_dialect(Arc::new(MathDialect));
}
