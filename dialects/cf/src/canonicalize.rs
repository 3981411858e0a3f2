//! Canonicalizations of `cf`, after MLIR's `ControlFlowOps.cpp` (same
//! patterns, same order, same conditions), so `canonicalize` prints what
//! mlir-opt 22 prints:
//!
//! - `cf.br`: merge into a destination whose only predecessor it is
//!   (`SimplifyBrToBlockWithSinglePred`), else skip a destination that only
//!   branches on (`SimplifyPassThroughBr`).
//! - `cf.cond_br`: constant condition to `cf.br`; pass-through successors
//!   collapsed; identical successors to `cf.br`, with `arith.select`s for
//!   operands that differ when this block is the destination's only
//!   predecessor; a `cond_br` on the condition its single predecessor just
//!   branched on becomes a `cf.br`; uses of the condition inside a successor
//!   reached only from here become `true`/`false` constants.
//! - `cf.switch`: default-only to `cf.br`; cases equal to the default dropped;
//!   constant flag to `cf.br`; pass-through successors collapsed; a switch
//!   on the flag its single predecessor switched on folds to the known case,
//!   or loses the cases that predecessor already handled.
//! - `cf.assert` on a constant `true` is erased.
//!
//! Rebuilt terminators drop `branch_weights`, as MLIR's builders do.
//! Predecessors are found by scanning the region's terminators: Strata's
//! blocks keep no use lists, and regions are small.

use crate::ops::{
    case_values, case_values_attr, segments, successor_operand_range, successor_operand_ranges,
};
use strata_ir::fold::constant_of_value;
use strata_ir::rewrite::{NoMatch, PatternRewriter, RewritePatternSet, RewriteResult};
use strata_ir::{BlockId, Context, Ir, Location, OpId, OperationState, Value};

pub(crate) fn br_patterns(ctx: &Context, set: &mut RewritePatternSet) {
    let name = Some(ctx.op_name("cf.br"));
    set.add_fn(name, 1, "BranchOp::canonicalize", |op, rw| {
        simplify_br_to_block_with_single_pred(op, rw).or_else(|_| simplify_pass_through_br(op, rw))
    });
}

pub(crate) fn cond_br_patterns(ctx: &Context, set: &mut RewritePatternSet) {
    let name = Some(ctx.op_name("cf.cond_br"));
    set.add_fn(name, 1, "SimplifyConstCondBranchPred", const_cond_branch);
    set.add_fn(
        name,
        1,
        "SimplifyPassThroughCondBranch",
        pass_through_cond_branch,
    );
    set.add_fn(
        name,
        1,
        "SimplifyCondBranchIdenticalSuccessors",
        cond_branch_identical_successors,
    );
    set.add_fn(
        name,
        1,
        "SimplifyCondBranchFromCondBranchOnSameCondition",
        cond_branch_from_same_condition,
    );
    set.add_fn(
        name,
        1,
        "CondBranchTruthPropagation",
        cond_branch_truth_propagation,
    );
}

pub(crate) fn switch_patterns(ctx: &Context, set: &mut RewritePatternSet) {
    let name = Some(ctx.op_name("cf.switch"));
    set.add_fn(
        name,
        1,
        "simplifySwitchWithOnlyDefault",
        switch_only_default,
    );
    set.add_fn(
        name,
        1,
        "dropSwitchCasesThatMatchDefault",
        drop_cases_matching_default,
    );
    set.add_fn(name, 1, "simplifyConstSwitchValue", const_switch_value);
    set.add_fn(name, 1, "simplifyPassThroughSwitch", pass_through_switch);
    set.add_fn(
        name,
        1,
        "simplifySwitchFromSwitchOnSameCondition",
        switch_from_switch_case,
    );
    set.add_fn(
        name,
        1,
        "simplifySwitchFromDefaultSwitchOnSameCondition",
        switch_from_switch_default,
    );
}

pub(crate) fn assert_patterns(ctx: &Context, set: &mut RewritePatternSet) {
    let name = Some(ctx.op_name("cf.assert"));
    set.add_fn(name, 1, "AssertOp::canonicalize", |op, rw| {
        let ctx = rw.ctx();
        match constant_int(ctx, rw.ir(), rw.ir().operand(op, 0)) {
            Some(v) if v != 0 => {
                rw.erase_op(op);
                Ok(())
            }
            _ => Err(NoMatch),
        }
    });
}

// ---------------------------------------------------------------------------
// Builders (MLIR's `BranchOp::build` & co.)
// ---------------------------------------------------------------------------

