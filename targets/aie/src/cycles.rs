//! The AIE1 cycle model behind `--stats`.
//!
//! The core issues one VLIW bundle per cycle with two load slots, one
//! store slot and one vector slot (scalar and address arithmetic have
//! their own slots and are free here). `srs` feeding a store is the
//! store's shift-round-saturate path (one bundle slot, `VST.SRS`); `ups`
//! of a load is the load's (`VLDA.UPS`). An innermost loop is software
//! pipelined: it starts an iteration every `II` cycles, `II` the busiest
//! slot's count per iteration, and drains after the last one, which costs
//! the iteration's critical path (loads take [`LOAD_LATENCY`] cycles
//! before a MAC can use them, a MAC [`MAC_LATENCY`] before `srs`, chained
//! MACs on one accumulator issue back to back). Outer loops run their
//! bodies in sequence, with [`LOOP_OVERHEAD`] cycles per iteration.

use std::collections::HashMap;
use strata_dialect_aievec::{MacOp, MulOp, SrsOp, StoreOp, UpdOp, UpsOp};
use strata_dialect_arith::ConstantOp;
use strata_dialect_memref as memref;
use strata_dialect_scf as scf;
use strata_ir::{BlockId, Context, Ir, OpId, Value};

pub const LOAD_LATENCY: i64 = 7;
pub const MAC_LATENCY: i64 = 4;
pub const STORE_LATENCY: i64 = 1;
pub const LOOP_OVERHEAD: i64 = 2;

