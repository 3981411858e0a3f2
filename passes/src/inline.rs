//! `inline` (MLIR's `Inliner`): replaces calls (`CallOpInterface` with a
//! symbol callee) by the body of the callee (`CallableOpInterface`),
//! simplifying the callables with the canonicalizer (MLIR's default
//! `default-pipeline=canonicalize`) before each round of inlining, so that
//! calls the canonicalizer makes direct (`func.call_indirect` of a
//! `func.constant`) are inlined in the next round; then erases the
//! discardable callables nothing refers to any more.
//!
//! A call is left alone when the callee is a declaration, when the call is
//! inside the callee (recursion) or the callee calls itself or the caller's
//! callable directly, when either op's [`InlinerInterface`] refuses (the
//! func dialect's `no_inline` on the call or on the function), or when the
//! signatures do not match. A single-block body is cloned before the call.
//! A body of several blocks is cloned between the two halves of the
//! caller's block, split after the call: its entry block continues the
//! first half, its return-like terminators become branches (the
//! terminator's [`InlinerInterface::handle_terminator`], `cf.br` for
//! `func.return`) to the second half, whose arguments replace the call's
//! results. That needs a caller region that may hold several blocks: the
//! call's parent is the same kind of op as the callee, or a registered op
//! without the single-block trait.
//!
//! Differences from MLIR: rounds cover the whole module rather than one
//! call-graph SCC at a time, bottom-up; the only pipelines are
//! `canonicalize` and the empty one; every op may be inlined (MLIR also
//! asks each inlined op's dialect); locations are not rewritten to call
//! sites. [`MAX_INLINING_ROUNDS`] (MLIR's `max-iterations`) bounds the
//! rounds.

use rustc_hash::{FxHashMap, FxHashSet};
use smallvec::SmallVec;
use strata_ir::interfaces::{interface, CallOpInterface, CallableOpInterface, InlinerInterface};
use strata_ir::ir_transfer::IrMapping as Mapping;
use strata_ir::pass::{Pass, PassContext, PassOption, PassResult};
use strata_ir::rewrite::{apply_patterns_greedily, GreedyRewriteConfig, RewritePatternSet};
use strata_ir::symbol_table::{
    is_symbol, is_symbol_table, nearest_symbol_table, visibility, walk_symbol_refs,
    SymbolTableCollection, Visibility,
};
use strata_ir::{AttrData, BlockId, Context, InsertPoint, Ir, OpId, OpTraits, RegionId, Value};

/// Rounds of simplification and inlining before giving up (recursion).
pub const MAX_INLINING_ROUNDS: i64 = 4;

#[derive(Clone)]
pub struct Inliner {
    pub max_iterations: i64,
    pub default_pipeline: String,
}

impl Default for Inliner {
    fn default() -> Self {
        Self {
            max_iterations: MAX_INLINING_ROUNDS,
            default_pipeline: "canonicalize".into(),
        }
    }
}

