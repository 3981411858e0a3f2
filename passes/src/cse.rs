//! `cse` (MLIR's `CSE`): replaces an op by an equivalent one that dominates
//! it. Two ops are equivalent when they have the same name, attributes,
//! properties, result types and operands, no side effects (or only reads
//! with nothing writing in between, in the same block), and no regions
//! (MLIR also compares single-block regions structurally; Strata does not
//! CSE ops with non-empty regions yet).
//!
//! The walk follows MLIR's: regions nest scopes of known ops (an
//! isolated-from-above op starts an empty table), a single-block region is
//! one scope, the blocks of a multi-block SSACFG region are visited in
//! reverse post-order and a candidate must be in a dominating block;
//! multi-block graph regions are skipped. Terminators are kept; trivially
//! dead ops are erased on the way.
//!
//! Known ops sit in a hash table keyed by a structural hash, with an undo
//! log per scope; nothing is allocated per op in the common case.

use rustc_hash::{FxHashMap, FxHasher};
use smallvec::SmallVec;
use std::hash::{Hash, Hasher};
use strata_ir::dominance::{DominanceInfo, RegionDominators};
use strata_ir::interfaces::{is_memory_effect_free, is_op_trivially_dead, only_reads};
use strata_ir::pass::{Pass, PassContext, PassResult};
use strata_ir::{BlockId, Context, Ir, OpId, OpTraits, RegionId};

#[derive(Clone, Default)]
pub struct Cse;

impl Pass for Cse {
    fn name(&self) -> &str {
        "CSE"
    }
    fn argument(&self) -> &str {
        "cse"
    }
    fn description(&self) -> &str {
        "Eliminate common sub-expressions"
    }
    fn run_on_operation(&mut self, pc: &mut PassContext) -> PassResult {
        let op = pc.op;
        let (cse, dce) = eliminate_common_subexpressions(pc.ctx, pc.ir, op);
        pc.add_statistic("num-cse'd", "Number of operations CSE'd", cse);
        pc.add_statistic("num-dce'd", "Number of operations DCE'd", dce);
        pc.mark_analysis_preserved::<DominanceInfo>();
        if cse == 0 && dce == 0 {
            pc.mark_all_analyses_preserved();
        }
        Ok(())
    }
}

/// Runs CSE on the regions of `root`; returns (ops CSE'd, ops DCE'd).
pub fn eliminate_common_subexpressions(ctx: &Context, ir: &mut Ir, root: OpId) -> (u64, u64) {
    let mut driver = Driver {
        ctx,
        table: FxHashMap::default(),
        log: Vec::new(),
        to_erase: Vec::new(),
        cse: 0,
        dce: 0,
    };
    for r in 0..ir.regions(root).len() {
        let region = ir.region(root, r);
        driver.simplify_region(ir, region);
    }
    for &op in driver.to_erase.iter().rev() {
        if ir.is_alive(op) {
            let _ = ir.erase_op(op);
        }
    }
    (driver.cse, driver.dce)
}

struct Driver<'c> {
    ctx: &'c Context,
    table: FxHashMap<u64, SmallVec<[OpId; 1]>>,
    /// Insertions, undone when their scope ends.
    log: Vec<(u64, OpId)>,
    to_erase: Vec<OpId>,
    cse: u64,
    dce: u64,
}

