//! `convert-scf-to-cf` (MLIR's `SCFToControlFlowPass`): structured ops
//! become blocks and branches, laid out as MLIR lays them out.
//!
//! - `scf.for`: the entry block branches to a condition block (the body's
//!   first block, holding the induction variable and the loop-carried
//!   values) that compares `iv < ub` and either enters the body or leaves;
//!   the body's last block steps the induction variable and branches back.
//! - `scf.if`: a `cf.cond_br` to the inlined then/else blocks, which branch
//!   to a continuation block whose arguments are the results.
//! - `scf.while`: the before blocks, then the after blocks, with
//!   `scf.condition` as the conditional branch out.
//! - `scf.execute_region`: its blocks inlined, yields branching to the rest.
//! - `scf.index_switch`: a `cf.switch` on the index cast to `i32` (MLIR's
//!   `IndexSwitchLowering`), its case blocks in order, then the default
//!   block, all branching to a continuation block whose arguments are the
//!   results. MLIR truncates the case values to `i32` too, which turns a
//!   case outside that range into another case (`-2^63` becomes `0`); a
//!   switch with such a case is lowered on `i64` instead, where every case
//!   keeps its value. (With `i32`, as in MLIR, an index outside the `i32`
//!   range is compared by its low 32 bits.)
//! - `scf.parallel`: first a nest of `scf.for`, one per dimension, carrying
//!   the reduction values down as `iter_args` and combining them at the
//!   innermost body with the inlined `scf.reduce` regions (MLIR's
//!   `ParallelLowering`); the loops are then lowered as `scf.for`.
//! - `scf.forall`: first an `scf.parallel` (MLIR's `ForallLowering`, the
//!   `scf-forall-to-parallel` rewrite), then as above. A forall with shared
//!   outputs has no `scf.parallel` form and fails the pass with MLIR's
//!   message.
//!
//! Ops are lowered outermost first, as MLIR's conversion driver visits them.

use strata_dialect_arith::{AddIOp, CmpIOp, IndexCastOp};
use strata_dialect_cf::{br_state, cond_br_state, switch_state};
use strata_dialect_scf::{
    ExecuteRegionOp, ForOp, ForallOp, IfOp, IndexSwitchOp, ParallelOp, WhileOp, YieldOp,
};
use strata_ir::builder::{OpBuilder, OpCreator};
use strata_ir::pass::{Pass, PassContext, PassOption, PassResult};
use strata_ir::{BlockId, Context, Diagnostic, InsertPoint, Ir, OpId, RegionId, Value};
use strata_lowering_scf_forall::forall_to_parallel::forall_to_parallel;

/// The pass object.
#[derive(Clone)]
pub struct ConvertScfToCf {
    /// MLIR's `allow-pattern-rollback`, a performance flag of its
    /// conversion driver (off: no undo log). This lowering never undoes a
    /// change (every op it visits is lowered), so both values give the same
    /// IR; the option is read so that MLIR pipelines naming it run as they
    /// are written.
    allow_pattern_rollback: bool,
}

impl Default for ConvertScfToCf {
    fn default() -> Self {
        Self {
            allow_pattern_rollback: true,
        }
    }
}

impl Pass for ConvertScfToCf {
    fn name(&self) -> &str {
        "SCFToControlFlowPass"
    }
    fn argument(&self) -> &str {
        "convert-scf-to-cf"
    }
    fn description(&self) -> &str {
        "Convert SCF dialect to ControlFlow dialect, replacing structured control flow with a CFG"
    }
    fn options(&mut self) -> Vec<PassOption<'_>> {
        vec![PassOption::bool(
            "allow-pattern-rollback",
            "Experimental performance flag to disallow pattern rollback",
            &mut self.allow_pattern_rollback,
        )]
    }
    fn run_on_operation(&mut self, pc: &mut PassContext) -> PassResult {
        let ctx = pc.ctx();
        let root = pc.op();
        Ok(try_convert_scf_to_cf(ctx, pc.ir_mut(), root)?)
    }
}