impl Pass for Inliner {
    fn name(&self) -> &str {
        "Inliner"
    }
    fn argument(&self) -> &str {
        "inline"
    }
    fn description(&self) -> &str {
        "Inline function calls"
    }
    fn options(&mut self) -> Vec<PassOption<'_>> {
        vec![
            PassOption::pipeline(
                "default-pipeline",
                "The optimizer pipeline used for callables (canonicalize or empty)",
                &mut self.default_pipeline,
            ),
            PassOption::int(
                "max-iterations",
                "Maximum number of iterations when inlining within an SCC",
                &mut self.max_iterations,
            ),
        ]
    }
    fn run_on_operation(&mut self, pc: &mut PassContext) -> PassResult {
        let ctx = pc.ctx;
        let root = pc.op;
        if !matches!(self.default_pipeline.as_str(), "" | "canonicalize") {
            let message = format!(
                "inline: default-pipeline '{}' is not supported (only 'canonicalize' or '')",
                self.default_pipeline
            );
            return Err(strata_ir::Diagnostic::error(pc.ir.op_loc(root), message).into());
        }
        let simplify = (self.default_pipeline == "canonicalize").then(|| {
            let mut set = RewritePatternSet::new();
            set.add_canonicalization_patterns(ctx);
            set.freeze()
        });
        let config = GreedyRewriteConfig {
            top_down: true,
            ..Default::default()
        };
        let mut inlined = 0;
        for _ in 0..self.max_iterations.max(1) {
            if let Some(patterns) = &simplify {
                for callable in callables(ctx, pc.ir, root) {
                    apply_patterns_greedily(ctx, pc.ir, callable, patterns, &config, None);
                }
            }
            // Calls inside callables that are already dead stay (MLIR does
            // not visit dead call-graph nodes): what they call stays used.
            let dead: FxHashSet<OpId> = dead_callables(ctx, pc.ir, root, pc.nested)
                .into_iter()
                .collect();
            let n = inline_round(ctx, pc.ir, root, &dead);
            inlined += n;
            if n == 0 {
                break;
            }
        }
        let erased = erase_dead_callables(ctx, pc.ir, root, pc.nested);
        pc.add_statistic("num-inlined-calls", "Number of inlined calls", inlined);
        pc.add_statistic(
            "num-erased-callables",
            "Number of dead callables erased",
            erased,
        );
        Ok(())
    }
}

/// The callables with a body nested in `root`, in pre-order.
fn callables(ctx: &Context, ir: &Ir, root: OpId) -> Vec<OpId> {
    let mut out = Vec::new();
    ir.walk_preorder(root, &mut |op| {
        if op != root && callable_body(ctx, ir, op).is_some() {
            out.push(op);
        }
    });
    out
}

/// The non-empty callable region of `op`.
fn callable_body(ctx: &Context, ir: &Ir, op: OpId) -> Option<RegionId> {
    interface::<dyn CallableOpInterface>(ctx, ir, op)?
        .callable_region(ctx, ir, op)
        .filter(|&r| !ir.region_is_empty(r))
}

/// The callable a direct call names, if the reference is flat and resolves
/// to a callable with a body (MLIR does not inline nested references).
fn resolve_callee(
    ctx: &Context,
    ir: &Ir,
    symbol_tables: &mut SymbolTableCollection,
    call: OpId,
) -> Option<OpId> {
    let iface = interface::<dyn CallOpInterface>(ctx, ir, call)?;
    let reference = iface.callee(ctx, ir, call)?;
    match ctx.attr_data(reference) {
        AttrData::SymbolRef { nested, .. } if nested.is_empty() => {}
        _ => return None,
    }
    let callee = symbol_tables.lookup_symbol_from(ctx, ir, call, reference)?;
    callable_body(ctx, ir, callee).map(|_| callee)
}

/// The closest callable around `op`: the call-graph node a call belongs to.
fn enclosing_callable(ctx: &Context, ir: &Ir, op: OpId) -> Option<OpId> {
    let mut current = ir.parent_op(op);
    while let Some(parent) = current {
        if interface::<dyn CallableOpInterface>(ctx, ir, parent).is_some() {
            return Some(parent);
        }
        current = ir.parent_op(parent);
    }
    None
}

/// The callables `callable` calls directly (its call-graph edges): calls in
/// its body outside nested callables.
fn direct_callees(
    ctx: &Context,
    ir: &Ir,
    symbol_tables: &mut SymbolTableCollection,
    callable: OpId,
) -> SmallVec<[OpId; 4]> {
    let mut out = SmallVec::new();
    let mut stack: Vec<OpId> = Vec::new();
    let push_children = |op: OpId, stack: &mut Vec<OpId>| {
        for &region in ir.regions(op) {
            for &block in ir.region_blocks(region) {
                stack.extend(ir.block_ops(block));
            }
        }
    };
    push_children(callable, &mut stack);
    while let Some(op) = stack.pop() {
        if interface::<dyn CallOpInterface>(ctx, ir, op).is_some() {
            if let Some(callee) = resolve_callee(ctx, ir, symbol_tables, op) {
                if !out.contains(&callee) {
                    out.push(callee);
                }
            }
        } else if interface::<dyn CallableOpInterface>(ctx, ir, op).is_none() {
            push_children(op, &mut stack);
        }
    }
    out
}

