//! Region DCE (MLIR's `runRegionDCE` in `RegionUtils.cpp`), the part of
//! the greedy driver's region simplification at the `Normal` level that
//! removes dead ops and dead block arguments across a CFG.
//!
//! Unlike the driver's per-op "trivially dead" check, liveness here is a
//! fixed point over the whole region tree, so values that only flow around
//! a loop through block arguments (and the ops computing them) die too.
//! Seeds: ops that would not be trivially dead (effects, unknown ops) and
//! terminators. A use keeps a value alive when its owner is live, except a
//! successor operand of a branch, which only keeps the block argument it
//! feeds alive (each successor operand is really an operand of a phi).
//!
//! Entry-block arguments are never removed (their contract is with the
//! parent op). Branches drop the operands of dead arguments through
//! `BranchOpInterface::erase_successor_operand`; terminators that cannot do
//! that keep all of their successors' arguments alive, as in MLIR.

use super::pattern::PatternRewriter;
use crate::context::Context;
use crate::interfaces::{interface, would_op_be_trivially_dead, BranchOpInterface};
use crate::ir::{BlockId, Ir, OpId, RegionId, Value};
use crate::opdef::OpTraits;
use rustc_hash::FxHashSet;
use std::sync::Arc;

#[derive(Default)]
struct LiveMap {
    values: FxHashSet<Value>,
    ops: FxHashSet<OpId>,
    changed: bool,
}

/// An op result is live exactly when its op is (as in MLIR's `LiveMap`);
/// block arguments are tracked one by one.
impl LiveMap {
    fn set_value(&mut self, ir: &Ir, v: Value) {
        match ir.defining_op(v) {
            Some(op) => self.set_op(op),
            None => self.changed |= self.values.insert(v),
        }
    }
    fn value_live(&self, ir: &Ir, v: Value) -> bool {
        match ir.defining_op(v) {
            Some(op) => self.ops.contains(&op),
            None => self.values.contains(&v),
        }
    }
    fn set_op(&mut self, op: OpId) {
        self.changed |= self.ops.insert(op);
    }
}

fn is_terminator(ctx: &Context, ir: &Ir, op: OpId) -> bool {
    ctx.op_definition(ir.op_name(op))
        .is_some_and(|d| d.has_trait(OpTraits::TERMINATOR))
}

/// The branch interface of `op` if it can drop successor operands.
fn erasable_branch<'c>(
    ctx: &'c Context,
    ir: &Ir,
    op: OpId,
) -> Option<&'c Arc<dyn BranchOpInterface>> {
    interface::<dyn BranchOpInterface>(ctx, ir, op).filter(|b| b.can_erase_successor_operands())
}

/// Blocks of `region` reachable from its entry, in post-order (successors
/// before the blocks branching to them).
fn post_order(ir: &Ir, region: RegionId) -> Vec<BlockId> {
    let Some(entry) = ir.entry_block(region) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    let mut seen = FxHashSet::default();
    seen.insert(entry);
    // (block, next successor index to visit)
    let mut stack = vec![(entry, 0usize)];
    while let Some(&mut (block, ref mut next)) = stack.last_mut() {
        let succs = ir.last_op(block).map_or(&[][..], |t| ir.successors(t));
        if *next < succs.len() {
            let s = succs[*next];
            *next += 1;
            if seen.insert(s) {
                stack.push((s, 0));
            }
        } else {
            out.push(block);
            stack.pop();
        }
    }
    out
}

/// Whether a use of a value as operand `index` of `owner` is known not to
/// make the value live: a forwarded operand of a branch whose target
/// argument is not (yet) live.
fn use_specially_known_dead(
    ctx: &Context,
    ir: &Ir,
    owner: OpId,
    index: usize,
    live: &LiveMap,
) -> bool {
    if !is_terminator(ctx, ir, owner) {
        return false;
    }
    let Some(branch) = erasable_branch(ctx, ir, owner) else {
        return false;
    };
    let ranges = branch.all_successor_operands(ctx, ir, owner);
    for (&succ, &(start, len)) in ir.successors(owner).iter().zip(&ranges) {
        if (start..start + len).contains(&index) {
            return !live.value_live(ir, ir.block_arg(succ, index - start));
        }
    }
    false
}

fn propagate_value(ctx: &Context, ir: &Ir, value: Value, live: &mut LiveMap) {
    if live.value_live(ir, value) {
        return;
    }
    for u in ir.uses(value) {
        let (owner, index) = (u.op, u.index as usize);
        if use_specially_known_dead(ctx, ir, owner, index, live) {
            continue;
        }
        if live.ops.contains(&owner) {
            live.set_value(ir, value);
            return;
        }
    }
}

