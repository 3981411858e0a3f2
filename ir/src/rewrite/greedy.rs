//! The greedy pattern driver (MLIR's `applyPatternsGreedily`).
//!
//! Each iteration starts by walking the regions: constants already in the
//! IR are de-duplicated and hoisted to the entry block of their insertion
//! region (the nearest region of an isolated-from-above, top-level or
//! unregistered op), and every op is put on a worklist (post-order for
//! bottom-up, pre-order reversed for top-down; the worklist pops from the
//! back, so both come out in the intended order). Then, until the worklist
//! is empty, an op is popped and:
//!
//! 1. erased when it is trivially dead;
//! 2. folded (unless it is a constant): attribute results are materialized
//!    as constants by the op's dialect, right before the op; the next
//!    iteration de-duplicates and hoists them;
//! 3. otherwise matched against the patterns for its name, best benefit
//!    first; the first success wins.
//!
//! Every change goes through the [`PatternRewriter`], whose listener (the
//! driver) re-queues what may now simplify: created and modified ops and
//! their ancestors up to the scope, users of replaced values (they are
//! notified as modified), and the defining ops of an erased op's operands
//! when they are left with at most one user. Erased ops leave the worklist.
//!
//! The loop repeats while an iteration changed something, up to
//! `max_iterations` (MLIR's default 10); not reaching a fixed point is
//! reported in [`GreedyStats::converged`].
//!
//! Region simplification at `Normal` erases blocks unreachable from their
//! region's entry and runs region DCE (dead ops and dead block arguments,
//! region_dce.rs), as MLIR's does. MLIR's Aggressive level also merges
//! identical blocks; Strata does not yet.
//!
//! Hot-loop discipline: the worklist is a vector plus a hashed position
//! index by op handle (hashed, not a vector as long as the op arena: the
//! driver runs once per function or callable, and a dense index would cost
//! the whole module's size each time), pattern lists are precomputed per op
//! name, and operand constants go to a small inline buffer: no allocation
//! per op.

use super::pattern::{FrozenPatternSet, PatternRewriter, RewriteListener};
use crate::attributes::Attribute;
use crate::context::{Context, OpName};
use crate::fold::{constant_value, fold_op, has_folder, FoldOutcome, OpFoldResult};
use crate::interfaces::is_op_trivially_dead;
use crate::ir::{BlockId, InsertPoint, Ir, OpId, RegionId, Value};
use crate::opdef::OpTraits;
use crate::types::Type;
use rustc_hash::FxHashMap;
use smallvec::SmallVec;

crate::option_enum! {
    /// How much CFG cleanup runs after each iteration (MLIR's
    /// `GreedySimplifyRegionLevel`), also canonicalize's `region-simplify`.
    #[derive(Default)]
    pub enum RegionSimplifyLevel {
        Disabled = "disabled": "don't run any control-flow simplification",
        #[default]
        Normal = "normal": "simple control-flow simplifications (e.g. dead args elimination)",
        Aggressive = "aggressive": "aggressive control-flow simplification (e.g. block merging)",
    }
}

/// Configuration of [`apply_patterns_greedily`] (MLIR's `GreedyRewriteConfig`).
#[derive(Clone, Debug)]
pub struct GreedyRewriteConfig {
    /// Process ops parents-first in program order (false: bottom-up).
    pub top_down: bool,
    /// Iterations over the whole region before giving up; `None`: no limit.
    pub max_iterations: Option<u32>,
    /// Pattern applications per iteration before giving up; `None`: no limit.
    pub max_num_rewrites: Option<u64>,
    pub region_simplify: RegionSimplifyLevel,
    pub enable_folding: bool,
    /// De-duplicate and hoist constants at the start of each iteration.
    pub cse_constants: bool,
}

/// MLIR's default iteration limit.
pub const DEFAULT_MAX_ITERATIONS: u32 = 10;

impl Default for GreedyRewriteConfig {
    fn default() -> Self {
        Self {
            top_down: false,
            max_iterations: Some(DEFAULT_MAX_ITERATIONS),
            max_num_rewrites: None,
            region_simplify: RegionSimplifyLevel::Normal,
            enable_folding: true,
            cse_constants: true,
        }
    }
}