/// Lowers every `scf.for/if/while/execute_region/index_switch/parallel/forall`
/// under `root`; an `scf.forall` with shared outputs (which no CFG form
/// expresses before bufferization) is an error, as in MLIR, and the ops
/// before it in pre-order are lowered already. Ops in a region that holds
/// one block at most (the body of an `affine.for`, of a `linalg.generic`)
/// stay: their branches would make that region invalid (MLIR lowers them
/// and its verifier then rejects the result).
pub fn try_convert_scf_to_cf(ctx: &Context, ir: &mut Ir, root: OpId) -> Result<(), Diagnostic> {
    let ops = ir.collect_preorder(root);
    for op in ops {
        if !ir.is_alive(op) || ir.op_block(op).is_none() || in_single_block_region(ctx, ir, op) {
            continue;
        }
        if ForOp::is(ctx, ir, op) {
            lower_for(ctx, ir, op);
        } else if IfOp::is(ctx, ir, op) {
            lower_if(ctx, ir, op);
        } else if WhileOp::is(ctx, ir, op) {
            lower_while(ctx, ir, op);
        } else if ExecuteRegionOp::is(ctx, ir, op) {
            lower_execute_region(ctx, ir, op);
        } else if IndexSwitchOp::is(ctx, ir, op) {
            lower_index_switch(ctx, ir, op);
        } else if ParallelOp::is(ctx, ir, op) {
            lower_parallel(ctx, ir, op);
        } else if ForallOp::is(ctx, ir, op) {
            let parallel = forall_to_parallel(ctx, ir, op).map_err(|_| {
                Diagnostic::error(
                    ir.op_loc(op),
                    format!(
                        "failed to legalize operation '{}' that was explicitly marked illegal",
                        ForallOp::NAME
                    ),
                )
            })?;
            lower_parallel(ctx, ir, parallel);
        }
    }
    Ok(())
}

/// [`try_convert_scf_to_cf`] for drivers that lower before a translator:
/// an `scf.forall` it cannot lower stays, for the translator to reject.
pub fn convert_scf_to_cf(ctx: &Context, ir: &mut Ir, root: OpId) {
    let _ = try_convert_scf_to_cf(ctx, ir, root);
}

/// A builder at `at` whose ops get the location of `loc_of` (MLIR's
/// rewriter creates every op of a lowering at the lowered op's location).
fn builder<'a>(ctx: &'a Context, ir: &'a mut Ir, loc_of: OpId, at: InsertPoint) -> OpBuilder<'a> {
    let loc = ir.op_loc(loc_of);
    let mut b = OpBuilder::at(ctx, ir, at);
    b.loc = loc;
    b
}

/// The position of `block` in its region.
fn block_index(ir: &Ir, block: BlockId) -> (RegionId, usize) {
    let region = ir.block_region(block).expect("block in a region");
    let index = ir
        .region_blocks(region)
        .iter()
        .position(|&b| b == block)
        .expect("block listed in its region");
    (region, index)
}

/// Moves `op` and everything after it into a new block right after its
/// block (MLIR's `splitBlock` at `op`).
fn split_before(ir: &mut Ir, op: OpId) -> BlockId {
    let (region, index) = block_index(ir, ir.op_block(op).expect("op in a block"));
    let new_block = ir.create_block(&[]);
    ir.insert_block(region, index + 1, new_block);
    let mut cursor = Some(op);
    while let Some(o) = cursor {
        cursor = ir.next_op(o);
        ir.move_op(o, InsertPoint::BlockEnd(new_block));
    }
    new_block
}

/// Moves every block of `region` into the region of `before`, ahead of it.
fn inline_region_before(ir: &mut Ir, region: RegionId, before: BlockId) {
    let blocks: Vec<BlockId> = ir.region_blocks(region).to_vec();
    for block in blocks {
        let (dest, index) = block_index(ir, before);
        ir.detach_block(block);
        ir.insert_block(dest, index, block);
    }
}

fn br(ctx: &Context, ir: &mut Ir, loc_of: OpId, dest: BlockId, args: &[Value], at: InsertPoint) {
    let state = br_state(ctx, ir.op_loc(loc_of), dest, args);
    ir.create_op(state, at);
}

fn cond_br(
    ctx: &Context,
    ir: &mut Ir,
    loc_of: OpId,
    cond: Value,
    t: (BlockId, &[Value]),
    f: (BlockId, &[Value]),
    at: InsertPoint,
) {
    let state = cond_br_state(ctx, ir.op_loc(loc_of), cond, t, f);
    ir.create_op(state, at);
}

fn replace_and_erase(ir: &mut Ir, op: OpId, values: &[Value]) {
    ir.replace_all_op_uses_with(op, values);
    ir.erase_op(op).expect("uses replaced");
}