/// Whether `call` and `callee` allow inlining (their [`InlinerInterface`]s).
fn legal_to_inline(ctx: &Context, ir: &Ir, call: OpId, callee: OpId) -> bool {
    [call, callee].into_iter().all(|op| {
        interface::<dyn InlinerInterface>(ctx, ir, op)
            .is_none_or(|i| i.is_legal_to_inline(ctx, ir, call, callee))
    })
}

fn is_return_like(ctx: &Context, ir: &Ir, op: OpId) -> bool {
    ctx.op_definition(ir.op_name(op))
        .is_some_and(|d| d.has_trait(OpTraits::RETURN_LIKE))
}

/// Whether the region holding `call` may receive several blocks (MLIR's
/// check: the same op as the callee, or a registered op that is not single-block).
fn caller_region_takes_blocks(ctx: &Context, ir: &Ir, call: OpId, callee: OpId) -> bool {
    let Some(parent) = ir.parent_op(call) else {
        return false;
    };
    if ir.op_name(parent) == ir.op_name(callee) {
        return true;
    }
    let Some(def) = ctx.op_definition(ir.op_name(parent)) else {
        return false;
    };
    let region_index = ir
        .op_block(call)
        .and_then(|b| ir.block_region(b))
        .map(|r| ir.region_index(r));
    let single_block_region = region_index
        .and_then(|i| def.regions.get(i))
        .is_some_and(|r| r.single_block);
    !def.has_trait(OpTraits::SINGLE_BLOCK) && !single_block_region
}

/// Whether every block of `body` ends in a way the inliner can reconnect:
/// a return-like terminator whose op can branch to the continuation, or a
/// terminator that stays inside the inlined blocks.
fn terminators_can_branch(ctx: &Context, ir: &Ir, body: RegionId) -> bool {
    ir.region_blocks(body).iter().all(|&block| {
        let Some(terminator) = ir.last_op(block) else {
            return false;
        };
        !is_return_like(ctx, ir, terminator)
            || interface::<dyn InlinerInterface>(ctx, ir, terminator)
                .is_some_and(|i| i.can_branch_to_continuation(ctx))
    })
}

/// Inlines every call that may be inlined, except those in the callables
/// of `dead`; returns the count.
fn inline_round(ctx: &Context, ir: &mut Ir, root: OpId, dead: &FxHashSet<OpId>) -> u64 {
    let mut calls = Vec::new();
    ir.walk_preorder(root, &mut |op| {
        if interface::<dyn CallOpInterface>(ctx, ir, op).is_some() {
            calls.push(op);
        }
    });
    // Inlining only clones into function bodies: the symbol tables stay as
    // they are for the whole round.
    let mut symbol_tables = SymbolTableCollection::new();
    let mut edges: FxHashMap<OpId, SmallVec<[OpId; 4]>> = FxHashMap::default();
    let mut count = 0;
    for call in calls {
        if !ir.is_alive(call) {
            continue;
        }
        let Some(callee) = resolve_callee(ctx, ir, &mut symbol_tables, call) else {
            continue;
        };
        if ir.is_ancestor(callee, call) {
            continue; // recursion
        }
        let caller = enclosing_callable(ctx, ir, call);
        if caller.is_some_and(|c| dead.contains(&c)) {
            continue;
        }
        let callee_calls = edges
            .entry(callee)
            .or_insert_with(|| direct_callees(ctx, ir, &mut symbol_tables, callee));
        if callee_calls.contains(&callee) || caller.is_some_and(|c| callee_calls.contains(&c)) {
            continue; // the callee recurses, alone or through the caller
        }
        let is_terminator = ctx
            .op_definition(ir.op_name(call))
            .is_some_and(|d| d.has_trait(OpTraits::TERMINATOR));
        if is_terminator || !legal_to_inline(ctx, ir, call, callee) {
            continue;
        }
        if inline_call(ctx, ir, call, callee) {
            count += 1;
        }
    }
    count
}