/// `cf.br ^dest(operands)`.
pub fn br_state(ctx: &Context, loc: Location, dest: BlockId, operands: &[Value]) -> OperationState {
    let mut state = OperationState::new(ctx, "cf.br", loc);
    state.operands = operands.to_vec();
    state.successors = vec![dest];
    state
}

/// `cf.cond_br cond, ^t(t_ops), ^f(f_ops)` (no weights).
pub fn cond_br_state(
    ctx: &Context,
    loc: Location,
    cond: Value,
    (t, t_ops): (BlockId, &[Value]),
    (f, f_ops): (BlockId, &[Value]),
) -> OperationState {
    let mut state = OperationState::new(ctx, "cf.cond_br", loc);
    state.operands = std::iter::once(cond)
        .chain(t_ops.iter().copied())
        .chain(f_ops.iter().copied())
        .collect();
    state.successors = vec![t, f];
    state.properties = ctx.dictionary_attr([(
        ctx.intern_str("operandSegmentSizes"),
        segments(ctx, &[1, t_ops.len(), f_ops.len()]),
    )]);
    state
}

/// `cf.switch flag, [default: ^d(d_ops), case_i: ^dest_i(ops_i)...]`.
pub fn switch_state(
    ctx: &Context,
    ir: &Ir,
    loc: Location,
    flag: Value,
    (default, d_ops): (BlockId, &[Value]),
    cases: &[(i128, BlockId, Vec<Value>)],
) -> OperationState {
    let mut state = OperationState::new(ctx, "cf.switch", loc);
    state.operands = vec![flag];
    state.operands.extend_from_slice(d_ops);
    state.successors = vec![default];
    let mut case_sizes = Vec::new();
    for (_, dest, ops) in cases {
        state.operands.extend_from_slice(ops);
        state.successors.push(*dest);
        case_sizes.push(ops.len());
    }
    let total = case_sizes.iter().sum();
    let mut props = Vec::new();
    let values: Vec<i128> = cases.iter().map(|c| c.0).collect();
    if let Some(attr) = case_values_attr(ctx, ir.value_type(flag), &values) {
        props.push((ctx.intern_str("case_values"), attr));
    }
    props.push((
        ctx.intern_str("case_operand_segments"),
        segments(ctx, &case_sizes),
    ));
    props.push((
        ctx.intern_str("operandSegmentSizes"),
        segments(ctx, &[1, d_ops.len(), total]),
    ));
    state.properties = ctx.dictionary_attr(props);
    state
}

// ---------------------------------------------------------------------------
// CFG helpers
// ---------------------------------------------------------------------------

fn constant_int(ctx: &Context, ir: &Ir, v: Value) -> Option<i128> {
    constant_of_value(ctx, ir, v).and_then(|a| ctx.integer_value(a))
}

fn successor_operands(ctx: &Context, ir: &Ir, op: OpId, index: usize) -> Vec<Value> {
    let (start, len) = successor_operand_range(ctx, ir, op, index);
    (start..start + len).map(|i| ir.operand(op, i)).collect()
}

/// The blocks branching to `block`, one entry per successor slot (MLIR's
/// `getPredecessors`), from the block's predecessor list.
fn predecessor_edges(ir: &Ir, block: BlockId) -> Vec<BlockId> {
    ir.predecessors(block)
        .filter_map(|slot| ir.op_block(slot.op))
        .collect()
}

/// MLIR's `Block::getSinglePredecessor`: exactly one incoming edge.
fn single_predecessor(ir: &Ir, block: BlockId) -> Option<BlockId> {
    ir.single_predecessor(block).and_then(|op| ir.op_block(op))
}

/// MLIR's `Block::getUniquePredecessor`: every incoming edge from one block.
fn unique_predecessor(ir: &Ir, block: BlockId) -> Option<BlockId> {
    let mut edges = ir.predecessors(block).map(|slot| ir.op_block(slot.op));
    let first = edges.next()??;
    edges.all(|b| b == Some(first)).then_some(first)
}

fn is_op(ctx: &Context, ir: &Ir, op: OpId, name: &str) -> bool {
    ctx.op_name_str(ir.op_name(op)) == name
}

