//! Memory effects of the `memref` ops (MLIR's `MemoryEffectOpInterface`),
//! which let dead allocations and loads be removed and keep stores.

use smallvec::SmallVec;
use std::sync::Arc;
use strata_ir::interfaces::{Effect, EffectInstance, MemoryEffects};
use strata_ir::{Context, Ir, OpDefinition, OpId};

/// Effects on operand or result values, chosen by op name.
struct MemrefEffects;

impl MemoryEffects for MemrefEffects {
    fn effects(&self, ctx: &Context, ir: &Ir, op: OpId, out: &mut SmallVec<[EffectInstance; 2]>) {
        let on = |effect, value| EffectInstance {
            effect,
            value: Some(value),
        };
        match ctx.op_name_str(ir.op_name(op)) {
            "memref.alloc" | "memref.alloca" => out.push(on(Effect::Allocate, ir.result(op, 0))),
            "memref.dealloc" => out.push(on(Effect::Free, ir.operand(op, 0))),
            "memref.load" => out.push(on(Effect::Read, ir.operand(op, 0))),
            "memref.store" => out.push(on(Effect::Write, ir.operand(op, 1))),
            "memref.atomic_rmw" => {
                out.push(on(Effect::Read, ir.operand(op, 1)));
                out.push(on(Effect::Write, ir.operand(op, 1)));
            }
            "memref.generic_atomic_rmw" => {
                out.push(on(Effect::Read, ir.operand(op, 0)));
                out.push(on(Effect::Write, ir.operand(op, 0)));
            }
            "memref.copy" => {
                out.push(on(Effect::Read, ir.operand(op, 0)));
                out.push(on(Effect::Write, ir.operand(op, 1)));
            }
            // dim, rank, get_global: no effect.
            _ => {}
        }
    }
}

pub(crate) fn attach(defs: &mut [OpDefinition]) {
    for def in defs.iter_mut() {
        if matches!(
            def.name.as_str(),
            "memref.alloc"
                | "memref.alloca"
                | "memref.dealloc"
                | "memref.load"
                | "memref.store"
                | "memref.copy"
                | "memref.atomic_rmw"
                | "memref.generic_atomic_rmw"
                | "memref.dim"
                | "memref.rank"
        ) {
            def.interfaces
                .insert::<dyn MemoryEffects>(Arc::new(MemrefEffects));
        }
    }
}
