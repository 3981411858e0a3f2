//! `loop-invariant-code-motion` (MLIR's `LoopInvariantCodeMotion`): for
//! every op implementing `LoopLikeOpInterface`, innermost loops first, ops
//! of the loop body whose operands (and whose nested ops' operands) are all
//! defined outside the loop, that have no memory effects and that may run
//! speculatively are moved before the loop. Hoisting one op may make its
//! users invariant: they are reconsidered, as MLIR's worklist does.
//!
//! Speculation matters because the loop may run zero times: a division by
//! an unknown divisor, a `dim` of an unknown index, a loop of unknown step
//! hoisted out of it would run although the program never ran them
//! (`strata_ir::interfaces::is_speculatable`).

use std::collections::VecDeque;
use strata_ir::interfaces::{
    interface, is_memory_effect_free, is_speculatable, LoopLikeOpInterface,
};
use strata_ir::pass::{Pass, PassContext, PassResult};
use strata_ir::{Context, Ir, OpId, OpTraits};

#[derive(Clone, Default)]
pub struct LoopInvariantCodeMotion;

impl Pass for LoopInvariantCodeMotion {
    fn name(&self) -> &str {
        "LoopInvariantCodeMotion"
    }
    fn argument(&self) -> &str {
        "loop-invariant-code-motion"
    }
    fn description(&self) -> &str {
        "Hoist loop invariant instructions outside of the loop"
    }
    fn run_on_operation(&mut self, pc: &mut PassContext) -> PassResult {
        let mut loops = Vec::new();
        let ctx = pc.ctx;
        pc.ir.walk_postorder(pc.op, &mut |op| loops.push(op));
        loops.retain(|&op| {
            op != pc.op && interface::<dyn LoopLikeOpInterface>(ctx, pc.ir, op).is_some()
        });
        let mut moved = 0;
        for lp in loops {
            moved += hoist_invariants(ctx, pc.ir, lp);
        }
        pc.add_statistic("num-hoisted", "Number of ops hoisted", moved);
        if moved == 0 {
            pc.mark_all_analyses_preserved();
        }
        Ok(())
    }
}

/// Whether every operand of `op` and of its nested ops is defined outside `lp`.
fn operands_invariant(ir: &Ir, iface: &dyn LoopLikeOpInterface, lp: OpId, op: OpId) -> bool {
    let mut ok = true;
    ir.walk_preorder(op, &mut |nested| {
        for v in ir.operands(nested) {
            let inside_op = ir
                .value_block(v)
                .and_then(|b| ir.block_parent_op(b))
                .is_some_and(|p| ir.is_ancestor(op, p))
                || ir.defining_op(v).is_some_and(|d| ir.is_ancestor(op, d));
            if !inside_op && !iface.is_defined_outside_of_loop(ir, lp, v) {
                ok = false;
            }
        }
    });
    ok
}

/// Hoists the invariant ops of loop `lp`; returns how many moved.
pub fn hoist_invariants(ctx: &Context, ir: &mut Ir, lp: OpId) -> u64 {
    let iface = interface::<dyn LoopLikeOpInterface>(ctx, ir, lp)
        .unwrap()
        .clone();
    // First in, first out, as MLIR's moveLoopInvariantCode: the body's ops
    // in program order, then the users of what moved, so hoisted ops keep
    // their order (a stack hoisted each user right after its operand).
    let mut worklist: VecDeque<OpId> = VecDeque::new();
    for region in iface.loop_regions(ctx, ir, lp) {
        for &b in ir.region_blocks(region) {
            worklist.extend(ir.block_ops(b));
        }
    }
    let mut moved = 0;
    while let Some(op) = worklist.pop_front() {
        if !ir.is_alive(op)
            || !ir
                .parent_op(op)
                .is_some_and(|p| p == lp || ir.is_ancestor(lp, p))
        {
            continue;
        }
        if ir.parent_op(op) != Some(lp) {
            continue;
        }
        let terminator = ctx
            .op_definition(ir.op_name(op))
            .is_none_or(|d| d.has_trait(OpTraits::TERMINATOR));
        if terminator
            || !is_memory_effect_free(ctx, ir, op)
            || !is_speculatable(ctx, ir, op)
            || !operands_invariant(ir, &*iface, lp, op)
        {
            continue;
        }
        iface.move_out_of_loop(ir, lp, op);
        moved += 1;
        let users: Vec<OpId> = ir
            .results(op)
            .flat_map(|v| ir.users(v).collect::<Vec<_>>())
            .collect();
        for user in users {
            if ir.parent_op(user) == Some(lp) {
                worklist.push_back(user);
            }
        }
    }
    moved
}