/// MLIR's `collapseBranch`: if `dest` holds only a `cf.br` that uses the
/// block's arguments nowhere else and does not loop to itself, the
/// destination and operands to branch to instead.
fn collapse_branch(
    ctx: &Context,
    ir: &Ir,
    dest: BlockId,
    operands: &[Value],
) -> Option<(BlockId, Vec<Value>)> {
    let term = ir.first_op(dest)?;
    if ir.last_op(dest) != Some(term) || !is_op(ctx, ir, term, "cf.br") {
        return None;
    }
    for &arg in ir.block_args(dest) {
        if ir.users(arg).any(|u| u != term) {
            return None;
        }
    }
    let next = ir.successors(term)[0];
    if next == dest {
        return None;
    }
    let forwarded = ir
        .operands(term)
        .map(|v| match ir.block_args(dest).iter().position(|&a| a == v) {
            Some(i) => operands[i],
            None => v,
        })
        .collect();
    Some((next, forwarded))
}

fn replace_with_br(rw: &mut PatternRewriter, op: OpId, dest: BlockId, operands: &[Value]) {
    let state = br_state(rw.ctx(), rw.ir().op_loc(op), dest, operands);
    rw.replace_op_with_new(op, state);
}

// ---------------------------------------------------------------------------
// cf.br
// ---------------------------------------------------------------------------

fn simplify_br_to_block_with_single_pred(op: OpId, rw: &mut PatternRewriter) -> RewriteResult {
    let ir = rw.ir();
    let dest = ir.successors(op)[0];
    let parent = ir.op_block(op).ok_or(NoMatch)?;
    if dest == parent || predecessor_edges(ir, dest).len() != 1 {
        return Err(NoMatch);
    }
    let operands: Vec<Value> = ir.operands(op).collect();
    rw.erase_op(op);
    rw.merge_blocks(dest, parent, &operands);
    Ok(())
}

fn simplify_pass_through_br(op: OpId, rw: &mut PatternRewriter) -> RewriteResult {
    let (ctx, ir) = (rw.ctx(), rw.ir());
    let dest = ir.successors(op)[0];
    if Some(dest) == ir.op_block(op) {
        return Err(NoMatch);
    }
    let operands: Vec<Value> = ir.operands(op).collect();
    let (next, forwarded) = collapse_branch(ctx, ir, dest, &operands).ok_or(NoMatch)?;
    replace_with_br(rw, op, next, &forwarded);
    Ok(())
}

// ---------------------------------------------------------------------------
// cf.cond_br
// ---------------------------------------------------------------------------

fn const_cond_branch(op: OpId, rw: &mut PatternRewriter) -> RewriteResult {
    let (ctx, ir) = (rw.ctx(), rw.ir());
    let value = constant_int(ctx, ir, ir.operand(op, 0)).ok_or(NoMatch)?;
    let taken = if value != 0 { 0 } else { 1 };
    let dest = ir.successors(op)[taken];
    let operands = successor_operands(ctx, ir, op, taken);
    replace_with_br(rw, op, dest, &operands);
    Ok(())
}

fn pass_through_cond_branch(op: OpId, rw: &mut PatternRewriter) -> RewriteResult {
    let (ctx, ir) = (rw.ctx(), rw.ir());
    let mut changed = false;
    let mut succ = Vec::new();
    for i in 0..2 {
        let dest = ir.successors(op)[i];
        let operands = successor_operands(ctx, ir, op, i);
        match collapse_branch(ctx, ir, dest, &operands) {
            Some(collapsed) => {
                changed = true;
                succ.push(collapsed);
            }
            None => succ.push((dest, operands)),
        }
    }
    if !changed {
        return Err(NoMatch);
    }
    let cond = ir.operand(op, 0);
    let state = cond_br_state(
        ctx,
        ir.op_loc(op),
        cond,
        (succ[0].0, &succ[0].1),
        (succ[1].0, &succ[1].1),
    );
    rw.replace_op_with_new(op, state);
    Ok(())
}

fn cond_branch_identical_successors(op: OpId, rw: &mut PatternRewriter) -> RewriteResult {
    let (ctx, ir) = (rw.ctx(), rw.ir());
    let dest = ir.successors(op)[0];
    if dest != ir.successors(op)[1] {
        return Err(NoMatch);
    }
    let t = successor_operands(ctx, ir, op, 0);
    let f = successor_operands(ctx, ir, op, 1);
    if t == f {
        replace_with_br(rw, op, dest, &t);
        return Ok(());
    }
    if unique_predecessor(ir, dest) != ir.op_block(op) {
        return Err(NoMatch);
    }
    let cond = ir.operand(op, 0);
    let loc = ir.op_loc(op);
    let mut merged = Vec::with_capacity(t.len());
    for (&a, &b) in t.iter().zip(&f) {
        if a == b {
            merged.push(a);
        } else {
            let ty = rw.ir().value_type(a);
            let select = strata_dialect_arith::build::select_state(ctx, cond, a, b, ty, loc);
            let s = rw.create_op(select);
            merged.push(rw.ir().result(s, 0));
        }
    }
    replace_with_br(rw, op, dest, &merged);
    Ok(())
}

