//! `buffer-deallocation-pipeline` (MLIR's pipeline of
//! `ownership-based-buffer-deallocation`, `buffer-deallocation-simplification`,
//! `bufferization-lower-deallocations` and `canonicalize`): frees every
//! `memref.alloc` whose buffer provably dies in its function with a
//! `memref.dealloc` before the terminator of the block that allocated it.
//!
//! MLIR's ownership-based pass attaches a runtime ownership flag to every
//! buffer and emits `bufferization.dealloc` ops that the later passes of
//! the pipeline simplify; where ownership is statically known, which is the
//! case for the code one-shot-bufferize produces, the simplified result is
//! a plain `memref.dealloc` at the end of the allocating block (after the
//! pipeline's canonicalization). This pass derives those cases directly:
//!
//! - the *aliases* of an allocation are its views and casts (any result of
//!   memref/tensor type of an op using it, but `bufferization.clone`), and,
//!   through `scf.for`/`scf.while` iteration arguments, `scf.if`/
//!   `scf.execute_region` yields and loop results, the values it flows into;
//! - the allocation is freed when no alias is returned, passed to a call
//!   that returns buffers, branched with, stored, already deallocated or
//!   used by an unknown region op; every value that may join an alias at
//!   an `scf` merge is itself an alias (no other buffer can take its place,
//!   so a loop never yields a fresh buffer instead); and every alias lives
//!   inside the allocating block;
//! - an `scf.if` result whose branches each yield a buffer allocated in that
//!   branch is treated as an allocation of its own (exactly one of them
//!   runs), freed at the end of the `scf.if`'s block under the same rules.
//!
//! Anything else is left allocated, as it would need runtime ownership
//! (a buffer conditionally aliasing an argument, a loop yielding a new
//! allocation per iteration): a leak, never a double free. The pipeline's
//! final `canonicalize` then runs as in MLIR (an allocation used only by its
//! dealloc disappears with it). Options are MLIR's
//! (`private-function-dynamic-ownership`, accepted; private functions are
//! treated like public ones).

use rustc_hash::{FxHashMap, FxHashSet};
use strata_dialect_affine as affine;
use strata_dialect_bufferization::CloneOp;
use strata_dialect_cf::{BranchOp, CondBranchOp, SwitchOp};
use strata_dialect_func::{CallIndirectOp, CallOp, FuncOp, ReturnOp};
use strata_dialect_memref as memref;
use strata_dialect_memref::{AllocOp, DeallocOp, ExtractStridedMetadataOp};
use strata_dialect_scf::{
    ConditionOp, ExecuteRegionOp, ForOp, IfOp, IndexSwitchOp, WhileOp, YieldOp,
};
use strata_ir::pass::{Pass, PassContext, PassOption, PassResult};
use strata_ir::rewrite::{apply_patterns_greedily, FrozenPatternSet, GreedyRewriteConfig};
use strata_ir::{
    BlockId, Context, Diagnostic, InsertPoint, Ir, OpId, OperationState, TypeData, Value, ValueDef,
};

#[derive(Clone, Default)]
pub struct BufferDeallocationPipeline {
    pub private_function_dynamic_ownership: bool,
    patterns: Option<std::sync::Arc<FrozenPatternSet>>,
}

impl Pass for BufferDeallocationPipeline {
    fn name(&self) -> &str {
        "BufferDeallocationPipeline"
    }
    fn argument(&self) -> &str {
        "buffer-deallocation-pipeline"
    }
    fn description(&self) -> &str {
        "The default pipeline for automatically inserting deallocation operations after one-shot bufferization."
    }
    fn options(&mut self) -> Vec<PassOption<'_>> {
        vec![PassOption::bool(
            "private-function-dynamic-ownership",
            "Allows to add additional arguments to private functions to dynamically pass ownership of memrefs to callees.",
            &mut self.private_function_dynamic_ownership,
        )]
    }
    fn initialize(&mut self, ctx: &Context) -> Result<(), Diagnostic> {
        let mut set = strata_ir::rewrite::RewritePatternSet::new();
        set.add_canonicalization_patterns(ctx);
        self.patterns = Some(std::sync::Arc::new(set.freeze()));
        Ok(())
    }
    fn run_on_operation(&mut self, pc: &mut PassContext) -> PassResult {
        let ctx = pc.ctx();
        let root = pc.op();
        let ir = pc.ir_mut();
        let mut funcs = Vec::new();
        ir.walk_preorder(root, &mut |op| {
            if FuncOp::is(ctx, ir, op) {
                funcs.push(op);
            }
        });
        for func in funcs {
            insert_deallocs(ctx, ir, func);
        }
        if let Some(patterns) = &self.patterns {
            apply_patterns_greedily(
                ctx,
                ir,
                root,
                patterns,
                &GreedyRewriteConfig::default(),
                None,
            );
        }
        Ok(())
    }
}

fn name<'c>(ctx: &'c Context, ir: &Ir, op: OpId) -> &'c str {
    ctx.op_name_str(ir.op_name(op))
}

