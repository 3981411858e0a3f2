//! `cse` (MLIR's `CSE`): replaces an op by an equivalent one that dominates
//! it. Two ops are equivalent (MLIR's `OperationEquivalence::isEquivalentTo`)
//! when they have the same name, attributes, properties, result types and
//! operands (for a commutative op, the same operands in any order), and
//! their regions are equivalent: the same number of blocks, with arguments
//! of the same types, holding pairwise equivalent ops whose operands are
//! the same values or values already matched (arguments, results, in
//! order; nested ops compare their operands in order, commutative or not).
//! An op is replaced when it has no memory effect (looking inside its
//! regions), or when it declares only reads (`MemoryEffects`) and nothing
//! that may write sits between it and its match in the same block; an op
//! with a region of more than one block is never replaced (as in MLIR 22,
//! which no longer requires `IsolatedFromAbove`).
//!
//! The walk follows MLIR's: regions nest scopes of known ops (an
//! isolated-from-above op starts an empty table), a single-block region is
//! one scope, the blocks of a multi-block SSACFG region are visited in
//! reverse post-order and a candidate must be in a dominating block;
//! multi-block graph regions are skipped. In a graph region a use may
//! precede its definition: only the uses in ops not yet visited are
//! replaced, and the op stays while others use it. An op's regions are simplified
//! before the op itself, so two loops compare with their bodies already
//! simplified (the duplicates inside still in place until the end, as in
//! MLIR). Terminators are kept; trivially dead ops are erased on the way.
//!
//! Known ops sit in a hash table keyed by a structural hash (which leaves
//! out regions), with an undo log per scope; nothing is allocated per op
//! without regions in the common case.

