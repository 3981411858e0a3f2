//! `sccp` (MLIR's `SCCP`): sparse conditional constant propagation.
//!
//! A value is unknown (not yet reached), a constant, or overdefined. Blocks
//! become executable from their region's entry along the successors a
//! terminator may take given what is known of its operands
//! (`BranchOpInterface::successor_for_operands`). Ops implementing
//! `RegionBranchOpInterface` (`scf.if`, `scf.for`, `scf.while`,
//! `scf.index_switch`, `affine.for`, `affine.if`, ...) are followed as
//! MLIR's dataflow framework follows them: once every operand is known,
//! control enters the successors the op names for its constant operands,
//! and each region terminator leaves for the successors the op names for
//! the terminator's constant operands (a known `scf.condition`, an
//! `affine.for` whose constant bounds give it one iteration). Along each
//! edge the successor inputs (iteration arguments, results) join the
//! forwarded values, so a loop-carried value is a constant when the entry
//! and every back edge give the same one; the other entry arguments
//! (induction variables) are overdefined, as MLIR's default
//! `visitNonControlFlowArguments` leaves them. Ops are evaluated with their
//! fold hooks on constant operands (an in-place fold is undone and counts
//! as overdefined, as in MLIR). Entry arguments of other regions and
//! results of other region-holding ops are overdefined (intraprocedural,
//! unlike MLIR's, which also follows calls to private functions).
//!
//! Then, as MLIR's rewrite: every value known to be constant is replaced by
//! a constant materialized by its dialect at the start of its insertion
//! region (one per dialect, value and type, even for a value with no uses),
//! and ops whose results were all replaced and that are trivially dead are
//! erased. Unreachable blocks are left to `canonicalize`.

use rustc_hash::{FxHashMap, FxHashSet};
use smallvec::SmallVec;
use strata_ir::fold::{fold_op, FoldOutcome, OpFoldResult};
use strata_ir::interfaces::{
    interface, would_op_be_trivially_dead, BranchOpInterface, RegionBranchOpInterface,
    RegionSuccessor,
};
use strata_ir::pass::{Pass, PassContext, PassResult};
use strata_ir::{
    Attribute, BlockId, Context, InsertPoint, Ir, OpId, OpName, OpTraits, RegionId, StrId, Type,
    Value,
};

#[derive(Clone, Default)]
pub struct Sccp;

impl Pass for Sccp {
    fn name(&self) -> &str {
        "SCCP"
    }
    fn argument(&self) -> &str {
        "sccp"
    }
    fn description(&self) -> &str {
        "Sparse Conditional Constant Propagation"
    }
    fn run_on_operation(&mut self, pc: &mut PassContext) -> PassResult {
        let replaced = sccp(pc.ctx, pc.ir, pc.op);
        pc.add_statistic(
            "num-replaced",
            "Number of values replaced by constants",
            replaced,
        );
        if replaced == 0 {
            pc.mark_all_analyses_preserved();
        }
        Ok(())
    }
}

#[derive(Copy, Clone, PartialEq, Eq, Debug)]
enum Lattice {
    Unknown,
    /// The constant and the op that produced it (its dialect materializes it).
    Const(Attribute, OpName),
    Over,
}

struct Solver<'c> {
    ctx: &'c Context,
    values: FxHashMap<Value, Lattice>,
    executable: FxHashSet<BlockId>,
    block_worklist: Vec<BlockId>,
    op_worklist: Vec<OpId>,
}