fn lower_for(ctx: &Context, ir: &mut Ir, op: OpId) {
    let for_op = ForOp(op);
    let init_block = ir.op_block(op).expect("op in a block");
    let (lb, ub, step) = (
        for_op.lowerBound(ctx, ir),
        for_op.upperBound(ctx, ir),
        for_op.step(ctx, ir),
    );
    let inits = for_op.initArgs(ctx, ir);
    let unsigned = for_op.unsignedCmp(ctx, ir).is_some();
    let end_block = split_before(ir, op);
    let region = ir.region(op, 0);
    let condition_block = ir.region_blocks(region)[0];
    // The body's ops move to a new first body block.
    let first_body = ir.create_block(&[]);
    ir.insert_block(region, 1, first_body);
    ir.splice_block_end(condition_block, first_body);
    let last_body = *ir.region_blocks(region).last().expect("loop body");
    inline_region_before(ir, region, end_block);
    let iv = ir.block_arg(condition_block, 0);
    let iter_args: Vec<Value> = ir.block_args(condition_block)[1..].to_vec();
    // Step and branch back.
    let terminator = ir.last_op(last_body).expect("a body ends in its scf.yield");
    let mut carried: Vec<Value> = ir.operands(terminator).collect();
    let mut b = builder(ctx, ir, op, InsertPoint::Before(terminator));
    let iv_type = b.ir.value_type(iv);
    let next = AddIOp::build(&mut b, iv, step, iv_type, None);
    carried.insert(0, b.result_of(next.op()));
    br(
        ctx,
        ir,
        op,
        condition_block,
        &carried,
        InsertPoint::Before(terminator),
    );
    ir.erase_op(terminator).expect("terminator has no results");
    // Enter with the lower bound.
    let mut entry = vec![lb];
    entry.extend(inits);
    br(
        ctx,
        ir,
        op,
        condition_block,
        &entry,
        InsertPoint::BlockEnd(init_block),
    );
    // Compare (slt, or ult for `unsignedCmp`) and branch.
    let predicate = ctx.integer_attr(ctx.signless(64), if unsigned { 6 } else { 2 });
    let mut b = builder(ctx, ir, op, InsertPoint::BlockEnd(condition_block));
    let cmp = CmpIOp::build(&mut b, iv, ub, ctx.signless(1), predicate);
    let cmp = b.result_of(cmp.op());
    cond_br(
        ctx,
        ir,
        op,
        cmp,
        (first_body, &[]),
        (end_block, &[]),
        InsertPoint::BlockEnd(condition_block),
    );
    replace_and_erase(ir, op, &iter_args);
}

/// Lowers an `scf.parallel`: an `scf.for` nest, then each loop.
fn lower_parallel(ctx: &Context, ir: &mut Ir, op: OpId) {
    for for_op in parallel_to_for(ctx, ir, op) {
        lower_for(ctx, ir, for_op);
    }
}

/// Rewrites an `scf.parallel` ended by `scf.reduce` as an `scf.for` nest,
/// returning the loops outermost first.
fn parallel_to_for(ctx: &Context, ir: &mut Ir, op: OpId) -> Vec<OpId> {
    let parallel = ParallelOp(op);
    let body = ir.entry_block(ir.region(op, 0)).expect("scf.parallel body");
    let reduce = ir.last_op(body).expect("scf.reduce terminator");
    let (lbs, ubs, steps) = (
        parallel.lowerBound(ctx, ir),
        parallel.upperBound(ctx, ir),
        parallel.step(ctx, ir),
    );
    let mut iter_args = parallel.initVals(ctx, ir);
    let types: Vec<_> = iter_args.iter().map(|&v| ir.value_type(v)).collect();
    let index = ctx.index_type();
    let mut at = InsertPoint::Before(op);
    let mut loops: Vec<OpId> = Vec::with_capacity(lbs.len());
    let mut ivs = Vec::with_capacity(lbs.len());
    for d in 0..lbs.len() {
        let mut b = builder(ctx, ir, op, at);
        let for_op = ForOp::build(&mut b, lbs[d], ubs[d], steps[d], &iter_args, &types, None).op();
        let mut arg_types = vec![index];
        arg_types.extend(types.iter().copied());
        let block = ir.append_block(ir.region(for_op, 0), &arg_types);
        ivs.push(ir.block_arg(block, 0));
        iter_args = ir.block_args(block)[1..].to_vec();
        if !loops.is_empty() {
            // The outer loop yields this one's results.
            let results: Vec<Value> = ir.results(for_op).collect();
            let outer_block = ir.op_block(for_op).expect("nested loop");
            YieldOp::build(
                &mut builder(ctx, ir, op, InsertPoint::BlockEnd(outer_block)),
                &results,
            );
        }
        loops.push(for_op);
        at = InsertPoint::BlockEnd(block);
    }
    let inner_block = ir
        .entry_block(ir.region(*loops.last().expect("rank >= 1"), 0))
        .expect("loop body");
    // Each reduction region combines the carried value with the reduced one.
    let reduced: Vec<Value> = ir.operands(reduce).collect();
    let mut yielded = Vec::with_capacity(reduced.len());
    for (i, &value) in reduced.iter().enumerate() {
        let region = ir.region(reduce, i);
        let rblock = ir.entry_block(region).expect("reduction block");
        let ret = ir
            .last_op(rblock)
            .expect("a reduction ends in its scf.reduce.return");
        let args = ir.block_args(rblock).to_vec();
        ir.replace_all_uses_with(args[0], iter_args[i]);
        ir.replace_all_uses_with(args[1], value);
        // Read after the replacement: the region may return an argument.
        yielded.push(ir.operand(ret, 0));
        ir.erase_op(ret).expect("no results");
        let moved: Vec<OpId> = ir.block_ops(rblock).collect();
        for o in moved {
            ir.move_op(o, InsertPoint::Before(reduce));
        }
    }
    ir.erase_op(reduce).expect("no results");
    for (d, &iv) in ir.block_args(body).to_vec().iter().enumerate() {
        ir.replace_all_uses_with(iv, ivs[d]);
    }
    ir.splice_block_end(body, inner_block);
    YieldOp::build(
        &mut builder(ctx, ir, op, InsertPoint::BlockEnd(inner_block)),
        &yielded,
    );
    let results: Vec<Value> = ir.results(loops[0]).collect();
    replace_and_erase(ir, op, &results);
    loops
}