fn cond_branch_from_same_condition(op: OpId, rw: &mut PatternRewriter) -> RewriteResult {
    let (ctx, ir) = (rw.ctx(), rw.ir());
    let block = ir.op_block(op).ok_or(NoMatch)?;
    let pred = single_predecessor(ir, block).ok_or(NoMatch)?;
    let pred_term = ir.last_op(pred).ok_or(NoMatch)?;
    if !is_op(ctx, ir, pred_term, "cf.cond_br") || ir.operand(pred_term, 0) != ir.operand(op, 0) {
        return Err(NoMatch);
    }
    let taken = if ir.successors(pred_term)[0] == block {
        0
    } else {
        1
    };
    let dest = ir.successors(op)[taken];
    let operands = successor_operands(ctx, ir, op, taken);
    replace_with_br(rw, op, dest, &operands);
    Ok(())
}

fn cond_branch_truth_propagation(op: OpId, rw: &mut PatternRewriter) -> RewriteResult {
    let ctx = rw.ctx();
    let cond = rw.ir().operand(op, 0);
    let loc = rw.ir().op_loc(op);
    let mut replaced = false;
    for (index, truth) in [(0usize, true), (1, false)] {
        let dest = rw.ir().successors(op)[index];
        if single_predecessor(rw.ir(), dest).is_none() {
            continue;
        }
        let users: Vec<OpId> = rw
            .ir()
            .users(cond)
            .filter(|&u| rw.ir().op_block(u) == Some(dest))
            .collect();
        if users.is_empty() {
            continue;
        }
        replaced = true;
        let state = strata_dialect_arith::build::constant_state(
            ctx,
            ctx.bool_attr(truth),
            ctx.signless(1),
            loc,
        );
        let constant = rw.create_op(state);
        let value = rw.ir().result(constant, 0);
        for user in users {
            rw.modify_op_in_place(user, |ir| {
                for i in 0..ir.num_operands(user) {
                    if ir.operand(user, i) == cond {
                        ir.set_operand(user, i, value);
                    }
                }
            });
        }
    }
    if replaced {
        Ok(())
    } else {
        Err(NoMatch)
    }
}

// ---------------------------------------------------------------------------
// cf.switch
// ---------------------------------------------------------------------------

/// The cases of a switch: (value, destination, operands).
fn switch_cases(ctx: &Context, ir: &Ir, op: OpId) -> Vec<(i128, BlockId, Vec<Value>)> {
    let ranges = successor_operand_ranges(ctx, ir, op);
    case_values(ctx, ir, op)
        .into_iter()
        .zip(ir.successors(op).iter().zip(&ranges).skip(1))
        .map(|(v, (&block, &(start, len)))| {
            (
                v,
                block,
                (start..start + len).map(|i| ir.operand(op, i)).collect(),
            )
        })
        .collect()
}

fn same_case_value(ctx: &Context, ir: &Ir, op: OpId, a: i128, b: i128) -> bool {
    let width = ctx
        .integer_width(ir.value_type(ir.operand(op, 0)))
        .unwrap_or(64);
    strata_dialect_arith::semantics::mask(a as u128, width)
        == strata_dialect_arith::semantics::mask(b as u128, width)
}

fn replace_switch(
    rw: &mut PatternRewriter,
    op: OpId,
    default: (BlockId, &[Value]),
    cases: &[(i128, BlockId, Vec<Value>)],
) {
    let ir = rw.ir();
    let state = switch_state(
        rw.ctx(),
        ir,
        ir.op_loc(op),
        ir.operand(op, 0),
        default,
        cases,
    );
    rw.replace_op_with_new(op, state);
}

/// MLIR's `foldSwitch`: branch to the case for `value`, else to the default.
fn fold_switch(rw: &mut PatternRewriter, op: OpId, value: i128) {
    let (ctx, ir) = (rw.ctx(), rw.ir());
    let cases = switch_cases(ctx, ir, op);
    let (dest, operands) = match cases
        .iter()
        .find(|c| same_case_value(ctx, ir, op, c.0, value))
    {
        Some((_, dest, operands)) => (*dest, operands.clone()),
        None => (ir.successors(op)[0], successor_operands(ctx, ir, op, 0)),
    };
    replace_with_br(rw, op, dest, &operands);
}