impl Driver<'_> {
    fn simplify_region(&mut self, ir: &mut Ir, region: RegionId) {
        let blocks = ir.region_blocks(region);
        if blocks.is_empty() {
            return;
        }
        let ssa = DominanceInfo::has_ssa_dominance(self.ctx, ir, region);
        if blocks.len() == 1 {
            let block = blocks[0];
            let mark = self.log.len();
            self.simplify_block(ir, block, ssa, None);
            self.pop_scope(mark);
            return;
        }
        if !ssa {
            return;
        }
        let doms = RegionDominators::compute(ir, region);
        let mark = self.log.len();
        for block in reverse_post_order(ir, region) {
            self.simplify_block(ir, block, ssa, Some(&doms));
        }
        self.pop_scope(mark);
    }

    fn pop_scope(&mut self, mark: usize) {
        for (hash, op) in self.log.drain(mark..).rev() {
            if let Some(bucket) = self.table.get_mut(&hash) {
                if let Some(i) = bucket.iter().rposition(|&o| o == op) {
                    bucket.remove(i);
                }
                if bucket.is_empty() {
                    self.table.remove(&hash);
                }
            }
        }
    }

    fn simplify_block(
        &mut self,
        ir: &mut Ir,
        block: BlockId,
        ssa: bool,
        doms: Option<&RegionDominators>,
    ) {
        let mut cursor = ir.first_op(block);
        while let Some(op) = cursor {
            cursor = ir.next_op(op);
            if !ir.regions(op).is_empty() {
                let isolated = self
                    .ctx
                    .op_definition(ir.op_name(op))
                    .is_none_or(|d| d.has_trait(OpTraits::ISOLATED_FROM_ABOVE));
                if isolated {
                    // A fresh table: nothing from outside may be captured.
                    let saved_table = std::mem::take(&mut self.table);
                    let saved_log = std::mem::take(&mut self.log);
                    for r in 0..ir.regions(op).len() {
                        let region = ir.region(op, r);
                        self.simplify_region(ir, region);
                    }
                    self.table = saved_table;
                    self.log = saved_log;
                } else {
                    for r in 0..ir.regions(op).len() {
                        let region = ir.region(op, r);
                        self.simplify_region(ir, region);
                    }
                }
            }
            self.simplify_op(ir, op, ssa, doms);
        }
    }

    fn simplify_op(&mut self, ir: &mut Ir, op: OpId, _ssa: bool, doms: Option<&RegionDominators>) {
        let ctx = self.ctx;
        let Some(def) = ctx.op_definition(ir.op_name(op)) else {
            return;
        };
        if def.has_trait(OpTraits::TERMINATOR) {
            return;
        }
        if is_op_trivially_dead(ctx, ir, op) {
            self.to_erase.push(op);
            self.dce += 1;
            return;
        }
        if ir.regions(op).iter().any(|&r| !ir.region_is_empty(r)) {
            return;
        }
        let reads_only = if is_memory_effect_free(ctx, ir, op) {
            false
        } else if only_reads(ctx, ir, op) {
            true
        } else {
            return;
        };
        let hash = op_hash(ir, op);
        let mut existing = None;
        if let Some(bucket) = self.table.get(&hash) {
            for &candidate in bucket.iter().rev() {
                if !equivalent(ir, candidate, op) {
                    continue;
                }
                let (cb, ob) = (ir.op_block(candidate), ir.op_block(op));
                if reads_only {
                    if cb != ob || writes_between(ctx, ir, candidate, op) {
                        continue;
                    }
                } else if cb != ob
                    && cb.and_then(|b| ir.block_region(b)) == ob.and_then(|b| ir.block_region(b))
                {
                    // Same region, other block: it must dominate. (A
                    // candidate from an enclosing region is in scope, so
                    // it dominates.)
                    match (doms, cb, ob) {
                        (Some(d), Some(cb), Some(ob)) if d.dominates(cb, ob) => {}
                        _ => continue,
                    }
                }
                existing = Some(candidate);
                break;
            }
        }
        match existing {
            Some(existing) => {
                for i in 0..ir.num_results(op) {
                    let (from, to) = (ir.result(op, i), ir.result(existing, i));
                    ir.replace_all_uses_with(from, to);
                }
                self.to_erase.push(op);
                if !reads_only {
                    self.cse += 1;
                }
            }
            None => {
                self.table.entry(hash).or_default().push(op);
                self.log.push((hash, op));
            }
        }
    }
}

fn op_hash(ir: &Ir, op: OpId) -> u64 {
    let mut h = FxHasher::default();
    ir.op_name(op).hash(&mut h);
    ir.properties(op).hash(&mut h);
    ir.attributes(op).hash(&mut h);
    for v in ir.operands(op) {
        v.hash(&mut h);
    }
    for v in ir.results(op) {
        ir.value_type(v).hash(&mut h);
    }
    h.finish()
}

fn equivalent(ir: &Ir, a: OpId, b: OpId) -> bool {
    ir.op_name(a) == ir.op_name(b)
        && ir.properties(a) == ir.properties(b)
        && ir.attributes(a) == ir.attributes(b)
        && ir.num_operands(a) == ir.num_operands(b)
        && ir.num_results(a) == ir.num_results(b)
        && ir.operands(a).eq(ir.operands(b))
        && ir
            .results(a)
            .zip(ir.results(b))
            .all(|(x, y)| ir.value_type(x) == ir.value_type(y))
        && ir.successors(a).is_empty()
        && ir.successors(b).is_empty()
}

/// Whether an op strictly between `from` and `to` (same block) may write.
fn writes_between(ctx: &Context, ir: &Ir, from: OpId, to: OpId) -> bool {
    let mut cursor = ir.next_op(from);
    while let Some(op) = cursor {
        if op == to {
            return false;
        }
        if !is_memory_effect_free(ctx, ir, op) && !only_reads(ctx, ir, op) {
            return true;
        }
        cursor = ir.next_op(op);
    }
    false
}

/// Reachable blocks of `region` in reverse post-order.
pub fn reverse_post_order(ir: &Ir, region: RegionId) -> Vec<BlockId> {
    let Some(entry) = ir.entry_block(region) else {
        return Vec::new();
    };
    let mut post = Vec::new();
    let mut visited: FxHashMap<BlockId, ()> = FxHashMap::default();
    let mut stack = vec![(entry, 0usize)];
    visited.insert(entry, ());
    while let Some((block, next)) = stack.pop() {
        let succs = ir.last_op(block).map(|t| ir.successors(t)).unwrap_or(&[]);
        if next < succs.len() {
            stack.push((block, next + 1));
            let s = succs[next];
            if visited.insert(s, ()).is_none() {
                stack.push((s, 0));
            }
        } else {
            post.push(block);
        }
    }
    post.reverse();
    post
}