/// What a greedy run did.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GreedyStats {
    /// A fixed point was reached within the limits.
    pub converged: bool,
    /// The IR changed.
    pub changed: bool,
    pub iterations: u32,
    pub patterns_applied: u64,
    pub folds: u64,
    pub dead_ops_erased: u64,
    pub constants_deduplicated: u64,
}

/// A LIFO worklist with O(1) membership and removal (MLIR's `Worklist`).
#[derive(Default)]
pub struct Worklist {
    list: Vec<Option<OpId>>,
    position: FxHashMap<OpId, u32>,
}

impl Worklist {
    pub fn clear(&mut self) {
        self.list.clear();
        self.position.clear();
    }
    /// Adds `op` unless already present.
    #[inline]
    pub fn push(&mut self, op: OpId) {
        let next = self.list.len() as u32;
        if let std::collections::hash_map::Entry::Vacant(slot) = self.position.entry(op) {
            slot.insert(next);
            self.list.push(Some(op));
        }
    }
    #[inline]
    pub fn pop(&mut self) -> Option<OpId> {
        while let Some(entry) = self.list.pop() {
            if let Some(op) = entry {
                self.position.remove(&op);
                return Some(op);
            }
        }
        None
    }
    #[inline]
    pub fn remove(&mut self, op: OpId) {
        if let Some(pos) = self.position.remove(&op) {
            self.list[pos as usize] = None;
        }
    }
    pub fn reverse(&mut self) {
        self.list.reverse();
        for (i, entry) in self.list.iter().enumerate() {
            if let Some(op) = entry {
                self.position.insert(*op, i as u32);
            }
        }
    }
    pub fn is_empty(&self) -> bool {
        self.list.iter().all(Option::is_none)
    }
}

/// The driver's listener: keeps the worklist in sync with the IR.
struct DriverListener<'l> {
    worklist: Worklist,
    /// Ops whose regions are being simplified: ancestors stop below them.
    scope: OpId,
    user: Option<&'l mut dyn RewriteListener>,
}

impl DriverListener<'_> {
    /// Queues `op` and its ancestors up to the scope (MLIR's `addToWorklist`).
    fn add_to_worklist(&mut self, ir: &Ir, op: OpId) {
        let mut ancestors: SmallVec<[OpId; 8]> = SmallVec::new();
        let mut current = op;
        loop {
            ancestors.push(current);
            match ir.parent_op(current) {
                Some(parent) if parent == self.scope => break,
                Some(parent) => current = parent,
                None => return,
            }
        }
        for op in ancestors {
            self.worklist.push(op);
        }
    }

    fn add_operands_to_worklist(&mut self, ir: &Ir, op: OpId) {
        for operand in ir.operands(op) {
            let Some(def) = ir.defining_op(operand) else {
                continue;
            };
            let mut other: Option<OpId> = None;
            let mut more_than_two = false;
            for user in ir.users(operand) {
                if user == op || Some(user) == other {
                    continue;
                }
                if other.is_none() {
                    other = Some(user);
                    continue;
                }
                more_than_two = true;
                break;
            }
            if !more_than_two {
                self.add_to_worklist(ir, def);
            }
        }
    }
}

