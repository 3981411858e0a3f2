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
//! results of other region-holding ops are overdefined.
//!
//! Calls are followed as MLIR's dead code analysis follows them. A
//! callable symbol with a body inside the op the pass runs on is entered
//! only from its live call sites, when all of them are known: its entry
//! arguments join the arguments of those calls, and its body is not
//! executable while no live call reaches it. Its call sites are unknown
//! (arguments overdefined, body executable) when it is public, `nested`
//! in a table whose symbols may be named from outside, or named by an op
//! that is not a call. A call's results join what the callee's return-like
//! terminators return; they are overdefined when the callee is a
//! declaration, lies outside the op the pass runs on (`func.func(sccp)`),
//! cannot be resolved, or ends a block with a terminator that is not
//! return-like.
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
    interface, would_op_be_trivially_dead, BranchOpInterface, CallOpInterface, CallableOpInterface,
    RegionBranchOpInterface, RegionSuccessor,
};
use strata_ir::pass::{Pass, PassContext, PassResult};
use strata_ir::symbol_table::{
    is_symbol, is_symbol_table, visibility, walk_symbol_uses, SymbolTableCollection, Visibility,
};
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
        let replaced = sccp(pc.ctx, pc.ir, pc.op, pc.nested);
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

/// The ops control may come from (MLIR's `PredecessorState`): the call
/// sites of a callable, or the return ops that reach a call's results.
#[derive(Default)]
struct Predecessors {
    /// Some predecessor cannot be known.
    unknown: bool,
    known: SmallVec<[OpId; 2]>,
}