/// Replaces the terminator of `block` by `cf.br dest(operands)`.
fn branch_out(ctx: &Context, ir: &mut Ir, owner: OpId, block: BlockId, dest: BlockId) {
    let terminator = ir.last_op(block).expect("terminator");
    let operands: Vec<Value> = ir.operands(terminator).collect();
    br(
        ctx,
        ir,
        owner,
        dest,
        &operands,
        InsertPoint::Before(terminator),
    );
    ir.erase_op(terminator).expect("terminator has no results");
}

fn lower_if(ctx: &Context, ir: &mut Ir, op: OpId) {
    let cond_block = ir.op_block(op).expect("op in a block");
    let cond = IfOp(op).condition(ctx, ir);
    let remaining = split_before(ir, op);
    let result_types: Vec<_> = ir.results(op).map(|v| ir.value_type(v)).collect();
    let continue_block = if result_types.is_empty() {
        remaining
    } else {
        let block = ir.create_block(&result_types);
        let (region, index) = block_index(ir, remaining);
        ir.insert_block(region, index, block);
        br(ctx, ir, op, remaining, &[], InsertPoint::BlockEnd(block));
        block
    };
    let then_region = ir.region(op, 0);
    let then_block = ir.region_blocks(then_region)[0];
    let then_last = *ir.region_blocks(then_region).last().expect("then block");
    branch_out(ctx, ir, op, then_last, continue_block);
    inline_region_before(ir, then_region, continue_block);
    let else_region = ir.region(op, 1);
    let mut else_block = continue_block;
    if !ir.region_is_empty(else_region) {
        else_block = ir.region_blocks(else_region)[0];
        let else_last = *ir.region_blocks(else_region).last().expect("else block");
        branch_out(ctx, ir, op, else_last, continue_block);
        inline_region_before(ir, else_region, continue_block);
    }
    cond_br(
        ctx,
        ir,
        op,
        cond,
        (then_block, &[]),
        (else_block, &[]),
        InsertPoint::BlockEnd(cond_block),
    );
    let args: Vec<Value> = if result_types.is_empty() {
        Vec::new()
    } else {
        ir.block_args(continue_block).to_vec()
    };
    replace_and_erase(ir, op, &args);
}