impl RewriteListener for DriverListener<'_> {
    fn notify_op_inserted(&mut self, ir: &Ir, op: OpId) {
        if let Some(u) = self.user.as_deref_mut() {
            u.notify_op_inserted(ir, op);
        }
        self.add_to_worklist(ir, op);
    }
    fn notify_block_inserted(&mut self, ir: &Ir, block: BlockId) {
        if let Some(u) = self.user.as_deref_mut() {
            u.notify_block_inserted(ir, block);
        }
    }
    fn notify_op_modified(&mut self, ir: &Ir, op: OpId) {
        if let Some(u) = self.user.as_deref_mut() {
            u.notify_op_modified(ir, op);
        }
        self.add_to_worklist(ir, op);
    }
    fn notify_op_replaced(&mut self, ir: &Ir, op: OpId, values: &[Value]) {
        if let Some(u) = self.user.as_deref_mut() {
            u.notify_op_replaced(ir, op, values);
        }
    }
    fn notify_op_erased(&mut self, ir: &Ir, op: OpId) {
        if let Some(u) = self.user.as_deref_mut() {
            u.notify_op_erased(ir, op);
        }
        self.add_operands_to_worklist(ir, op);
        self.worklist.remove(op);
    }
    fn notify_block_erased(&mut self, ir: &Ir, block: BlockId) {
        if let Some(u) = self.user.as_deref_mut() {
            u.notify_block_erased(ir, block);
        }
    }
    fn notify_match_failure(&mut self, op: OpId, reason: &dyn Fn() -> String) {
        if let Some(u) = self.user.as_deref_mut() {
            u.notify_match_failure(op, reason);
        }
    }
}

/// The region constants are hoisted into, for an op in `block` (MLIR's
/// `getInsertionRegion`).
fn insertion_region(ctx: &Context, ir: &Ir, mut block: BlockId) -> Option<RegionId> {
    loop {
        let region = ir.block_region(block)?;
        let parent = ir.region_op(region)?;
        let isolated_or_unknown = ctx
            .op_definition(ir.op_name(parent))
            .is_none_or(|d| d.has_trait(OpTraits::ISOLATED_FROM_ABOVE));
        let Some(parent_block) = ir.op_block(parent) else {
            return Some(region);
        };
        if isolated_or_unknown {
            return Some(region);
        }
        block = parent_block;
    }
}

/// Constant uniquing of one iteration (MLIR's `OperationFolder`, as the
/// driver uses it when populating the worklist).
#[derive(Default)]
struct ConstantUniquer {
    constants: FxHashMap<(RegionId, OpName, Attribute, Type), OpId>,
    /// Constants this uniquer placed or kept (MLIR's "folder-owned").
    owned: FxHashMap<OpId, ()>,
}

impl ConstantUniquer {
    /// Returns false when `op` was replaced by an earlier equal constant.
    fn insert_known_constant(
        &mut self,
        ctx: &Context,
        rewriter: &mut PatternRewriter,
        op: OpId,
        value: Attribute,
        stats: &mut GreedyStats,
    ) -> bool {
        let ir = rewriter.ir();
        let Some(block) = ir.op_block(op) else {
            return true;
        };
        let Some(region) = insertion_region(ctx, ir, block) else {
            return true;
        };
        let key = (
            region,
            ir.op_name(op),
            value,
            ir.value_type(ir.result(op, 0)),
        );
        if let Some(&existing) = self.constants.get(&key) {
            let replacement = rewriter.ir().result(existing, 0);
            rewriter.replace_op(op, &[replacement]);
            stats.constants_deduplicated += 1;
            stats.changed = true;
            return false;
        }
        let Some(entry) = ir.entry_block(region) else {
            return true;
        };
        let front = ir.first_op(entry);
        let prev_owned = ir.prev_op(op).is_some_and(|p| self.owned.contains_key(&p));
        if block != entry || (front != Some(op) && !prev_owned) {
            let front = front.expect("the entry block holds at least one op");
            let ir = rewriter.ir_mut_unnotified();
            ir.move_op(op, InsertPoint::Before(front));
            let unknown = ctx.unknown_loc();
            ir.set_op_loc(op, unknown);
        }
        self.constants.insert(key, op);
        self.owned.insert(op, ());
        true
    }
}