use rustc_hash::{FxHashMap, FxHasher};
use smallvec::SmallVec;
use std::hash::{Hash, Hasher};
use strata_ir::dominance::{DominanceInfo, RegionDominators};
use strata_ir::interfaces::{
    is_memory_effect_free, is_op_trivially_dead, only_reads, op_effects, Effect, MemoryEffects,
};
use strata_ir::pass::{Pass, PassContext, PassResult};
use strata_ir::{BlockId, Context, Ir, OpId, OpTraits, RegionId, Value};

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

    /// Whether an op equivalent to `op` is in the table (MLIR's
    /// `knownValues.count(op)`).
    fn is_known(&self, ir: &Ir, op: OpId) -> bool {
        self.table
            .get(&op_hash(self.ctx, ir, op))
            .is_some_and(|bucket| bucket.iter().any(|&c| equivalent(self.ctx, ir, c, op)))
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

    fn simplify_op(&mut self, ir: &mut Ir, op: OpId, ssa: bool, doms: Option<&RegionDominators>) {
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
        if ir
            .regions(op)
            .iter()
            .any(|&r| ir.region_blocks(r).len() > 1)
        {
            return;
        }
        let reads_only = if is_memory_effect_free(ctx, ir, op) {
            false
        } else if declares_only_reads(ctx, ir, op) {
            true
        } else {
            return;
        };
        let hash = op_hash(ctx, ir, op);
        let mut existing = None;
        if let Some(bucket) = self.table.get(&hash) {
            for &candidate in bucket.iter().rev() {
                if !equivalent(ctx, ir, candidate, op) {
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
                    if ssa {
                        ir.replace_all_uses_with(from, to);
                    } else {
                        // A graph region: a use may come before the op, in an
                        // op already in the table (and maybe matched by
                        // others); only the uses in ops not visited yet change.
                        ir.replace_uses_where(from, to, |ir, u| !self.is_known(ir, u.op));
                    }
                }
                if ir.use_empty(op) {
                    self.to_erase.push(op);
                }
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

fn is_commutative(ctx: &Context, ir: &Ir, op: OpId) -> bool {
    ctx.op_definition(ir.op_name(op))
        .is_some_and(|d| d.has_trait(OpTraits::COMMUTATIVE))
}

/// MLIR's `OperationEquivalence::computeHash` without locations or
/// results: name, properties, attributes, result types and operands (in
/// any order for a commutative op); regions are left to [`equivalent`].
fn op_hash(ctx: &Context, ir: &Ir, op: OpId) -> u64 {
    let mut h = FxHasher::default();
    ir.op_name(op).hash(&mut h);
    ir.properties(op).hash(&mut h);
    ir.attributes(op).hash(&mut h);
    if is_commutative(ctx, ir, op) {
        let operands = ir.operands(op).map(|v| {
            let mut vh = FxHasher::default();
            v.hash(&mut vh);
            vh.finish()
        });
        operands.fold(0u64, u64::wrapping_add).hash(&mut h);
    } else {
        for v in ir.operands(op) {
            v.hash(&mut h);
        }
    }
    for v in ir.results(op) {
        ir.value_type(v).hash(&mut h);
    }
    h.finish()
}

/// Whether `a` and `b` compute the same thing (MLIR's
/// `OperationEquivalence::isEquivalentTo` as CSE calls it).
fn equivalent(ctx: &Context, ir: &Ir, a: OpId, b: OpId) -> bool {
    let mut matched = FxHashMap::default();
    same_op(ctx, ir, a, b, &mut matched, true)
}

/// `a` and `b` match with the values matched so far (`matched`, from `a`'s
/// side to `b`'s); their results and nested values are matched on the way.
/// `top` allows commutative operands in any order: only the ops CSE
/// compares directly get that, not the ops nested in their regions.
fn same_op(
    ctx: &Context,
    ir: &Ir,
    a: OpId,
    b: OpId,
    matched: &mut FxHashMap<Value, Value>,
    top: bool,
) -> bool {
    if a == b {
        return true;
    }
    if ir.op_name(a) != ir.op_name(b)
        || ir.attributes(a) != ir.attributes(b)
        || ir.properties(a) != ir.properties(b)
        || ir.regions(a).len() != ir.regions(b).len()
        || ir.successors(a).len() != ir.successors(b).len()
        || ir.num_operands(a) != ir.num_operands(b)
        || ir.num_results(a) != ir.num_results(b)
    {
        return false;
    }
    let same_value = |x: Value, y: Value, matched: &FxHashMap<Value, Value>| {
        x == y || (ir.value_type(x) == ir.value_type(y) && matched.get(&x) == Some(&y))
    };
    if top && is_commutative(ctx, ir, a) {
        // In order as far as they match, then the rest as multisets.
        let (xs, ys): (SmallVec<[Value; 4]>, SmallVec<[Value; 4]>) =
            (ir.operands(a).collect(), ir.operands(b).collect());
        let prefix = xs
            .iter()
            .zip(&ys)
            .take_while(|(&x, &y)| same_value(x, y, matched))
            .count();
        let (mut xs, mut ys) = (xs[prefix..].to_vec(), ys[prefix..].to_vec());
        xs.sort_unstable();
        ys.sort_unstable();
        if xs != ys {
            return false;
        }
    } else if !ir
        .operands(a)
        .zip(ir.operands(b))
        .all(|(x, y)| same_value(x, y, matched))
    {
        return false;
    }
    for (x, y) in ir.results(a).zip(ir.results(b)) {
        if ir.value_type(x) != ir.value_type(y) {
            return false;
        }
        matched.insert(x, y);
    }
    ir.regions(a)
        .iter()
        .zip(ir.regions(b))
        .all(|(&ra, &rb)| same_region(ctx, ir, ra, rb, matched))
}

/// MLIR's `isRegionEquivalentTo`: blocks pairwise, arguments of the same
/// types matched, ops pairwise, successors consistently mapped.
fn same_region(
    ctx: &Context,
    ir: &Ir,
    ra: RegionId,
    rb: RegionId,
    matched: &mut FxHashMap<Value, Value>,
) -> bool {
    let (blocks_a, blocks_b) = (ir.region_blocks(ra), ir.region_blocks(rb));
    if blocks_a.len() != blocks_b.len() {
        return false;
    }
    let mut block_map: FxHashMap<BlockId, BlockId> = FxHashMap::default();
    let mut map_block = |x: BlockId, y: BlockId| *block_map.entry(x).or_insert(y) == y;
    for (&ba, &bb) in blocks_a.iter().zip(blocks_b) {
        let (args_a, args_b) = (ir.block_args(ba), ir.block_args(bb));
        if args_a.len() != args_b.len() || !map_block(ba, bb) {
            return false;
        }
        for (&x, &y) in args_a.iter().zip(args_b) {
            if ir.value_type(x) != ir.value_type(y) {
                return false;
            }
            matched.insert(x, y);
        }
        let (mut ops_a, mut ops_b) = (ir.block_ops(ba), ir.block_ops(bb));
        loop {
            match (ops_a.next(), ops_b.next()) {
                (None, None) => break,
                (Some(x), Some(y)) => {
                    if !same_op(ctx, ir, x, y, matched, false) {
                        return false;
                    }
                    let succs = ir.successors(x).iter().zip(ir.successors(y));
                    if !succs.into_iter().all(|(&sx, &sy)| map_block(sx, sy)) {
                        return false;
                    }
                }
                _ => return false,
            }
        }
    }
    true
}

/// An op CSE may treat as a read (MLIR's `MemoryEffectOpInterface` with
/// only `Read` effects): it declares its effects itself, so an op whose
/// effects are only those of the ops in its regions does not qualify.
fn declares_only_reads(ctx: &Context, ir: &Ir, op: OpId) -> bool {
    let declared = ctx
        .op_definition(ir.op_name(op))
        .and_then(|d| d.interface::<dyn MemoryEffects>().cloned());
    declared.is_some() && only_reads(ctx, ir, op)
}

/// Whether `op` may write, as MLIR's CSE sees it between two reads
/// (`getEffectsRecursively`): it or an op nested in it (for ops with
/// recursive effects) writes, or has effects nobody declared (neither pure,
/// nor `MemoryEffects`, nor recursive). A loop whose body only reads is not
/// a writer; one whose body stores is.
fn may_write(ctx: &Context, ir: &Ir, op: OpId) -> bool {
    let Some(def) = ctx.op_definition(ir.op_name(op)) else {
        return true;
    };
    let recursive = def.has_trait(OpTraits::RECURSIVE_MEMORY_EFFECTS);
    if def.has_trait(OpTraits::PURE) {
        // No effect of its own.
    } else if def.interface::<dyn MemoryEffects>().is_some() {
        let writes = op_effects(ctx, ir, op)
            .is_none_or(|effects| effects.iter().any(|e| e.effect == Effect::Write));
        if writes {
            return true;
        }
    } else if !recursive {
        return true;
    }
    recursive
        && ir.regions(op).iter().any(|&r| {
            ir.region_blocks(r)
                .iter()
                .any(|&b| ir.block_ops(b).any(|nested| may_write(ctx, ir, nested)))
        })
}

/// Whether an op strictly between `from` and `to` (same block) may write.
fn writes_between(ctx: &Context, ir: &Ir, from: OpId, to: OpId) -> bool {
    let mut cursor = ir.next_op(from);
    while let Some(op) = cursor {
        if op == to {
            return false;
        }
        if may_write(ctx, ir, op) {
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
