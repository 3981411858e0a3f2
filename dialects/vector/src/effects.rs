//! Memory effects of the `vector` ops that touch memory (MLIR's
//! `MemoryEffectOpInterface`): unused reads can be removed, writes stay.
//! Each op names its effect and the operand it is on in its declaration;
//! transfers on tensors have no memory effect.

use smallvec::SmallVec;
use strata_ir::interfaces::{Effect, EffectInstance, MemoryEffects};
use strata_ir::{Context, Ir, OpId, TypeData};

/// `effect` on operand `.1` when it is a memref.
pub(crate) struct OnMemRef(pub Effect, pub usize);

impl MemoryEffects for OnMemRef {
    fn effects(&self, ctx: &Context, ir: &Ir, op: OpId, out: &mut SmallVec<[EffectInstance; 2]>) {
        let base = ir.operand(op, self.1);
        if matches!(ctx.type_data(ir.value_type(base)), TypeData::MemRef { .. }) {
            out.push(EffectInstance {
                effect: self.0,
                value: Some(base),
            });
        }
    }
}