/// Applies `patterns` to the ops nested in `op`'s regions until nothing
/// changes (MLIR's `applyPatternsGreedily(op, ...)`). `listener`, if
/// given, also sees every change.
pub fn apply_patterns_greedily(
    ctx: &Context,
    ir: &mut Ir,
    op: OpId,
    patterns: &FrozenPatternSet,
    config: &GreedyRewriteConfig,
    listener: Option<&mut dyn RewriteListener>,
) -> GreedyStats {
    let mut stats = GreedyStats::default();
    let mut driver = DriverListener {
        worklist: Worklist::default(),
        scope: op,
        user: listener,
    };
    let mut operand_constants: SmallVec<[Option<Attribute>; 4]> = SmallVec::new();
    let mut continue_rewrites;
    loop {
        if config
            .max_iterations
            .is_some_and(|max| stats.iterations >= max)
        {
            stats.converged = false;
            return stats;
        }
        stats.iterations += 1;
        continue_rewrites = false;
        driver.worklist.clear();

        // Populate the worklist, uniquing constants on the way.
        let mut order: Vec<OpId> = Vec::new();
        for &region in ir.regions(op) {
            for &block in ir.region_blocks(region) {
                for inner in ir.block_ops(block) {
                    if config.top_down {
                        ir.walk_preorder(inner, &mut |o| order.push(o));
                    } else {
                        ir.walk_postorder(inner, &mut |o| order.push(o));
                    }
                }
            }
        }
        let mut uniquer = ConstantUniquer::default();
        for &candidate in &order {
            if !ir.is_alive(candidate) {
                continue;
            }
            if config.cse_constants {
                if let Some(value) = constant_value(ctx, ir, candidate) {
                    let mut rewriter = PatternRewriter::new(ctx, ir, &mut driver);
                    if !uniquer.insert_known_constant(
                        ctx,
                        &mut rewriter,
                        candidate,
                        value,
                        &mut stats,
                    ) {
                        continue;
                    }
                }
            }
            // Pushed directly: populating the worklist is not a change.
            driver.worklist.push(candidate);
        }
        if config.top_down {
            driver.worklist.reverse();
        }

        let mut rewrites_this_iteration = 0u64;
        while let Some(current) = driver.worklist.pop() {
            if config
                .max_num_rewrites
                .is_some_and(|max| rewrites_this_iteration >= max)
            {
                break;
            }
            if !ir.is_alive(current) {
                continue;
            }
            // 1. Dead ops.
            if is_op_trivially_dead(ctx, ir, current) {
                let mut rewriter = PatternRewriter::new(ctx, ir, &mut driver);
                rewriter.erase_op(current);
                stats.dead_ops_erased += 1;
                continue_rewrites = true;
                continue;
            }
            let name = ir.op_name(current);
            let def = ctx.op_definition(name);
            // 2. Folding.
            if config.enable_folding {
                if let Some(def) = def.filter(|d| !d.has_trait(OpTraits::CONSTANT_LIKE)) {
                    if has_folder(def) {
                        operand_constants.clear();
                        operand_constants.extend(
                            ir.operands(current).map(|v| {
                                ir.defining_op(v).and_then(|d| constant_value(ctx, ir, d))
                            }),
                        );
                        match fold_op(ctx, ir, current, &operand_constants) {
                            FoldOutcome::Failed => {}
                            FoldOutcome::InPlace => {
                                driver.notify_op_modified(ir, current);
                                stats.folds += 1;
                                continue_rewrites = true;
                                continue;
                            }
                            FoldOutcome::Results(results) => {
                                if materialize_and_replace(ctx, ir, &mut driver, current, &results)
                                {
                                    stats.folds += 1;
                                    continue_rewrites = true;
                                    continue;
                                }
                            }
                        }
                    }
                }
            }
            // 3. Patterns, best first.
            let mut rewriter = PatternRewriter::new(ctx, ir, &mut driver);
            for pattern in patterns.for_op(name) {
                rewriter.set_insertion_point(InsertPoint::Before(current));
                rewriter.set_loc(rewriter.ir().op_loc(current));
                if pattern.match_and_rewrite(current, &mut rewriter).is_ok() {
                    stats.patterns_applied += 1;
                    rewrites_this_iteration += 1;
                    continue_rewrites = true;
                    break;
                }
            }
        }

        if config.region_simplify != RegionSimplifyLevel::Disabled {
            let mut rewriter = PatternRewriter::new(ctx, ir, &mut driver);
            if erase_unreachable_blocks(&mut rewriter, op) {
                continue_rewrites = true;
            }
            if super::region_dce::run_region_dce(&mut rewriter, op) {
                continue_rewrites = true;
            }
        }
        if continue_rewrites {
            stats.changed = true;
        } else {
            stats.converged = true;
            return stats;
        }
    }
}

