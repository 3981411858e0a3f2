//! Memory effects of the `memref` ops (MLIR's `MemoryEffectOpInterface`),
//! which let dead allocations and loads be removed and keep stores. Each
//! op names its effects in its declaration, as ODS puts `MemRead`,
//! `MemWrite`, `MemAlloc` and `MemFree` on the arguments they touch.

use smallvec::SmallVec;
use strata_ir::interfaces::{Effect, EffectInstance, MemoryEffects};
use strata_ir::{Context, Ir, OpId};

/// The value an effect is on.
#[derive(Copy, Clone, Debug)]
pub(crate) enum On {
    Operand(usize),
    Result(usize),
}

/// An op's effects, in order; none for an op that only reads metadata
/// (`memref.dim`, `memref.rank`).
pub(crate) struct Effects(pub &'static [(Effect, On)]);

impl MemoryEffects for Effects {
    fn effects(&self, _: &Context, ir: &Ir, op: OpId, out: &mut SmallVec<[EffectInstance; 2]>) {
        for &(effect, on) in self.0 {
            let value = match on {
                On::Operand(i) => ir.operand(op, i),
                On::Result(i) => ir.result(op, i),
            };
            out.push(EffectInstance {
                effect,
                value: Some(value),
            });
        }
    }
}