struct Solver<'c> {
    ctx: &'c Context,
    /// The op the pass runs on: callables outside it are external.
    root: OpId,
    values: FxHashMap<Value, Lattice>,
    executable: FxHashSet<BlockId>,
    block_worklist: Vec<BlockId>,
    op_worklist: Vec<OpId>,
    symbol_tables: SymbolTableCollection,
    /// Per callable symbol: its live call sites.
    callsites: FxHashMap<OpId, Predecessors>,
    /// Per live call: the return ops of its callee that reach it.
    returns: FxHashMap<OpId, Predecessors>,
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
        if interface::<dyn CallOpInterface>(ctx, ir, op).is_some() {
            self.visit_call(ir, op);
            return;
        }
        if !ir.regions(op).is_empty() {
            self.visit_region_op(ir, op);
            return;
        }
        if !ir.successors(op).is_empty() {
            self.visit_terminator(ir, op);
            return;
        }
        if let Some(callable) = self.callable_returning(ir, op) {
            self.visit_callable_terminator(ir, op, callable);
        } else if def.is_some_and(|d| d.has_trait(OpTraits::TERMINATOR)) {
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
            if let Some(region) = callable_region(ctx, ir, op) {
                self.visit_callable(ir, op, region);
                return;
            }
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

    /// A live call (MLIR's dead code analysis and sparse
    /// `visitCallOperation`): it becomes a call site of the callable symbol
    /// it names inside the analysed op, whose entry arguments join its
    /// arguments; its results join what the callee's known returns return.
    fn visit_call(&mut self, ir: &Ir, call: OpId) {
        let ctx = self.ctx;
        let Some(iface) = interface::<dyn CallOpInterface>(ctx, ir, call) else {
            return;
        };
        let callee = iface
            .callee(ctx, ir, call)
            .and_then(|r| self.symbol_tables.lookup_symbol_from(ctx, ir, call, r));
        let is_callable =
            callee.is_some_and(|c| interface::<dyn CallableOpInterface>(ctx, ir, c).is_some());
        let body = callee.and_then(|c| callable_region(ctx, ir, c));
        let internal = callee.filter(|&c| {
            is_symbol(ctx, ir, c)
                && ir.is_ancestor(self.root, c)
                && (!is_callable || body.is_some())
        });
        match internal {
            Some(callee) => {
                let sites = self.callsites.entry(callee).or_default();
                let unknown_sites = sites.unknown;
                if !sites.known.contains(&call) {
                    sites.known.push(call);
                    // The callee may become executable, and its returns
                    // now reach this call too.
                    self.op_worklist.push(callee);
                    if let Some(region) = body {
                        for &block in ir.region_blocks(region) {
                            self.op_worklist.extend(ir.last_op(block));
                        }
                    }
                }
                if let Some(entry) = body.and_then(|r| ir.entry_block(r)) {
                    if !unknown_sites {
                        let args = iface.arg_operands(ctx, ir, call);
                        for (&param, arg) in ir.block_args(entry).iter().zip(args) {
                            self.join(ir, param, self.get(arg));
                        }
                    }
                }
            }
            None => self.returns.entry(call).or_default().unknown = true,
        }
        let results: SmallVec<[Value; 4]> = ir.results(call).collect();
        let returns = self.returns.get(&call);
        if is_callable && body.is_none() || returns.is_some_and(|r| r.unknown) {
            for r in results {
                self.join(ir, r, Lattice::Over);
            }
            return;
        }
        let returns: SmallVec<[OpId; 2]> = returns.map(|r| r.known.clone()).unwrap_or_default();
        for ret in returns {
            for (r, v) in results.iter().zip(ir.operands(ret)) {
                self.join(ir, *r, self.get(v));
            }
        }
    }

    /// A callable symbol: its entry blocks are executable once it has a
    /// live call site or unknown ones (then its arguments are overdefined).
    fn visit_callable(&mut self, ir: &Ir, op: OpId, body: RegionId) {
        let sites = self.callsites.entry(op).or_default();
        let unknown = sites.unknown;
        if unknown || !sites.known.is_empty() {
            for &region in ir.regions(op) {
                if region != body || unknown {
                    self.enter_region_overdefined(ir, region);
                } else if let Some(entry) = ir.entry_block(region) {
                    self.mark_executable(ir, entry);
                }
            }
        }
        let results: SmallVec<[Value; 4]> = ir.results(op).collect();
        for r in results {
            self.join(ir, r, Lattice::Over);
        }
    }

    /// The callable `op` returns from: `op` ends a block of a callable that
    /// is not a region branch op and has no successors (MLIR's
    /// `isRegionOrCallableReturn`).
    fn callable_returning(&self, ir: &Ir, op: OpId) -> Option<OpId> {
        let ctx = self.ctx;
        let parent = ir.parent_op(op)?;
        let block = ir.op_block(op)?;
        let ends_block = ir.last_op(block) == Some(op) && ir.successors(op).is_empty();
        (ends_block
            && interface::<dyn RegionBranchOpInterface>(ctx, ir, parent).is_none()
            && interface::<dyn CallableOpInterface>(ctx, ir, parent).is_some())
        .then_some(parent)
    }

    /// A live return of `callable` reaches every known call site; one that
    /// is not return-like leaves their results unknown.
    fn visit_callable_terminator(&mut self, ir: &Ir, op: OpId, callable: OpId) {
        if ir.num_operands(op) == 0 {
            return;
        }
        let return_like = self
            .ctx
            .op_definition(ir.op_name(op))
            .is_some_and(|d| d.has_trait(OpTraits::RETURN_LIKE));
        let calls: SmallVec<[OpId; 2]> = match self.callsites.get(&callable) {
            Some(sites) => sites.known.clone(),
            None => return,
        };
        for call in calls {
            let returns = self.returns.entry(call).or_default();
            if !return_like {
                returns.unknown = true;
            } else if !returns.known.contains(&op) {
                returns.known.push(op);
            }
            self.op_worklist.push(call);
        }
    }

    /// The call sites of callable symbols that may be called from where
    /// the analysis cannot see (MLIR's `initializeSymbolCallables`): public
    /// ones, `nested` ones of a table whose symbols may be named from
    /// outside, and those named by an op that is not a call.
    fn init_symbol_callables(&mut self, ir: &Ir, nested: bool) {
        let ctx = self.ctx;
        let mut tables = Vec::new();
        symbol_tables_postorder(ctx, ir, self.root, !nested, &mut tables);
        for (table, all_uses_visible) in tables {
            let Some(block) = ir.regions(table).first().and_then(|&r| ir.entry_block(r)) else {
                continue;
            };
            let mut found = false;
            for op in ir.block_ops(block) {
                if callable_region(ctx, ir, op).is_none() || !is_symbol(ctx, ir, op) {
                    continue;
                }
                let visibility = visibility(ctx, ir, op);
                if visibility == Visibility::Public
                    || (!all_uses_visible && visibility == Visibility::Nested)
                {
                    self.callsites.entry(op).or_default().unknown = true;
                }
                found = true;
            }
            if !found {
                continue;
            }
            let mut uses: Vec<(OpId, Attribute)> = Vec::new();
            let region = ir.regions(table)[0];
            let walked = ir.region_blocks(region).iter().try_for_each(|&b| {
                ir.block_ops(b).try_for_each(|op| {
                    walk_symbol_uses(ctx, ir, op, &mut |user, r| uses.push((user, r)))
                })
            });
            if walked.is_err() {
                // Uses cannot be computed: no callable's call sites are known.
                let mut all = Vec::new();
                ir.walk_preorder(self.root, &mut |op| {
                    if interface::<dyn CallableOpInterface>(ctx, ir, op).is_some() {
                        all.push(op);
                    }
                });
                for op in all {
                    self.callsites.entry(op).or_default().unknown = true;
                }
                return;
            }
            // As MLIR, the name is looked up from the analysed op.
            if !is_symbol_table(ctx, ir, self.root) {
                continue;
            }
            for (user, reference) in uses {
                if interface::<dyn CallOpInterface>(ctx, ir, user).is_some() {
                    continue;
                }
                let root = self.root;
                if let Some(symbol) = self
                    .symbol_tables
                    .lookup_symbol_in(ctx, ir, root, reference)
                {
                    self.callsites.entry(symbol).or_default().unknown = true;
                }
            }
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

/// The non-empty callable region of `op`, if it is a callable.
fn callable_region(ctx: &Context, ir: &Ir, op: OpId) -> Option<RegionId> {
    interface::<dyn CallableOpInterface>(ctx, ir, op)?
        .callable_region(ctx, ir, op)
        .filter(|&r| !ir.region_is_empty(r))
}

/// The symbol tables in `op` (itself included), nested ones first, each
/// with whether no op outside `op` can name its symbols (MLIR's
/// `walkSymbolTables`).
fn symbol_tables_postorder(
    ctx: &Context,
    ir: &Ir,
    op: OpId,
    all_uses_visible: bool,
    out: &mut Vec<(OpId, bool)>,
) {
    let table = is_symbol_table(ctx, ir, op);
    let all_uses_visible = !table
        || all_uses_visible
        || !is_symbol(ctx, ir, op)
        || visibility(ctx, ir, op) == Visibility::Private;
    for &region in ir.regions(op) {
        for &block in ir.region_blocks(region) {
            for child in ir.block_ops(block) {
                symbol_tables_postorder(ctx, ir, child, all_uses_visible, out);
            }
        }
    }
    if table {
        out.push((op, all_uses_visible));
    }
}

/// Runs SCCP on the regions of `root`; returns how many values were
/// replaced. `nested`: `root` sits in other IR, whose ops may call its
/// `nested` symbols.
pub fn sccp(ctx: &Context, ir: &mut Ir, root: OpId, nested: bool) -> u64 {
    let mut solver = Solver {
        ctx,
        root,
        values: FxHashMap::default(),
        executable: FxHashSet::default(),
        block_worklist: Vec::new(),
        op_worklist: Vec::new(),
        symbol_tables: SymbolTableCollection::new(),
        callsites: FxHashMap::default(),
        returns: FxHashMap::default(),
    };
    solver.init_symbol_callables(ir, nested);
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
    // A stack of blocks, each region's pushed in reverse: blocks are
    // rewritten in order, the regions of an op right after its block (those
    // of its block's last op first), which decides the order of the
    // materialized constants as in MLIR.
    let mut blocks: Vec<BlockId> = Vec::new();
    let push_regions = |ir: &Ir, op: OpId, blocks: &mut Vec<BlockId>| {
        for &region in ir.regions(op) {
            blocks.extend(ir.region_blocks(region).iter().rev());
        }
    };
    push_regions(ir, root, &mut blocks);
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
            push_regions(ir, op, &mut blocks);
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
