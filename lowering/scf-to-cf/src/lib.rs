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
//! - `scf.parallel`: first a nest of `scf.for`, one per dimension, carrying
//!   the reduction values down as `iter_args` and combining them at the
//!   innermost body with the inlined `scf.reduce` regions (MLIR's
//!   `ParallelLowering`); the loops are then lowered as `scf.for`.
//!
//! Ops are lowered outermost first, as MLIR's conversion driver visits them.

use strata_ir::pass::{Pass, PassContext, PassResult};
use strata_ir::{BlockId, Context, InsertPoint, Ir, OpId, OperationState, Value};

/// The pass object.
#[derive(Clone, Default)]
pub struct ConvertScfToCf;

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
    fn run_on_operation(&mut self, pc: &mut PassContext) -> PassResult {
        let ctx = pc.ctx();
        let root = pc.op();
        convert_scf_to_cf(ctx, pc.ir_mut(), root);
        Ok(())
    }
}

/// Lowers every `scf.for/if/while/execute_region` under `root`.
pub fn convert_scf_to_cf(ctx: &Context, ir: &mut Ir, root: OpId) {
    let ops = ir.collect_preorder(root);
    for op in ops {
        if !ir.is_alive(op) || ir.op_block(op).is_none() {
            continue;
        }
        match ctx.op_name_str(ir.op_name(op)) {
            "scf.for" => lower_for(ctx, ir, op),
            "scf.if" => lower_if(ctx, ir, op),
            "scf.while" => lower_while(ctx, ir, op),
            "scf.execute_region" => lower_execute_region(ctx, ir, op),
            "scf.parallel" => {
                for for_op in parallel_to_for(ctx, ir, op) {
                    lower_for(ctx, ir, for_op);
                }
            }
            _ => {}
        }
    }
}