impl Solver<'_> {
    fn get(&self, v: Value) -> Lattice {
        self.values.get(&v).copied().unwrap_or(Lattice::Unknown)
    }

    fn join(&mut self, ir: &Ir, v: Value, new: Lattice) {
        let old = self.get(v);
        let joined = match (old, new) {
            (Lattice::Unknown, x) | (x, Lattice::Unknown) => x,
            (Lattice::Const(a, n), Lattice::Const(b, _)) if a == b => Lattice::Const(a, n),
            _ => Lattice::Over,
        };
        if joined != old {
            self.values.insert(v, joined);
            for user in ir.users(v) {
                self.op_worklist.push(user);
            }
        }
    }

    fn mark_executable(&mut self, ir: &Ir, block: BlockId) -> bool {
        let _ = ir;
        if self.executable.insert(block) {
            self.block_worklist.push(block);
            true
        } else {
            false
        }
    }

    fn enter_region_overdefined(&mut self, ir: &Ir, region: RegionId) {
        if let Some(entry) = ir.entry_block(region) {
            for &arg in ir.block_args(entry) {
                self.join(ir, arg, Lattice::Over);
            }
            self.mark_executable(ir, entry);
        }
    }

    fn operand_constants(&self, ir: &Ir, op: OpId) -> Option<SmallVec<[Option<Attribute>; 4]>> {
        let mut out = SmallVec::new();
        for v in ir.operands(op) {
            match self.get(v) {
                Lattice::Unknown => return None,
                Lattice::Const(a, _) => out.push(Some(a)),
                Lattice::Over => out.push(None),
            }
        }
        Some(out)
    }

    fn visit_op(&mut self, ir: &mut Ir, op: OpId) {
        let ctx = self.ctx;
        let Some(block) = ir.op_block(op) else {
            return;
        };
        if !self.executable.contains(&block) {
            return;
        }
        let def = ctx.op_definition(ir.op_name(op));
        if !ir.regions(op).is_empty() {
            self.visit_region_op(ir, op);
            return;
        }
        if !ir.successors(op).is_empty() {
            self.visit_terminator(ir, op);
            return;
        }
        if def.is_some_and(|d| d.has_trait(OpTraits::TERMINATOR)) {
            self.visit_region_terminator(ir, op);
            return;
        }
        if ir.num_results(op) == 0 {
            return;
        }
        let Some(constants) = self.operand_constants(ir, op) else {
            return;
        };
        let name = ir.op_name(op);
        if let Some(value) = strata_ir::fold::constant_value(ctx, ir, op) {
            let r = ir.result(op, 0);
            self.join(ir, r, Lattice::Const(value, name));
            return;
        }
        // Fold on a snapshot: an in-place fold is undone (the operands
        // seen here may not be the run-time ones).
        let saved_operands: SmallVec<[Value; 4]> = ir.operands(op).collect();
        let (props, attrs) = (ir.properties(op), ir.attributes(op));
        let outcome = fold_op(ctx, ir, op, &constants);
        let results: SmallVec<[Value; 4]> = ir.results(op).collect();
        match outcome {
            FoldOutcome::Results(folded) if folded.len() == results.len() => {
                for (r, f) in results.into_iter().zip(folded) {
                    let l = match f {
                        OpFoldResult::Attribute(a) => Lattice::Const(a, name),
                        OpFoldResult::Value(v) => self.get(v),
                    };
                    if l != Lattice::Unknown {
                        self.join(ir, r, l);
                    }
                }
            }
            FoldOutcome::InPlace => {
                ir.set_operands(op, &saved_operands);
                ir.set_properties(op, props);
                ir.set_attributes(op, attrs);
                for r in results {
                    self.join(ir, r, Lattice::Over);
                }
            }
            _ => {
                for r in results {
                    self.join(ir, r, Lattice::Over);
                }
            }
        }
    }

    fn visit_terminator(&mut self, ir: &Ir, op: OpId) {
        let ctx = self.ctx;
        let succs: SmallVec<[BlockId; 2]> = ir.successors(op).iter().copied().collect();
        if succs.is_empty() {
            return;
        }
        match interface::<dyn BranchOpInterface>(ctx, ir, op).cloned() {
            Some(branch) => {
                let Some(constants) = self.operand_constants(ir, op) else {
                    return;
                };
                let taken: SmallVec<[usize; 2]> =
                    match branch.successor_for_operands(ctx, ir, op, &constants) {
                        Some(target) => succs
                            .iter()
                            .position(|&s| s == target)
                            .into_iter()
                            .collect(),
                        None => (0..succs.len()).collect(),
                    };
                // Every successor's operands at once: asking per successor
                // is quadratic in the cases of a cf.switch.
                let ranges = branch.all_successor_operands(ctx, ir, op);
                for index in taken {
                    let block = succs[index];
                    let (start, len) = ranges[index];
                    let args: SmallVec<[Value; 4]> = ir.block_args(block).iter().copied().collect();
                    for (i, &arg) in args.iter().enumerate() {
                        let l = if i < len {
                            self.get(ir.operand(op, start + i))
                        } else {
                            Lattice::Over
                        };
                        self.join(ir, arg, l);
                    }
                    self.mark_executable(ir, block);
                }
            }
            None => {
                for block in succs {
                    for &arg in ir.block_args(block) {
                        self.join(ir, arg, Lattice::Over);
                    }
                    self.mark_executable(ir, block);
                }
            }
        }
    }

    fn visit_region_op(&mut self, ir: &Ir, op: OpId) {
        let ctx = self.ctx;
        let Some(branch) = interface::<dyn RegionBranchOpInterface>(ctx, ir, op).cloned() else {
            for &region in ir.regions(op) {
                self.enter_region_overdefined(ir, region);
            }
            let results: SmallVec<[Value; 4]> = ir.results(op).collect();
            for r in results {
                self.join(ir, r, Lattice::Over);
            }
            return;
        };
        // As MLIR's dead code analysis: no successor is taken before every
        // operand is known.
        let Some(constants) = self.operand_constants(ir, op) else {
            return;
        };
        for to in branch.successors(ctx, ir, op, None, &constants) {
            let forwarded = branch.entry_operands(ctx, ir, op, to);
            self.flow(ir, &*branch, op, to, &forwarded);
        }
    }

    /// A terminator without successors ending a region of a
    /// `RegionBranchOpInterface` op (MLIR's
    /// `RegionBranchTerminatorOpInterface`): control goes where the parent
    /// says, given the terminator's constant operands, carrying what the
    /// terminator forwards.
    fn visit_region_terminator(&mut self, ir: &Ir, op: OpId) {
        let ctx = self.ctx;
        let Some(parent) = ir.parent_op(op) else {
            return;
        };
        let Some(branch) = interface::<dyn RegionBranchOpInterface>(ctx, ir, parent).cloned()
        else {
            return;
        };
        let Some(from) = ir
            .op_block(op)
            .and_then(|b| ir.block_region(b))
            .and_then(|r| ir.regions(parent).iter().position(|&p| p == r))
        else {
            return;
        };
        let Some(constants) = self.operand_constants(ir, op) else {
            return;
        };
        for to in branch.successors(ctx, ir, parent, Some(from), &constants) {
            let forwarded = branch.terminator_operands(ctx, ir, parent, op, to);
            self.flow(ir, &*branch, parent, to, &forwarded);
        }
    }

    /// Control enters `to` of `op` carrying `forwarded` (MLIR's
    /// `visitRegionSuccessors`): the successor inputs join the forwarded
    /// values; the other entry arguments (an induction variable) and
    /// results are overdefined (MLIR's `visitNonControlFlowArguments`,
    /// which SCCP leaves at its entry state); a region's entry block
    /// becomes executable.
    fn flow(
        &mut self,
        ir: &Ir,
        branch: &dyn RegionBranchOpInterface,
        op: OpId,
        to: RegionSuccessor,
        forwarded: &[Value],
    ) {
        let inputs = branch.successor_inputs(self.ctx, ir, op, to);
        let (targets, entry): (SmallVec<[Value; 4]>, _) = match to {
            RegionSuccessor::Region(i) => {
                let Some(entry) = ir.regions(op).get(i).and_then(|&r| ir.entry_block(r)) else {
                    return;
                };
                (ir.block_args(entry).iter().copied().collect(), Some(entry))
            }
            RegionSuccessor::Parent => (ir.results(op).collect(), None),
        };
        let consistent = inputs.len() == forwarded.len();
        for target in targets {
            let l = match inputs.iter().position(|&v| v == target) {
                Some(k) if consistent => self.get(forwarded[k]),
                _ => Lattice::Over,
            };
            self.join(ir, target, l);
        }
        if let Some(entry) = entry {
            self.mark_executable(ir, entry);
        }
    }
}

