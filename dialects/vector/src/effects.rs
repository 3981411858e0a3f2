//! Memory effects of the `vector` ops that touch memory (MLIR's
//! `MemoryEffectOpInterface`): unused reads can be removed, writes stay.
//! Transfers on tensors have no memory effect.

use smallvec::SmallVec;
use std::sync::Arc;
use strata_ir::interfaces::{Effect, EffectInstance, MemoryEffects};
use strata_ir::{Context, Ir, OpDefinition, OpId, TypeData};

struct VectorEffects;

impl MemoryEffects for VectorEffects {
    fn effects(&self, ctx: &Context, ir: &Ir, op: OpId, out: &mut SmallVec<[EffectInstance; 2]>) {
        let (effect, base) = match ctx.op_name_str(ir.op_name(op)) {
            "vector.load" | "vector.maskedload" | "vector.transfer_read" => {
                (Effect::Read, ir.operand(op, 0))
            }
            "vector.maskedstore" => (Effect::Write, ir.operand(op, 0)),
            "vector.store" | "vector.transfer_write" => (Effect::Write, ir.operand(op, 1)),
            _ => return,
        };
        if matches!(ctx.type_data(ir.value_type(base)), TypeData::MemRef { .. }) {
            out.push(EffectInstance {
                effect,
                value: Some(base),
            });
        }
    }
}

pub(crate) fn attach(defs: &mut [OpDefinition]) {
    for def in defs.iter_mut() {
        if matches!(
            def.name.as_str(),
            "vector.load"
                | "vector.maskedload"
                | "vector.transfer_read"
                | "vector.store"
                | "vector.maskedstore"
                | "vector.transfer_write"
        ) {
            def.interfaces
                .insert::<dyn MemoryEffects>(Arc::new(VectorEffects));
        }
    }
}