fn lower_while(ctx: &Context, ir: &mut Ir, op: OpId) {
    let current = ir.op_block(op).expect("op in a block");
    let inits = WhileOp(op).inits(ctx, ir);
    let continuation = split_before(ir, op);
    let (before_region, after_region) = (ir.region(op, 0), ir.region(op, 1));
    let before = ir.region_blocks(before_region)[0];
    let before_last = *ir.region_blocks(before_region).last().expect("before");
    let after = ir.region_blocks(after_region)[0];
    let after_last = *ir.region_blocks(after_region).last().expect("after");
    inline_region_before(ir, after_region, continuation);
    inline_region_before(ir, before_region, after);
    br(ctx, ir, op, before, &inits, InsertPoint::BlockEnd(current));
    let condition = ir
        .last_op(before_last)
        .expect("the before region ends in its scf.condition");
    let cond_operands: Vec<Value> = ir.operands(condition).collect();
    let args = cond_operands[1..].to_vec();
    cond_br(
        ctx,
        ir,
        op,
        cond_operands[0],
        (after, &args),
        (continuation, &[]),
        InsertPoint::Before(condition),
    );
    ir.erase_op(condition).expect("no results");
    branch_out(ctx, ir, op, after_last, before);
    replace_and_erase(ir, op, &args);
}

fn lower_execute_region(ctx: &Context, ir: &mut Ir, op: OpId) {
    let current = ir.op_block(op).expect("op in a block");
    let remaining = split_before(ir, op);
    let region = ir.region(op, 0);
    let entry = ir.region_blocks(region)[0];
    br(ctx, ir, op, entry, &[], InsertPoint::BlockEnd(current));
    let blocks: Vec<BlockId> = ir.region_blocks(region).to_vec();
    for block in blocks {
        let is_yield = ir.last_op(block).is_some_and(|t| YieldOp::is(ctx, ir, t));
        if is_yield {
            branch_out(ctx, ir, op, block, remaining);
        }
    }
    inline_region_before(ir, region, remaining);
    let mut values = Vec::new();
    for v in ir.results(op).collect::<Vec<_>>() {
        let ty = ir.value_type(v);
        values.push(ir.add_block_arg(remaining, ty));
    }
    replace_and_erase(ir, op, &values);
}

/// `scf.index_switch` (MLIR's `IndexSwitchLowering`): the case regions,
/// then the default region, inlined before a continuation block that takes
/// the results; a `cf.switch` on the index cast to `i32` (`i64` when a
/// case value does not fit in `i32`, see the module doc) picks one.
fn lower_index_switch(ctx: &Context, ir: &mut Ir, op: OpId) {
    let switch = IndexSwitchOp(op);
    let cond_block = ir.op_block(op).expect("op in a block");
    let arg = switch.arg(ctx, ir);
    let cases = ctx
        .dense_array_i64(switch.cases(ctx, ir))
        .unwrap_or_default();
    let continue_block = split_before(ir, op);
    let mut results = Vec::new();
    for v in ir.results(op).collect::<Vec<_>>() {
        let ty = ir.value_type(v);
        results.push(ir.add_block_arg(continue_block, ty));
    }
    // Each region's yield becomes a branch to the continuation.
    let inline = |ir: &mut Ir, region: RegionId| {
        let block = ir.region_blocks(region)[0];
        branch_out(ctx, ir, op, block, continue_block);
        inline_region_before(ir, region, continue_block);
        block
    };
    let case_blocks: Vec<BlockId> = (0..cases.len())
        .map(|i| inline(ir, ir.region(op, i + 1)))
        .collect();
    let default_block = inline(ir, ir.region(op, 0));
    let fits_i32 = cases.iter().all(|&c| i32::try_from(c).is_ok());
    let flag_type = ctx.signless(if fits_i32 { 32 } else { 64 });
    let mut b = builder(ctx, ir, op, InsertPoint::BlockEnd(cond_block));
    let flag = IndexCastOp::build(&mut b, arg, flag_type);
    let flag = b.result_of(flag.op());
    let case_targets: Vec<(i128, BlockId, Vec<Value>)> = cases
        .iter()
        .zip(case_blocks)
        .map(|(&c, block)| (c as i128, block, Vec::new()))
        .collect();
    let state = switch_state(
        ctx,
        ir,
        ir.op_loc(op),
        flag,
        (default_block, &[]),
        &case_targets,
    );
    ir.create_op(state, InsertPoint::BlockEnd(cond_block));
    replace_and_erase(ir, op, &results);
}

/// Whether `op` sits in a region that may hold one block at most.
fn in_single_block_region(ctx: &Context, ir: &Ir, op: OpId) -> bool {
    let Some(region) = ir.op_block(op).and_then(|b| ir.block_region(b)) else {
        return false;
    };
    let Some(parent) = ir.region_op(region) else {
        return false;
    };
    ctx.op_definition(ir.op_name(parent))
        .is_some_and(|def| def.region_is_single_block(ir.region_index(region)))
}
