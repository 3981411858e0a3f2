//! Memory effects of the `vector` ops that touch memory (MLIR's
//! `MemoryEffectOpInterface`): unused reads can be removed, writes stay.
//! Each op names its effect and the operand it is on in its declaration;
//! transfers on tensors have no memory effect, and may run speculatively.

use smallvec::SmallVec;
use strata_ir::interfaces::{
    ConditionallySpeculatable, Effect, EffectInstance, MemoryEffects, Speculatability,
};
use strata_ir::{Context, Ir, OpId, TypeData};

/// `effect` on operand `.1` when it is a memref.
pub(crate) struct OnMemRef(pub Effect, pub usize);

impl OnMemRef {
    fn on_memref(&self, ctx: &Context, ir: &Ir, op: OpId) -> bool {
        let base = ir.operand(op, self.1);
        matches!(ctx.type_data(ir.value_type(base)), TypeData::MemRef { .. })
    }
}

impl MemoryEffects for OnMemRef {
    fn effects(&self, ctx: &Context, ir: &Ir, op: OpId, out: &mut SmallVec<[EffectInstance; 2]>) {
        let base = ir.operand(op, self.1);
        if self.on_memref(ctx, ir, op) {
            out.push(EffectInstance {
                effect: self.0,
                value: Some(base),
            });
        }
    }
}

/// A transfer on a tensor (MLIR's `hasPureTensorSemantics`) is speculatable;
/// on a memref it is not (its access may be out of bounds).
impl ConditionallySpeculatable for OnMemRef {
    fn speculatability(&self, ctx: &Context, ir: &Ir, op: OpId) -> Speculatability {
        if self.on_memref(ctx, ir, op) {
            Speculatability::NotSpeculatable
        } else {
            Speculatability::Speculatable
        }
    }
}