fn is_buffer_like(ctx: &Context, ir: &Ir, v: Value) -> bool {
    matches!(
        ctx.type_data(ir.value_type(v)),
        TypeData::MemRef { .. }
            | TypeData::UnrankedMemRef { .. }
            | TypeData::RankedTensor { .. }
            | TypeData::UnrankedTensor { .. }
    )
}

/// Frees the allocations of `func` that die in it.
pub fn insert_deallocs(ctx: &Context, ir: &mut Ir, func: OpId) {
    let mut order = Vec::new();
    ir.walk_postorder(func, &mut |op| order.push(op));
    // Roots: allocations, then scf.if results joining allocations of their
    // branches (post-order: inner ifs first).
    let mut roots: Vec<(Value, OpId)> = Vec::new();
    let mut root_set: FxHashSet<Value> = FxHashSet::default();
    for &op in &order {
        match name(ctx, ir, op) {
            AllocOp::NAME => {
                let v = ir.result(op, 0);
                roots.push((v, op));
                root_set.insert(v);
            }
            IfOp::NAME if ir.regions(op).len() == 2 => {
                for k in 0..ir.num_results(op) {
                    let r = ir.result(op, k);
                    let joined = (0..2).all(|i| {
                        yields_of(ir, ir.region(op, i)).is_some_and(|(block, y)| {
                            let v = ir.operand(y, k);
                            root_set.contains(&v)
                                && matches!(ir.value_def(v), ValueDef::Result { op: d, .. } if ir.op_block(d) == Some(block))
                        })
                    });
                    if joined {
                        roots.push((r, op));
                        root_set.insert(r);
                    }
                }
            }
            _ => {}
        }
    }
    // Program order of the roots (deallocs are emitted in it).
    let mut pre = FxHashMap::default();
    let mut i = 0usize;
    ir.walk_preorder(func, &mut |op| {
        pre.insert(op, i);
        i += 1;
    });
    roots.sort_by_key(|&(_, op)| pre.get(&op).copied().unwrap_or(0));
    let mut frees: Vec<(Value, BlockId)> = Vec::new();
    for (r, def) in roots {
        if let Some(block) = ir.op_block(def) {
            if dies_in(ctx, ir, r, block) {
                frees.push((r, block));
            }
        }
    }
    for (r, block) in frees {
        let Some(term) = ir.last_op(block) else {
            continue;
        };
        let loc = ir.op_loc(term);
        let at = InsertPoint::Before(term);
        let mut freed = r;
        if ir
            .defining_op(r)
            .is_none_or(|d| name(ctx, ir, d) != AllocOp::NAME)
        {
            // A joined buffer: MLIR frees its base buffer, as
            // bufferization-lower-deallocations does for any non-alloc.
            let ty = ir.value_type(r);
            let rank = ctx.shape(ty).map_or(0, |s| s.len());
            let elem = ctx.element_type_or_self(ty);
            let mut meta = OperationState::new(ctx, ExtractStridedMetadataOp::NAME, loc);
            meta.operands = vec![r];
            meta.result_types = vec![ctx.memref_type(&[], elem)];
            meta.result_types
                .extend(std::iter::repeat_n(ctx.index_type(), 1 + 2 * rank));
            let m = ir.create_op(meta, at);
            freed = ir.result(m, 0);
        }
        let mut state = OperationState::new(ctx, DeallocOp::NAME, loc);
        state.operands = vec![freed];
        ir.create_op(state, at);
    }
}

/// The single block of `region` and its terminator.
fn yields_of(ir: &Ir, region: strata_ir::RegionId) -> Option<(BlockId, OpId)> {
    let block = *ir.region_blocks(region).first()?;
    Some((block, ir.last_op(block)?))
}