/// Runs SCCP on the regions of `root`; returns how many values were replaced.
pub fn sccp(ctx: &Context, ir: &mut Ir, root: OpId) -> u64 {
    let mut solver = Solver {
        ctx,
        values: FxHashMap::default(),
        executable: FxHashSet::default(),
        block_worklist: Vec::new(),
        op_worklist: Vec::new(),
    };
    for &region in ir.regions(root).to_vec().iter() {
        solver.enter_region_overdefined(ir, region);
    }
    loop {
        if let Some(block) = solver.block_worklist.pop() {
            let ops: Vec<OpId> = ir.block_ops(block).collect();
            for op in ops {
                solver.visit_op(ir, op);
            }
        } else if let Some(op) = solver.op_worklist.pop() {
            if ir.is_alive(op) {
                solver.visit_op(ir, op);
            }
        } else {
            break;
        }
    }
    rewrite(ctx, ir, root, &solver.values)
}

/// Materialized constants are shared per insertion region, dialect, value
/// and type (MLIR's `OperationFolder`).
type ConstKey = (RegionId, StrId, Attribute, Type);

fn rewrite(ctx: &Context, ir: &mut Ir, root: OpId, lattice: &FxHashMap<Value, Lattice>) -> u64 {
    let mut constants: FxHashMap<ConstKey, Value> = FxHashMap::default();
    let mut replaced = 0;
    let mut blocks: Vec<BlockId> = ir
        .regions(root)
        .iter()
        .flat_map(|&r| ir.region_blocks(r).to_vec())
        .collect();
    while let Some(block) = blocks.pop() {
        let mut cursor = ir.first_op(block);
        while let Some(op) = cursor {
            cursor = ir.next_op(op);
            let mut replaced_all = ir.num_results(op) != 0;
            let results: SmallVec<[Value; 4]> = ir.results(op).collect();
            for r in results {
                let ok = replace_with_constant(ctx, ir, block, r, lattice, &mut constants);
                replaced += ok as u64;
                replaced_all &= ok;
            }
            if replaced_all && would_op_be_trivially_dead(ctx, ir, op) {
                let _ = ir.erase_op(op);
                continue;
            }
            for &region in ir.regions(op) {
                blocks.extend_from_slice(ir.region_blocks(region));
            }
        }
        let args: SmallVec<[Value; 4]> = ir.block_args(block).iter().copied().collect();
        for arg in args {
            replaced += replace_with_constant(ctx, ir, block, arg, lattice, &mut constants) as u64;
        }
    }
    replaced
}