fn propagate_terminator(ctx: &Context, ir: &Ir, op: OpId, live: &mut LiveMap) {
    live.set_op(op);
    if erasable_branch(ctx, ir, op).is_none() {
        for &succ in ir.successors(op) {
            for &arg in ir.block_args(succ) {
                live.set_value(ir, arg);
            }
        }
    }
}

fn propagate_op(ctx: &Context, ir: &Ir, op: OpId, live: &mut LiveMap) {
    for &region in ir.regions(op) {
        propagate_region(ctx, ir, region, live);
    }
    if is_terminator(ctx, ir, op) {
        return propagate_terminator(ctx, ir, op, live);
    }
    if live.ops.contains(&op) {
        return;
    }
    if !would_op_be_trivially_dead(ctx, ir, op) {
        return live.set_op(op);
    }
    for result in ir.results(op) {
        propagate_value(ctx, ir, result, live);
    }
}

fn propagate_region(ctx: &Context, ir: &Ir, region: RegionId, live: &mut LiveMap) {
    let entry = ir.entry_block(region);
    for block in post_order(ir, region) {
        let ops: Vec<OpId> = ir.block_ops(block).collect();
        for &op in ops.iter().rev() {
            propagate_op(ctx, ir, op, live);
        }
        if Some(block) == entry {
            continue;
        }
        for &arg in ir.block_args(block) {
            propagate_value(ctx, ir, arg, live);
        }
    }
}

fn erase_dead_successor_operands(rw: &mut PatternRewriter, term: OpId, live: &LiveMap) -> bool {
    let ctx = rw.ctx();
    let Some(branch) = erasable_branch(ctx, rw.ir(), term).cloned() else {
        return false;
    };
    let mut changed = false;
    let succs = rw.ir().successors(term).to_vec();
    let ranges = branch.all_successor_operands(ctx, rw.ir(), term);
    for (i, &succ) in succs.iter().enumerate().rev() {
        let (_, len) = ranges[i];
        for arg in (0..len).rev() {
            if !live.value_live(rw.ir(), rw.ir().block_arg(succ, arg)) {
                changed |= rw.modify_op_in_place(term, |ir| {
                    branch.erase_successor_operand(ctx, ir, term, i, arg)
                });
            }
        }
    }
    changed
}

fn delete_deadness(rw: &mut PatternRewriter, regions: &[RegionId], live: &LiveMap) -> bool {
    let mut changed = false;
    for &region in regions {
        let blocks = rw.ir().region_blocks(region).to_vec();
        if blocks.is_empty() {
            continue;
        }
        let single = blocks.len() == 1;
        for block in post_order(rw.ir(), region) {
            if !single {
                if let Some(term) = rw.ir().last_op(block) {
                    changed |= erase_dead_successor_operands(rw, term, live);
                }
            }
            let ops: Vec<OpId> = rw.ir().block_ops(block).collect();
            for &op in ops.iter().rev() {
                if !live.ops.contains(&op) {
                    // Every user of a dead op is dead too (a live user
                    // would have made it live); in a graph region they may
                    // form a cycle, so the uses go first.
                    let users: Vec<OpId> =
                        rw.ir().results(op).flat_map(|r| rw.ir().users(r)).collect();
                    for user in users {
                        rw.ir_mut_unnotified().drop_operands(user);
                    }
                    rw.erase_op(op);
                    changed = true;
                } else {
                    let nested = rw.ir().regions(op).to_vec();
                    changed |= delete_deadness(rw, &nested, live);
                }
            }
        }
        for &block in &blocks[1..] {
            if rw.ir().block_region(block) != Some(region) {
                continue;
            }
            let args = rw.ir().block_args(block).to_vec();
            for (index, arg) in args.iter().enumerate().rev() {
                if !live.value_live(rw.ir(), *arg) && !rw.ir().has_uses(*arg) {
                    let _ = rw.ir_mut_unnotified().erase_block_arg(block, index);
                    changed = true;
                }
            }
        }
    }
    changed
}

/// Removes dead ops and dead non-entry block arguments in `op`'s regions
/// (recursively). Returns whether anything changed.
pub fn run_region_dce(rw: &mut PatternRewriter, op: OpId) -> bool {
    let ctx = rw.ctx();
    let regions = rw.ir().regions(op).to_vec();
    let mut live = LiveMap::default();
    loop {
        live.changed = false;
        for &region in &regions {
            propagate_region(ctx, rw.ir(), region, &mut live);
        }
        if !live.changed {
            break;
        }
    }
    delete_deadness(rw, &regions, &live)
}