/// Moves `op` and everything after it into a new block right after its
/// block (MLIR's `splitBlock` at `op`).
fn split_before(ir: &mut Ir, op: OpId) -> BlockId {
    let block = ir.op_block(op).expect("op in a block");
    let region = ir.block_region(block).expect("block in a region");
    let index = ir
        .region_blocks(region)
        .iter()
        .position(|&b| b == block)
        .unwrap();
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
fn inline_region_before(ir: &mut Ir, region: strata_ir::RegionId, before: BlockId) {
    let dest = ir.block_region(before).expect("block in region");
    let blocks: Vec<BlockId> = ir.region_blocks(region).to_vec();
    for block in blocks {
        let index = ir
            .region_blocks(dest)
            .iter()
            .position(|&b| b == before)
            .unwrap();
        ir.detach_block(block);
        ir.insert_block(dest, index, block);
    }
}

fn create(
    ctx: &Context,
    ir: &mut Ir,
    loc_of: OpId,
    name: &str,
    operands: Vec<Value>,
    successors: Vec<BlockId>,
    at: InsertPoint,
) -> OpId {
    let mut state = OperationState::new(ctx, name, ir.op_loc(loc_of));
    state.operands = operands;
    state.successors = successors;
    ir.create_op(state, at)
}

fn br(ctx: &Context, ir: &mut Ir, loc_of: OpId, dest: BlockId, args: Vec<Value>, at: InsertPoint) {
    create(ctx, ir, loc_of, "cf.br", args, vec![dest], at);
}

fn cond_br(
    ctx: &Context,
    ir: &mut Ir,
    loc_of: OpId,
    cond: Value,
    t: (BlockId, Vec<Value>),
    f: (BlockId, Vec<Value>),
    at: InsertPoint,
) {
    let sizes = [1, t.1.len() as i32, f.1.len() as i32];
    let mut operands = vec![cond];
    operands.extend(t.1);
    operands.extend(f.1);
    let op = create(ctx, ir, loc_of, "cf.cond_br", operands, vec![t.0, f.0], at);
    ir.set_property(
        ctx,
        op,
        "operandSegmentSizes",
        Some(ctx.dense_i32_array(&sizes)),
    );
}

fn replace_and_erase(ir: &mut Ir, op: OpId, values: &[Value]) {
    ir.replace_all_op_uses_with(op, values);
    ir.erase_op(op).expect("uses replaced");
}

fn lower_for(ctx: &Context, ir: &mut Ir, op: OpId) {
    let init_block = ir.op_block(op).unwrap();
    let operands: Vec<Value> = ir.operands(op).collect();
    let (lb, ub, step) = (operands[0], operands[1], operands[2]);
    let inits = operands[3..].to_vec();
    let unsigned = ir.attr(ctx, op, "unsignedCmp").is_some();
    let end_block = split_before(ir, op);
    let region = ir.region(op, 0);
    let condition_block = ir.region_blocks(region)[0];
    // The body's ops move to a new first body block.
    let first_body = ir.create_block(&[]);
    ir.insert_block(region, 1, first_body);
    ir.splice_block_end(condition_block, first_body);
    let last_body = *ir.region_blocks(region).last().unwrap();
    inline_region_before(ir, region, end_block);
    let iv = ir.block_arg(condition_block, 0);
    let iter_args: Vec<Value> = ir.block_args(condition_block)[1..].to_vec();
    // Step and branch back.
    let terminator = ir.last_op(last_body).unwrap();
    let yielded: Vec<Value> = ir.operands(terminator).collect();
    let mut state = OperationState::new(ctx, "arith.addi", ir.op_loc(op));
    state.operands = vec![iv, step];
    state.result_types = vec![ir.value_type(iv)];
    let add = ir.create_op(state, InsertPoint::Before(terminator));
    let mut carried = vec![ir.result(add, 0)];
    carried.extend(yielded);
    br(
        ctx,
        ir,
        op,
        condition_block,
        carried,
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
        entry,
        InsertPoint::BlockEnd(init_block),
    );
    // Compare and branch.
    let mut state = OperationState::new(ctx, "arith.cmpi", ir.op_loc(op));
    state.operands = vec![iv, ub];
    state.result_types = vec![ctx.signless(1)];
    state.properties = ctx.dictionary_attr([(
        ctx.intern_str("predicate"),
        ctx.i64_attr(if unsigned { 6 } else { 2 }),
    )]);
    let cmp = ir.create_op(state, InsertPoint::BlockEnd(condition_block));
    let cmp = ir.result(cmp, 0);
    cond_br(
        ctx,
        ir,
        op,
        cmp,
        (first_body, vec![]),
        (end_block, vec![]),
        InsertPoint::BlockEnd(condition_block),
    );
    replace_and_erase(ir, op, &iter_args);
}

/// Rewrites an `scf.parallel` ended by `scf.reduce` as an `scf.for` nest,
/// returning the loops outermost first.
fn parallel_to_for(ctx: &Context, ir: &mut Ir, op: OpId) -> Vec<OpId> {
    let body = ir.entry_block(ir.region(op, 0)).expect("scf.parallel body");
    let reduce = ir.last_op(body).expect("scf.reduce terminator");
    let operands: Vec<Value> = ir.operands(op).collect();
    let n = ir.block_args(body).len();
    let (lbs, ubs, steps) = (&operands[..n], &operands[n..2 * n], &operands[2 * n..3 * n]);
    let mut iter_args: Vec<Value> = operands[3 * n..].to_vec();
    let types: Vec<_> = iter_args.iter().map(|&v| ir.value_type(v)).collect();
    let index = ctx.index_type();
    let loc = ir.op_loc(op);
    let mut at = InsertPoint::Before(op);
    let mut loops: Vec<OpId> = Vec::with_capacity(n);
    let mut ivs = Vec::with_capacity(n);
    for d in 0..n {
        let mut state = OperationState::new(ctx, "scf.for", loc);
        state.operands = vec![lbs[d], ubs[d], steps[d]];
        state.operands.extend(iter_args.iter().copied());
        state.result_types = types.clone();
        state.num_regions = 1;
        let for_op = ir.create_op(state, at);
        let mut arg_types = vec![index];
        arg_types.extend(types.iter().copied());
        let block = ir.append_block(ir.region(for_op, 0), &arg_types);
        ivs.push(ir.block_arg(block, 0));
        iter_args = ir.block_args(block)[1..].to_vec();
        if let Some(&outer) = loops.last() {
            // The outer loop yields this one's results.
            let outer_block = ir.op_block(for_op).unwrap();
            let results: Vec<Value> = ir.results(for_op).collect();
            let mut y = OperationState::new(ctx, "scf.yield", ir.op_loc(outer));
            y.operands = results;
            ir.create_op(y, InsertPoint::BlockEnd(outer_block));
        }
        loops.push(for_op);
        at = InsertPoint::BlockEnd(block);
    }
    let inner_block = ir
        .entry_block(ir.region(*loops.last().unwrap(), 0))
        .unwrap();
    // Each reduction region combines the carried value with the reduced one.
    let reduced: Vec<Value> = ir.operands(reduce).collect();
    let mut yielded = Vec::with_capacity(reduced.len());
    for (i, &value) in reduced.iter().enumerate() {
        let region = ir.region(reduce, i);
        let rblock = ir.entry_block(region).expect("reduction block");
        let ret = ir.last_op(rblock).expect("scf.reduce.return");
        yielded.push(ir.operand(ret, 0));
        ir.erase_op(ret).expect("no results");
        let args = ir.block_args(rblock).to_vec();
        ir.replace_all_uses_with(args[0], iter_args[i]);
        ir.replace_all_uses_with(args[1], value);
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
    let mut y = OperationState::new(ctx, "scf.yield", loc);
    y.operands = yielded;
    ir.create_op(y, InsertPoint::BlockEnd(inner_block));
    let results: Vec<Value> = ir.results(loops[0]).collect();
    replace_and_erase(ir, op, &results);
    loops
}

/// Replaces the terminator of `block` by `cf.br dest(operands)`.
fn branch_out(ctx: &Context, ir: &mut Ir, owner: OpId, block: BlockId, dest: BlockId) {
    let terminator = ir.last_op(block).unwrap();
    let operands: Vec<Value> = ir.operands(terminator).collect();
    br(
        ctx,
        ir,
        owner,
        dest,
        operands,
        InsertPoint::Before(terminator),
    );
    ir.erase_op(terminator).expect("terminator has no results");
}

fn lower_if(ctx: &Context, ir: &mut Ir, op: OpId) {
    let cond_block = ir.op_block(op).unwrap();
    let cond = ir.operand(op, 0);
    let remaining = split_before(ir, op);
    let result_types: Vec<_> = ir.results(op).map(|v| ir.value_type(v)).collect();
    let continue_block = if result_types.is_empty() {
        remaining
    } else {
        let block = ir.create_block(&result_types);
        let region = ir.block_region(remaining).unwrap();
        let index = ir
            .region_blocks(region)
            .iter()
            .position(|&b| b == remaining)
            .unwrap();
        ir.insert_block(region, index, block);
        br(ctx, ir, op, remaining, vec![], InsertPoint::BlockEnd(block));
        block
    };
    let then_region = ir.region(op, 0);
    let then_block = ir.region_blocks(then_region)[0];
    let then_last = *ir.region_blocks(then_region).last().unwrap();
    branch_out(ctx, ir, op, then_last, continue_block);
    inline_region_before(ir, then_region, continue_block);
    let else_region = ir.region(op, 1);
    let mut else_block = continue_block;
    if !ir.region_is_empty(else_region) {
        else_block = ir.region_blocks(else_region)[0];
        let else_last = *ir.region_blocks(else_region).last().unwrap();
        branch_out(ctx, ir, op, else_last, continue_block);
        inline_region_before(ir, else_region, continue_block);
    }
    cond_br(
        ctx,
        ir,
        op,
        cond,
        (then_block, vec![]),
        (else_block, vec![]),
        InsertPoint::BlockEnd(cond_block),
    );
    let args: Vec<Value> = ir.block_args(continue_block).to_vec();
    let args = if result_types.is_empty() {
        Vec::new()
    } else {
        args
    };
    replace_and_erase(ir, op, &args);
}

fn lower_while(ctx: &Context, ir: &mut Ir, op: OpId) {
    let current = ir.op_block(op).unwrap();
    let inits: Vec<Value> = ir.operands(op).collect();
    let continuation = split_before(ir, op);
    let (before_region, after_region) = (ir.region(op, 0), ir.region(op, 1));
    let before = ir.region_blocks(before_region)[0];
    let before_last = *ir.region_blocks(before_region).last().unwrap();
    let after = ir.region_blocks(after_region)[0];
    let after_last = *ir.region_blocks(after_region).last().unwrap();
    inline_region_before(ir, after_region, continuation);
    inline_region_before(ir, before_region, after);
    br(ctx, ir, op, before, inits, InsertPoint::BlockEnd(current));
    let condition = ir.last_op(before_last).unwrap();
    let cond_operands: Vec<Value> = ir.operands(condition).collect();
    let args = cond_operands[1..].to_vec();
    cond_br(
        ctx,
        ir,
        op,
        cond_operands[0],
        (after, args.clone()),
        (continuation, vec![]),
        InsertPoint::Before(condition),
    );
    ir.erase_op(condition).expect("no results");
    branch_out(ctx, ir, op, after_last, before);
    replace_and_erase(ir, op, &args);
}

fn lower_execute_region(ctx: &Context, ir: &mut Ir, op: OpId) {
    let current = ir.op_block(op).unwrap();
    let remaining = split_before(ir, op);
    let region = ir.region(op, 0);
    let entry = ir.region_blocks(region)[0];
    br(ctx, ir, op, entry, vec![], InsertPoint::BlockEnd(current));
    let blocks: Vec<BlockId> = ir.region_blocks(region).to_vec();
    for block in blocks {
        let is_yield = ir
            .last_op(block)
            .is_some_and(|t| ctx.op_name_str(ir.op_name(t)) == "scf.yield");
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