fn switch_only_default(op: OpId, rw: &mut PatternRewriter) -> RewriteResult {
    let (ctx, ir) = (rw.ctx(), rw.ir());
    if ir.successors(op).len() != 1 {
        return Err(NoMatch);
    }
    let operands = successor_operands(ctx, ir, op, 0);
    replace_with_br(rw, op, ir.successors(op)[0], &operands);
    Ok(())
}

fn drop_cases_matching_default(op: OpId, rw: &mut PatternRewriter) -> RewriteResult {
    let (ctx, ir) = (rw.ctx(), rw.ir());
    let default = ir.successors(op)[0];
    let d_ops = successor_operands(ctx, ir, op, 0);
    let cases = switch_cases(ctx, ir, op);
    let kept: Vec<_> = cases
        .iter()
        .filter(|c| !(c.1 == default && c.2 == d_ops))
        .cloned()
        .collect();
    if kept.len() == cases.len() {
        return Err(NoMatch);
    }
    replace_switch(rw, op, (default, &d_ops), &kept);
    Ok(())
}

fn const_switch_value(op: OpId, rw: &mut PatternRewriter) -> RewriteResult {
    let (ctx, ir) = (rw.ctx(), rw.ir());
    let value = constant_int(ctx, ir, ir.operand(op, 0)).ok_or(NoMatch)?;
    fold_switch(rw, op, value);
    Ok(())
}

fn pass_through_switch(op: OpId, rw: &mut PatternRewriter) -> RewriteResult {
    let (ctx, ir) = (rw.ctx(), rw.ir());
    let mut changed = false;
    let mut cases = switch_cases(ctx, ir, op);
    for case in cases.iter_mut() {
        if let Some((dest, operands)) = collapse_branch(ctx, ir, case.1, &case.2) {
            changed = true;
            case.1 = dest;
            case.2 = operands;
        }
    }
    let mut default = ir.successors(op)[0];
    let mut d_ops = successor_operands(ctx, ir, op, 0);
    if let Some((dest, operands)) = collapse_branch(ctx, ir, default, &d_ops) {
        changed = true;
        default = dest;
        d_ops = operands;
    }
    if !changed {
        return Err(NoMatch);
    }
    replace_switch(rw, op, (default, &d_ops), &cases);
    Ok(())
}

/// The `cf.switch` ending the single predecessor of `op`'s block, if it
/// switches on the same flag.
fn predecessor_switch(ctx: &Context, ir: &Ir, op: OpId) -> Option<(BlockId, OpId)> {
    let block = ir.op_block(op)?;
    let pred = single_predecessor(ir, block)?;
    let pred_switch = ir.last_op(pred)?;
    (is_op(ctx, ir, pred_switch, "cf.switch") && ir.operand(pred_switch, 0) == ir.operand(op, 0))
        .then_some((block, pred_switch))
}

fn switch_from_switch_case(op: OpId, rw: &mut PatternRewriter) -> RewriteResult {
    let (ctx, ir) = (rw.ctx(), rw.ir());
    let (block, pred_switch) = predecessor_switch(ctx, ir, op).ok_or(NoMatch)?;
    if ir.successors(pred_switch)[0] == block {
        return Err(NoMatch);
    }
    let pred_cases = switch_cases(ctx, ir, pred_switch);
    match pred_cases.iter().find(|c| c.1 == block) {
        Some(&(value, _, _)) => fold_switch(rw, op, value),
        None => {
            let operands = successor_operands(ctx, ir, op, 0);
            replace_with_br(rw, op, ir.successors(op)[0], &operands);
        }
    }
    Ok(())
}

fn switch_from_switch_default(op: OpId, rw: &mut PatternRewriter) -> RewriteResult {
    let (ctx, ir) = (rw.ctx(), rw.ir());
    let (block, pred_switch) = predecessor_switch(ctx, ir, op).ok_or(NoMatch)?;
    if ir.successors(pred_switch)[0] != block {
        return Err(NoMatch);
    }
    let impossible: Vec<i128> = switch_cases(ctx, ir, pred_switch)
        .into_iter()
        .filter(|c| c.1 != block)
        .map(|c| c.0)
        .collect();
    let cases = switch_cases(ctx, ir, op);
    let kept: Vec<_> = cases
        .iter()
        .filter(|c| {
            !impossible
                .iter()
                .any(|&v| same_case_value(ctx, ir, op, v, c.0))
        })
        .cloned()
        .collect();
    if kept.len() == cases.len() {
        return Err(NoMatch);
    }
    let d_ops = successor_operands(ctx, ir, op, 0);
    replace_switch(rw, op, (ir.successors(op)[0], &d_ops), &kept);
    Ok(())
}