/// Replaces `call` by the body of `callee`; false (nothing changed) when
/// the signatures do not match or the body cannot be reconnected.
fn inline_call(ctx: &Context, ir: &mut Ir, call: OpId, callee: OpId) -> bool {
    let Some(body) = callable_body(ctx, ir, callee) else {
        return false;
    };
    let Some(call_iface) = interface::<dyn CallOpInterface>(ctx, ir, call) else {
        return false;
    };
    let args = call_iface.arg_operands(ctx, ir, call);
    let entry = ir.region_blocks(body)[0];
    let params = ir.block_args(entry);
    let result_types: SmallVec<[_; 4]> = ir.results(call).map(|v| ir.value_type(v)).collect();
    let signature_matches = args.len() == params.len()
        && args
            .iter()
            .zip(params)
            .all(|(&a, &p)| ir.value_type(a) == ir.value_type(p))
        && interface::<dyn CallableOpInterface>(ctx, ir, callee)
            .is_some_and(|c| c.result_types(ctx, ir, callee)[..] == result_types[..]);
    if !signature_matches {
        return false;
    }
    if ir.region_blocks(body).len() == 1 {
        inline_single_block(ctx, ir, call, entry, &args)
    } else {
        if !caller_region_takes_blocks(ctx, ir, call, callee)
            || !terminators_can_branch(ctx, ir, body)
        {
            return false;
        }
        inline_blocks(ctx, ir, call, body, &args);
        true
    }
}

/// Clones the ops of the single block `block` before `call`; the returned
/// values replace the call's results.
fn inline_single_block(
    ctx: &Context,
    ir: &mut Ir,
    call: OpId,
    block: BlockId,
    args: &[Value],
) -> bool {
    let Some(terminator) = ir.last_op(block) else {
        return false;
    };
    if !is_return_like(ctx, ir, terminator) || ir.num_operands(terminator) != ir.num_results(call) {
        return false;
    }
    let mut mapping = Mapping::new();
    for (i, &arg) in args.iter().enumerate() {
        mapping.map_value(ir.block_arg(block, i), arg);
    }
    let body_ops: Vec<OpId> = ir.block_ops(block).collect();
    for &op in &body_ops[..body_ops.len() - 1] {
        ir.clone_op(op, InsertPoint::Before(call), &mut mapping);
    }
    let results: SmallVec<[Value; 4]> = ir
        .operands(terminator)
        .map(|v| mapping.lookup_or_default(v))
        .collect();
    ir.replace_all_op_uses_with(call, &results);
    let _ = ir.erase_op(call);
    true
}

/// MLIR's multi-block inlining: the caller's block is split after `call`
/// into a continuation block whose arguments replace the call's results;
/// the cloned blocks go between the halves, the cloned entry block's ops
/// join the first half, and return-like terminators branch to the
/// continuation.
fn inline_blocks(ctx: &Context, ir: &mut Ir, call: OpId, body: RegionId, args: &[Value]) {
    let (Some(block), Some(region)) = (
        ir.op_block(call),
        ir.op_block(call).and_then(|b| ir.block_region(b)),
    ) else {
        return;
    };
    let index = ir
        .region_blocks(region)
        .iter()
        .position(|&b| b == block)
        .unwrap_or(0);

    // The continuation: what followed the call, with the results as arguments.
    let result_types: SmallVec<[_; 4]> = ir.results(call).map(|v| ir.value_type(v)).collect();
    let continuation = ir.create_block(&result_types);
    ir.insert_block(region, index + 1, continuation);
    while let Some(next) = ir.next_op(call) {
        ir.move_op(next, InsertPoint::BlockEnd(continuation));
    }
    let call_loc = ir.op_loc(call);
    let results: SmallVec<[Value; 4]> = ir.block_args(continuation).iter().copied().collect();
    for &result in &results {
        ir.set_block_arg_loc(result, call_loc);
    }
    ir.replace_all_op_uses_with(call, &results);

    // The cloned blocks, in order, between the halves.
    let mut mapping = Mapping::new();
    let source_blocks: SmallVec<[BlockId; 4]> = ir.region_blocks(body).iter().copied().collect();
    ir.copy_region_into(None, body, region, &mut mapping);
    let cloned: SmallVec<[BlockId; 4]> = source_blocks
        .iter()
        .filter_map(|&b| mapping.lookup_block(b))
        .collect();
    for (k, &clone) in cloned.iter().enumerate() {
        ir.detach_block(clone);
        ir.insert_block(region, index + 1 + k, clone);
    }
    for &clone in &cloned {
        let Some(terminator) = ir.last_op(clone) else {
            continue;
        };
        if !is_return_like(ctx, ir, terminator) {
            continue;
        }
        if let Some(handler) = interface::<dyn InlinerInterface>(ctx, ir, terminator) {
            handler.handle_terminator(ctx, ir, terminator, continuation);
        }
    }

    // The entry block's arguments are the call's operands; its ops follow
    // the call in the first half.
    let entry = cloned[0];
    let params: SmallVec<[Value; 4]> = ir.block_args(entry).iter().copied().collect();
    for (&param, &arg) in params.iter().zip(args) {
        ir.replace_all_uses_with(param, arg);
    }
    ir.splice_block_end(entry, block);
    ir.erase_block(entry);
    let _ = ir.erase_op(call);
}