/// Materializes attribute results before `op` and replaces `op`; on a
/// failed materialization, undoes the constants made so far.
fn materialize_and_replace(
    ctx: &Context,
    ir: &mut Ir,
    driver: &mut DriverListener,
    op: OpId,
    results: &[OpFoldResult],
) -> bool {
    debug_assert_eq!(results.len(), ir.num_results(op), "fold result count");
    let mut replacements: SmallVec<[Value; 4]> = SmallVec::new();
    let mut created: SmallVec<[OpId; 4]> = SmallVec::new();
    let dialect = ctx.dialect(ctx.op_dialect_prefix(ir.op_name(op)));
    let loc = ir.op_loc(op);
    for (index, result) in results.iter().enumerate() {
        match *result {
            OpFoldResult::Value(v) => replacements.push(v),
            OpFoldResult::Attribute(attr) => {
                let ty = ir.value_type(ir.result(op, index));
                let constant = dialect.and_then(|d| {
                    d.materialize_constant(ctx, ir, attr, ty, loc, InsertPoint::Before(op))
                });
                match constant {
                    Some(c) => {
                        created.push(c);
                        replacements.push(ir.result(c, 0));
                    }
                    None => {
                        for c in created {
                            let _ = ir.erase_op(c);
                        }
                        return false;
                    }
                }
            }
        }
    }
    for &c in &created {
        driver.notify_op_inserted(ir, c);
    }
    let mut rewriter = PatternRewriter::new(ctx, ir, driver);
    rewriter.replace_op(op, &replacements);
    true
}

/// Erases the blocks of `op`'s regions (recursively) that cannot be
/// reached from their region's entry. Returns whether any was erased.
pub fn erase_unreachable_blocks(rewriter: &mut PatternRewriter, op: OpId) -> bool {
    let mut changed = false;
    let mut regions: Vec<RegionId> = rewriter.ir().regions(op).to_vec();
    while let Some(region) = regions.pop() {
        let blocks = rewriter.ir().region_blocks(region).to_vec();
        if blocks.len() > 1 {
            let ir = rewriter.ir();
            let mut reachable: FxHashMap<BlockId, ()> = FxHashMap::default();
            let mut stack = vec![blocks[0]];
            reachable.insert(blocks[0], ());
            while let Some(b) = stack.pop() {
                if let Some(t) = ir.last_op(b) {
                    for &s in ir.successors(t) {
                        if reachable.insert(s, ()).is_none() {
                            stack.push(s);
                        }
                    }
                }
            }
            let dead: Vec<BlockId> = blocks
                .iter()
                .copied()
                .filter(|b| !reachable.contains_key(b))
                .collect();
            if !dead.is_empty() {
                changed = true;
                // Values of dead blocks may be used by other dead blocks:
                // drop all their uses first.
                for &b in &dead {
                    let ops: Vec<OpId> = rewriter.ir().block_ops(b).collect();
                    for o in ops {
                        let ir = rewriter.ir_mut_unnotified();
                        let mut nested = Vec::new();
                        ir.walk_postorder(o, &mut |x| nested.push(x));
                        for x in nested {
                            ir.drop_operands(x);
                        }
                    }
                }
                for &b in &dead {
                    // Uses from outside dead blocks are impossible (dominance).
                    let values: Vec<Value> = {
                        let ir = rewriter.ir();
                        ir.block_ops(b).flat_map(|o| ir.results(o)).collect()
                    };
                    let still_used = values.iter().any(|&v| rewriter.ir().has_uses(v));
                    if still_used {
                        continue;
                    }
                    rewriter.erase_block(b);
                }
            }
        }
        let ir = rewriter.ir();
        for &b in ir.region_blocks(region) {
            for o in ir.block_ops(b) {
                regions.extend_from_slice(ir.regions(o));
            }
        }
    }
    changed
}