/// The region constants for `block` go to (MLIR's insertion region).
fn insertion_region(ctx: &Context, ir: &Ir, mut block: BlockId) -> Option<RegionId> {
    loop {
        let region = ir.block_region(block)?;
        let parent = ir.region_op(region)?;
        let isolated = ctx
            .op_definition(ir.op_name(parent))
            .is_none_or(|d| d.has_trait(OpTraits::ISOLATED_FROM_ABOVE));
        match ir.op_block(parent) {
            Some(b) if !isolated => block = b,
            _ => return Some(region),
        }
    }
}

fn replace_with_constant(
    ctx: &Context,
    ir: &mut Ir,
    block: BlockId,
    value: Value,
    lattice: &FxHashMap<Value, Lattice>,
    constants: &mut FxHashMap<ConstKey, Value>,
) -> bool {
    let Some(&Lattice::Const(attr, producer)) = lattice.get(&value) else {
        return false;
    };
    let Some(region) = insertion_region(ctx, ir, block) else {
        return false;
    };
    let ty = ir.value_type(value);
    let dialect_name = ctx.op_dialect_prefix(producer);
    let key = (region, ctx.intern_str(dialect_name), attr, ty);
    let constant = match constants.get(&key) {
        Some(&c) => c,
        None => {
            let Some(dialect) = ctx.dialect(dialect_name) else {
                return false;
            };
            let Some(entry) = ir.entry_block(region) else {
                return false;
            };
            let loc = ctx.unknown_loc();
            let Some(op) = dialect.materialize_constant(
                ctx,
                ir,
                attr,
                ty,
                loc,
                InsertPoint::BlockStart(entry),
            ) else {
                return false;
            };
            // A constant materialized in another dialect (memref's and
            // tensor's folds make arith.constants) is shared with that
            // dialect's own (MLIR's `OperationFolder::tryGetOrCreateConstant`).
            let made_by = ctx.intern_str(ctx.op_dialect_prefix(ir.op_name(op)));
            let made_key = (region, made_by, attr, ty);
            let c = match constants.get(&made_key) {
                Some(&existing) if made_key != key => {
                    let _ = ir.erase_op(op);
                    existing
                }
                _ => {
                    let c = ir.result(op, 0);
                    constants.insert(made_key, c);
                    c
                }
            };
            constants.insert(key, c);
            c
        }
    };
    if constant != value {
        ir.replace_all_uses_with(value, constant);
    }
    true
}