/// Erases the callables of [`dead_callables`]. Uses are counted once,
/// before erasing: a callable used only by a dead one stays, as in MLIR.
fn erase_dead_callables(ctx: &Context, ir: &mut Ir, root: OpId, nested: bool) -> u64 {
    dead_callables(ctx, ir, root, nested)
        .into_iter()
        .filter(|&op| ir.erase_op(op).is_ok())
        .count() as u64
}

/// The callables that may be discarded and that nothing refers to (MLIR's
/// dead call-graph nodes): symbols directly in a symbol table, with a
/// body, not public, and private or in a table other IR cannot see; inner
/// ones before the ops that hold them. `nested`: `root` has a parent op.
fn dead_callables(ctx: &Context, ir: &Ir, root: OpId, nested: bool) -> Vec<OpId> {
    let mut used: FxHashSet<OpId> = FxHashSet::default();
    let mut symbol_tables = SymbolTableCollection::new();
    let mut resolved: SmallVec<[OpId; 4]> = SmallVec::new();
    ir.walk_preorder(root, &mut |op| {
        let Some(table) = nearest_symbol_table(ctx, ir, op) else {
            return;
        };
        for dict in [ir.properties(op), ir.attributes(op)] {
            walk_symbol_refs(ctx, dict, &mut |reference| {
                resolved.clear();
                symbol_tables.lookup_symbol_path_in(ctx, ir, table, reference, &mut resolved);
                used.extend(resolved.iter().copied());
            });
        }
    });
    drop(symbol_tables);

    let mut dead = Vec::new();
    collect_dead_callables(ctx, ir, root, !nested, &used, &mut dead);
    dead
}

/// MLIR's `walkSymbolTables` with the callables test: `all_uses_visible`
/// says that no op outside `op` can name the symbols of the tables in it.
fn collect_dead_callables(
    ctx: &Context,
    ir: &Ir,
    op: OpId,
    all_uses_visible: bool,
    used: &FxHashSet<OpId>,
    dead: &mut Vec<OpId>,
) {
    let table = is_symbol_table(ctx, ir, op);
    let all_uses_visible = if table {
        all_uses_visible
            || !is_symbol(ctx, ir, op)
            || visibility(ctx, ir, op) == Visibility::Private
    } else {
        true
    };
    for &region in ir.regions(op) {
        for &block in ir.region_blocks(region) {
            for child in ir.block_ops(block) {
                collect_dead_callables(ctx, ir, child, all_uses_visible, used, dead);
                if !table || callable_body(ctx, ir, child).is_none() || !is_symbol(ctx, ir, child) {
                    continue;
                }
                let visibility = visibility(ctx, ir, child);
                let discardable = visibility != Visibility::Public
                    && (all_uses_visible || visibility == Visibility::Private);
                if discardable && !used.contains(&child) {
                    dead.push(child);
                }
            }
        }
    }
}