/// Whether the buffer `root` and every alias of it die inside `block`.
fn dies_in(ctx: &Context, ir: &Ir, root: Value, block: BlockId) -> bool {
    let mut aliases: FxHashSet<Value> = FxHashSet::default();
    let mut work = vec![root];
    // Values joining an alias at a merge: each must be an alias too.
    let mut incoming: Vec<Value> = Vec::new();
    aliases.insert(root);
    while let Some(v) = work.pop() {
        let mut add = |x: Value, work: &mut Vec<Value>| {
            if aliases.insert(x) {
                work.push(x);
            }
        };
        for u in ir.uses(v) {
            let (user, idx) = (u.op, u.index as usize);
            match name(ctx, ir, user) {
                ReturnOp::NAME
                | DeallocOp::NAME
                | BranchOp::NAME
                | CondBranchOp::NAME
                | SwitchOp::NAME => return false,
                memref::StoreOp::NAME | affine::StoreOp::NAME if idx == 0 => return false,
                CloneOp::NAME => {}
                YieldOp::NAME => {
                    let Some(parent) = ir.op_block(user).and_then(|b| ir.block_parent_op(b)) else {
                        return false;
                    };
                    match name(ctx, ir, parent) {
                        IfOp::NAME | ExecuteRegionOp::NAME | IndexSwitchOp::NAME => {
                            let r = ir.result(parent, idx);
                            add(r, &mut work);
                            incoming.extend(merge_inputs(ctx, ir, r));
                        }
                        ForOp::NAME => {
                            let r = ir.result(parent, idx);
                            let body = ir.region_blocks(ir.region(parent, 0))[0];
                            let a = ir.block_args(body)[idx + 1];
                            add(r, &mut work);
                            add(a, &mut work);
                            incoming.extend(merge_inputs(ctx, ir, r));
                        }
                        WhileOp::NAME => {
                            let before = ir.region_blocks(ir.region(parent, 0))[0];
                            let a = ir.block_args(before)[idx];
                            add(a, &mut work);
                            incoming.extend(merge_inputs(ctx, ir, a));
                        }
                        _ => return false,
                    }
                }
                ConditionOp::NAME => {
                    let Some(parent) = ir.op_block(user).and_then(|b| ir.block_parent_op(b)) else {
                        return false;
                    };
                    if idx == 0 {
                        continue;
                    }
                    let after = ir.region_blocks(ir.region(parent, 1))[0];
                    let (a, r) = (ir.block_args(after)[idx - 1], ir.result(parent, idx - 1));
                    add(a, &mut work);
                    add(r, &mut work);
                    incoming.extend(merge_inputs(ctx, ir, r));
                }
                ForOp::NAME if idx >= 3 => {
                    let k = idx - 3;
                    let body = ir.region_blocks(ir.region(user, 0))[0];
                    let (a, r) = (ir.block_args(body)[k + 1], ir.result(user, k));
                    add(a, &mut work);
                    add(r, &mut work);
                    incoming.extend(merge_inputs(ctx, ir, r));
                }
                WhileOp::NAME => {
                    let before = ir.region_blocks(ir.region(user, 0))[0];
                    let a = ir.block_args(before)[idx];
                    add(a, &mut work);
                    incoming.extend(merge_inputs(ctx, ir, a));
                }
                CallOp::NAME | CallIndirectOp::NAME => {
                    if ir.results(user).any(|r| is_buffer_like(ctx, ir, r)) {
                        return false;
                    }
                }
                _ => {
                    // Other region ops (linalg payloads, affine loops):
                    // their region arguments may alias the operand too.
                    for region in ir.regions(user).to_vec() {
                        for b in ir.region_blocks(region).to_vec() {
                            for &a in ir.block_args(b) {
                                if is_buffer_like(ctx, ir, a) {
                                    add(a, &mut work);
                                }
                            }
                        }
                    }
                    for r in ir.results(user) {
                        if is_buffer_like(ctx, ir, r) {
                            add(r, &mut work);
                        }
                    }
                }
            }
        }
    }
    incoming.iter().all(|v| aliases.contains(v))
        && aliases.iter().all(|&v| defined_within(ir, v, block))
}

/// The values that may become `v` at its merge (an scf result or loop
/// iteration argument): inits and yielded operands.
fn merge_inputs(ctx: &Context, ir: &Ir, v: Value) -> Vec<Value> {
    let mut out = Vec::new();
    let (op, k, is_arg) = match ir.value_def(v) {
        ValueDef::Result { op, index } => (op, index as usize, false),
        ValueDef::BlockArgument { block, index } => match ir.block_parent_op(block) {
            Some(op) => (op, index as usize, true),
            None => return out,
        },
    };
    let yielded = |region_index: usize, pos: usize, out: &mut Vec<Value>| {
        if let Some((_, y)) = yields_of(ir, ir.region(op, region_index)) {
            if let Some(x) = ir.operands(y).nth(pos) {
                out.push(x);
            }
        }
    };
    match name(ctx, ir, op) {
        IfOp::NAME | ExecuteRegionOp::NAME | IndexSwitchOp::NAME => {
            for i in 0..ir.regions(op).len() {
                yielded(i, k, &mut out);
            }
        }
        ForOp::NAME => {
            let k = if is_arg { k - 1 } else { k };
            out.extend(ir.operands(op).nth(3 + k));
            yielded(0, k, &mut out);
        }
        WhileOp::NAME => {
            let before = ir.region_blocks(ir.region(op, 0))[0];
            if is_arg
                && ir.value_def(v)
                    == (ValueDef::BlockArgument {
                        block: before,
                        index: k as u32,
                    })
            {
                out.extend(ir.operands(op).nth(k));
                yielded(1, k, &mut out);
            } else {
                // After-region argument or result: the condition's operand.
                yielded(0, k + 1, &mut out);
            }
        }
        _ => {}
    }
    out
}

/// Whether `v` is defined in `block` or in a region nested in it.
fn defined_within(ir: &Ir, v: Value, block: BlockId) -> bool {
    let mut b = match ir.value_def(v) {
        ValueDef::Result { op, .. } => ir.op_block(op),
        ValueDef::BlockArgument { block, .. } => Some(block),
    };
    while let Some(cur) = b {
        if cur == block {
            return true;
        }
        b = ir.block_parent_op(cur).and_then(|op| ir.op_block(op));
    }
    false
}
