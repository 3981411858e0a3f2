//! Dominance within regions, for SSA verification and the passes.
//!
//! Inside one block, dominance is program order (the order index makes that
//! O(1)). Across blocks of one region it is the dominator tree of the
//! region's control-flow graph, computed on demand with the iterative
//! algorithm of Cooper, Harvey and Kennedy and cached per region. Across
//! regions a value dominates a use when it dominates the ancestor of the use
//! that sits in the value's region. Single-block graph regions
//! (`builtin.module`, regions of unregistered ops) impose no dominance.

use crate::context::Context;
use crate::ir::{BlockId, Ir, OpId, RegionId, Value, ValueDef};
use crate::opdef::OpTraits;
use rustc_hash::FxHashMap;

/// Immediate dominators of the blocks of one region.
#[derive(Debug, Default, Clone)]
pub struct RegionDominators {
    /// Reverse post-order number of each reachable block.
    order: FxHashMap<BlockId, usize>,
    /// Immediate dominator by post-order number (the entry maps to itself).
    idom: Vec<usize>,
}

impl RegionDominators {
    pub fn compute(ir: &Ir, region: RegionId) -> Self {
        let Some(entry) = ir.entry_block(region) else {
            return Self::default();
        };
        // Post-order DFS over successors.
        let mut post: Vec<BlockId> = Vec::new();
        let mut visited: FxHashMap<BlockId, ()> = FxHashMap::default();
        let mut stack: Vec<(BlockId, usize)> = vec![(entry, 0)];
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
        let rpo: Vec<BlockId> = post.into_iter().rev().collect();
        let order: FxHashMap<BlockId, usize> =
            rpo.iter().enumerate().map(|(i, &b)| (b, i)).collect();
        let mut preds: Vec<Vec<usize>> = vec![Vec::new(); rpo.len()];
        for (i, &b) in rpo.iter().enumerate() {
            if let Some(t) = ir.last_op(b) {
                for s in ir.successors(t) {
                    if let Some(&j) = order.get(s) {
                        preds[j].push(i);
                    }
                }
            }
        }
        const UNDEF: usize = usize::MAX;
        let mut idom = vec![UNDEF; rpo.len()];
        idom[0] = 0;
        let mut changed = true;
        while changed {
            changed = false;
            for b in 1..rpo.len() {
                let mut new_idom = UNDEF;
                for &p in &preds[b] {
                    if idom[p] == UNDEF {
                        continue;
                    }
                    new_idom = if new_idom == UNDEF {
                        p
                    } else {
                        intersect(&idom, p, new_idom)
                    };
                }
                if new_idom != idom[b] {
                    idom[b] = new_idom;
                    changed = true;
                }
            }
        }
        Self { order, idom }
    }

    pub fn is_reachable(&self, block: BlockId) -> bool {
        self.order.contains_key(&block)
    }

    /// Whether `a` dominates `b` (reflexive). Unreachable `b` is dominated by everything.
    pub fn dominates(&self, a: BlockId, b: BlockId) -> bool {
        let Some(&target) = self.order.get(&a) else {
            return false;
        };
        let Some(&mut_b) = self.order.get(&b) else {
            return true;
        };
        let mut current = mut_b;
        loop {
            if current == target {
                return true;
            }
            if current == 0 {
                return false;
            }
            current = self.idom[current];
        }
    }
}

fn intersect(idom: &[usize], mut a: usize, mut b: usize) -> usize {
    while a != b {
        while a > b {
            a = idom[a];
        }
        while b > a {
            b = idom[b];
        }
    }
    a
}

/// Dominance queries over a whole IR tree, caching per-region trees.
#[derive(Default)]
pub struct DominanceInfo {
    regions: FxHashMap<RegionId, RegionDominators>,
}

impl DominanceInfo {
    pub fn new() -> Self {
        Self::default()
    }

    fn region(&mut self, ir: &Ir, region: RegionId) -> &RegionDominators {
        self.regions
            .entry(region)
            .or_insert_with(|| RegionDominators::compute(ir, region))
    }

    /// Whether `region` requires SSA dominance (false for graph regions).
    /// As in MLIR, only a single-block region can be a graph region: one
    /// of an op that says so (`GRAPH_REGION`) or of an unregistered op,
    /// which might.
    pub fn has_ssa_dominance(ctx: &Context, ir: &Ir, region: RegionId) -> bool {
        if ir.region_blocks(region).len() != 1 {
            return true;
        }
        match ir.region_op(region) {
            Some(op) => match ctx.op_definition(ir.op_name(op)) {
                Some(def) => !def.has_trait(OpTraits::GRAPH_REGION),
                None => false,
            },
            None => true,
        }
    }

    /// Whether the block is reachable from its region's entry.
    pub fn is_reachable(&mut self, ir: &Ir, block: BlockId) -> bool {
        match ir.block_region(block) {
            Some(region) => self.region(ir, region).is_reachable(block),
            None => true,
        }
    }

    /// Whether `value` is available at `user` (MLIR's `properlyDominates(Value, Operation*)`).
    pub fn value_dominates(&mut self, ctx: &Context, ir: &Ir, value: Value, user: OpId) -> bool {
        let (def_block, def_op) = match ir.value_def(value) {
            ValueDef::Result { op, .. } => match ir.op_block(op) {
                Some(b) => (b, Some(op)),
                None => return false,
            },
            ValueDef::BlockArgument { block, .. } => (block, None),
        };
        let Some(region) = ir.block_region(def_block) else {
            return false;
        };
        // The ancestor of `user` that lives in the value's region.
        let mut anchor = user;
        loop {
            let Some(block) = ir.op_block(anchor) else {
                return false;
            };
            if ir.block_region(block) == Some(region) {
                break;
            }
            match ir.block_parent_op(block) {
                Some(parent) => anchor = parent,
                None => return false,
            }
        }
        let anchor_block = ir.op_block(anchor).unwrap();
        if let Some(def_op) = def_op {
            if def_op == user {
                // An op using its own result: only in a graph region.
                return !Self::has_ssa_dominance(ctx, ir, region);
            }
            if def_op == anchor {
                // A value used inside its own op's regions does not dominate it.
                return false;
            }
        }
        // A definition earlier in the same block dominates in any region;
        // the region's kind matters only when order or blocks disagree.
        if anchor_block == def_block {
            let in_order = match def_op {
                Some(def_op) => ir.is_before_in_block(def_op, anchor),
                None => true,
            };
            return in_order || !Self::has_ssa_dominance(ctx, ir, region);
        }
        if !Self::has_ssa_dominance(ctx, ir, region) {
            return true;
        }
        self.region(ir, region).dominates(def_block, anchor_block)
    }
}