/// The model's answer for a function.
#[derive(Clone, Debug, Default)]
pub struct Estimate {
    pub cycles: i64,
    /// Bundle slots used over the whole run.
    pub loads: i64,
    pub stores: i64,
    pub vector_ops: i64,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Slot {
    Load,
    Store,
    Vector,
    Free,
}

fn slot(ctx: &Context, ir: &Ir, op: OpId) -> Slot {
    let fed_by_load = |v: Value| ir.defining_op(v).is_some_and(|d| UpdOp::is(ctx, ir, d));
    let feeds_store = |op: OpId| {
        let uses: Vec<OpId> = ir.users(ir.result(op, 0)).collect();
        !uses.is_empty() && uses.iter().all(|&u| StoreOp::is(ctx, ir, u))
    };
    if UpdOp::is(ctx, ir, op) || memref::LoadOp::is(ctx, ir, op) {
        Slot::Load
    } else if StoreOp::is(ctx, ir, op) || memref::StoreOp::is(ctx, ir, op) {
        Slot::Store
    } else if MulOp::is(ctx, ir, op) || MacOp::is(ctx, ir, op) {
        Slot::Vector
    } else if SrsOp::is(ctx, ir, op) {
        if feeds_store(op) {
            Slot::Free
        } else {
            Slot::Vector
        }
    } else if UpsOp::is(ctx, ir, op) {
        if fed_by_load(ir.operand(op, 0)) {
            Slot::Free
        } else {
            Slot::Vector
        }
    } else {
        Slot::Free
    }
}

fn latency(ctx: &Context, ir: &Ir, def: OpId, user: OpId) -> i64 {
    if UpdOp::is(ctx, ir, def) || memref::LoadOp::is(ctx, ir, def) {
        LOAD_LATENCY
    } else if (MulOp::is(ctx, ir, def) || MacOp::is(ctx, ir, def)) && MacOp::is(ctx, ir, user) {
        1
    } else if MulOp::is(ctx, ir, def)
        || MacOp::is(ctx, ir, def)
        || SrsOp::is(ctx, ir, def)
        || UpsOp::is(ctx, ir, def)
    {
        MAC_LATENCY
    } else {
        0
    }
}

fn constant(ctx: &Context, ir: &Ir, v: Value) -> Option<i64> {
    ConstantOp::defining(ctx, ir, v)
        .and_then(|c| ctx.integer_value(c.value(ctx, ir)))
        .map(|x| x as i64)
}

struct Counts {
    loads: i64,
    stores: i64,
    vector: i64,
}

impl Counts {
    fn ii(&self) -> i64 {
        ((self.loads + 1) / 2)
            .max(self.stores)
            .max(self.vector)
            .max(1)
    }
}

fn count(ctx: &Context, ir: &Ir, ops: &[OpId]) -> Counts {
    let mut c = Counts {
        loads: 0,
        stores: 0,
        vector: 0,
    };
    for &op in ops {
        match slot(ctx, ir, op) {
            Slot::Load => c.loads += 1,
            Slot::Store => c.stores += 1,
            Slot::Vector => c.vector += 1,
            Slot::Free => {}
        }
    }
    c
}

/// The critical path of one iteration of `ops` (in order), from issue of
/// the first op to completion of the last.
fn critical_path(ctx: &Context, ir: &Ir, ops: &[OpId]) -> i64 {
    let mut ready: HashMap<OpId, i64> = HashMap::new();
    let mut end = 0;
    for &op in ops {
        let start = (0..ir.num_operands(op))
            .filter_map(|k| ir.defining_op(ir.operand(op, k)))
            .filter_map(|d| ready.get(&d).map(|&t| t + latency(ctx, ir, d, op)))
            .max()
            .unwrap_or(0);
        ready.insert(op, start);
        let done = start
            + if slot(ctx, ir, op) == Slot::Store {
                STORE_LATENCY
            } else {
                1
            };
        end = end.max(done);
    }
    end
}

/// Cycles and slot uses of `block` run once.
fn block_cost(ctx: &Context, ir: &Ir, block: BlockId, total: &mut Estimate, scale: i64) -> i64 {
    let ops: Vec<OpId> = ir.block_ops(block).collect();
    let mut cycles = 0;
    let straight: Vec<OpId> = ops
        .iter()
        .copied()
        .filter(|&op| !scf::ForOp::is(ctx, ir, op))
        .collect();
    let c = count(ctx, ir, &straight);
    total.loads += c.loads * scale;
    total.stores += c.stores * scale;
    total.vector_ops += c.vector * scale;
    if c.loads + c.stores + c.vector > 0 {
        cycles += c.ii();
    }
    for &op in ops.iter().filter(|&&op| scf::ForOp::is(ctx, ir, op)) {
        cycles += loop_cost(ctx, ir, op, total, scale);
    }
    cycles
}

fn loop_cost(ctx: &Context, ir: &Ir, op: OpId, total: &mut Estimate, scale: i64) -> i64 {
    let bound = |k| constant(ctx, ir, ir.operand(op, k));
    let trips = match (bound(0), bound(1), bound(2)) {
        (Some(lb), Some(ub), Some(step)) if step > 0 => ((ub - lb + step - 1) / step).max(0),
        _ => 1,
    };
    let body = ir
        .entry_block(ir.regions(op)[0])
        .expect("scf.for has a body");
    let ops: Vec<OpId> = ir.block_ops(body).collect();
    let innermost = !ops.iter().any(|&o| scf::ForOp::is(ctx, ir, o));
    if trips == 0 {
        return 0;
    }
    if innermost {
        let c = count(ctx, ir, &ops);
        total.loads += c.loads * trips * scale;
        total.stores += c.stores * trips * scale;
        total.vector_ops += c.vector * trips * scale;
        let ii = c.ii();
        let length = critical_path(ctx, ir, &ops).max(ii);
        (trips - 1) * ii + length + LOOP_OVERHEAD
    } else {
        trips * (block_cost(ctx, ir, body, total, scale * trips) + LOOP_OVERHEAD)
    }
}

/// The model's cycles for one call of `func`.
pub fn estimate(ctx: &Context, ir: &Ir, func: OpId) -> Estimate {
    let body = ir
        .entry_block(ir.regions(func)[0])
        .expect("a function body");
    let mut total = Estimate::default();
    total.cycles = block_cost(ctx, ir, body, &mut total, 1);
    total
}
