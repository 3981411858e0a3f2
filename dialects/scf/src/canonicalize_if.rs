//! More `scf.if` and `scf.index_switch` canonicalizations of MLIR 22:
//!
//! - `IfOp::fold`: `if (!c) A else B` becomes `if c B else A` when `!c` is
//!   `arith.xori c, true`;
//! - `ReplaceIfYieldWithConditionOrValue`: a result both branches yield
//!   alike is that value; one yielding `true`/`false` is the condition,
//!   `false`/`true` its negation;
//! - `CombineIfs`: two adjacent ifs on the same condition (or its
//!   negation) become one, the second's uses of the first's results reading
//!   the yielded values directly;
//! - `CombineNestedIfs`: an if whose then-block only holds another if (and
//!   whose else-blocks only yield) becomes one if on `arith.andi` of both
//!   conditions, values the outer one yields from outside becoming
//!   `arith.select`s;
//! - `FoldConstantCase` of `scf.index_switch`: a constant index inlines its
//!   case (or the default).

use crate::canonicalize::{constant_int, i1_constant};
use crate::{IfOp, IndexSwitchOp, YieldOp};
use strata_dialect_arith::build::select_state;
use strata_dialect_arith::{AndIOp, XOrIOp};
use strata_dialect_tensor::syntax::i64_array_prop;
use strata_ir::rewrite::{NoMatch, PatternRewriter, RewritePatternSet, RewriteResult};
use strata_ir::{BlockId, Context, InsertPoint, Ir, OpId, OperationState, RegionId, Type, Value};

pub(crate) fn add_if_patterns(ctx: &Context, set: &mut RewritePatternSet) {
    let name = Some(ctx.op_name(IfOp::NAME));
    set.add_fn(name, 3, "IfOpFold", if_fold_not_condition);
    set.add_fn(
        name,
        2,
        "ReplaceIfYieldWithConditionOrValue",
        if_yield_condition,
    );
    set.add_fn(name, 2, "CombineIfs", combine_ifs);
    set.add_fn(name, 2, "CombineNestedIfs", combine_nested_ifs);
}

pub(crate) fn index_switch_patterns(ctx: &Context, set: &mut RewritePatternSet) {
    let name = Some(ctx.op_name(IndexSwitchOp::NAME));
    set.add_fn(name, 1, "FoldConstantCase", index_switch_constant);
}

fn block_of(ir: &Ir, op: OpId, region: usize) -> Option<BlockId> {
    ir.entry_block(ir.region(op, region))
}

fn yield_operands(ir: &Ir, block: BlockId) -> Vec<Value> {
    ir.last_op(block)
        .map(|t| ir.operands(t).collect())
        .unwrap_or_default()
}

/// `v` is `arith.xori x, 1`: returns `x`.
fn negation_of(ctx: &Context, ir: &Ir, v: Value) -> Option<Value> {
    let xor = XOrIOp::defining(ctx, ir, v)?;
    matches!(constant_int(ctx, ir, xor.rhs(ctx, ir)), Some(1) | Some(-1)).then(|| xor.lhs(ctx, ir))
}

fn if_fold_not_condition(op: OpId, rw: &mut PatternRewriter) -> RewriteResult {
    let ctx = rw.ctx();
    let ir = rw.ir();
    if ir.region_is_empty(ir.region(op, 1)) {
        return Err(NoMatch);
    }
    let cond = negation_of(ctx, ir, ir.operand(op, 0)).ok_or(NoMatch)?;
    let (r0, r1) = (ir.region(op, 0), ir.region(op, 1));
    rw.modify_op_in_place(op, |ir| {
        ir.set_operand(op, 0, cond);
        swap_regions(ir, r0, r1);
    });
    Ok(())
}

fn swap_regions(ir: &mut Ir, a: RegionId, b: RegionId) {
    let (xs, ys) = (ir.region_blocks(a).to_vec(), ir.region_blocks(b).to_vec());
    for &x in &xs {
        ir.detach_block(x);
    }
    for &y in &ys {
        ir.detach_block(y);
    }
    for (i, y) in ys.into_iter().enumerate() {
        ir.insert_block(a, i, y);
    }
    for (i, x) in xs.into_iter().enumerate() {
        ir.insert_block(b, i, x);
    }
}

fn if_yield_condition(op: OpId, rw: &mut PatternRewriter) -> RewriteResult {
    let ctx = rw.ctx();
    let ir = rw.ir();
    if ir.num_results(op) == 0 || ctx.dialect("arith").is_none() {
        return Err(NoMatch);
    }
    let (tb, eb) = (
        block_of(ir, op, 0).ok_or(NoMatch)?,
        block_of(ir, op, 1).ok_or(NoMatch)?,
    );
    let (tv, ev) = (yield_operands(ir, tb), yield_operands(ir, eb));
    let cond = ir.operand(op, 0);
    let mut changed = false;
    for (i, (&t, &e)) in tv.iter().zip(&ev).enumerate() {
        let r = rw.ir().result(op, i);
        if !rw.ir().has_uses(r) {
            continue;
        }
        if t == e {
            rw.replace_all_uses_with(r, t);
            changed = true;
            continue;
        }
        let is_i1 = |v: Value| rw.ir().value_type(v) == ctx.signless(1);
        if !is_i1(t) {
            continue;
        }
        let (Some(a), Some(b)) = (constant_int(ctx, rw.ir(), t), constant_int(ctx, rw.ir(), e))
        else {
            continue;
        };
        let (a, b) = (a != 0, b != 0);
        if !a && b {
            let one = i1_constant(rw, true, op);
            let mut state = OperationState::new(ctx, XOrIOp::NAME, rw.ir().op_loc(op));
            state.operands = vec![cond, one];
            state.result_types = vec![ctx.signless(1)];
            let x = rw.create_op_at(state, InsertPoint::Before(op));
            let not = rw.ir().result(x, 0);
            rw.replace_all_uses_with(r, not);
            changed = true;
        } else if a && !b {
            rw.replace_all_uses_with(r, cond);
            changed = true;
        }
    }
    if changed {
        Ok(())
    } else {
        Err(NoMatch)
    }
}

/// Whether `op` lies in `region` (at any depth).
fn in_region(ir: &Ir, region: RegionId, mut op: OpId) -> bool {
    loop {
        let Some(block) = ir.op_block(op) else {
            return false;
        };
        if ir.block_region(block) == Some(region) {
            return true;
        }
        match ir.block_parent_op(block) {
            Some(p) => op = p,
            None => return false,
        }
    }
}

fn new_if(rw: &mut PatternRewriter, cond: Value, types: Vec<Type>, at: OpId) -> OpId {
    let ctx = rw.ctx();
    let mut state = OperationState::new(ctx, IfOp::NAME, rw.ir().op_loc(at));
    state.operands = vec![cond];
    state.result_types = types;
    state.num_regions = 2;
    rw.create_op_at(state, InsertPoint::Before(at))
}

fn create_yield(rw: &mut PatternRewriter, block: BlockId, values: Vec<Value>, loc_of: OpId) {
    let mut state = OperationState::new(rw.ctx(), YieldOp::NAME, rw.ir().op_loc(loc_of));
    state.operands = values;
    rw.create_op_at(state, InsertPoint::BlockEnd(block));
}

/// Appends the ops of `from` to `into`, joining their two yields into one
/// (the first's operands, then the second's).
fn merge_yielding_blocks(rw: &mut PatternRewriter, from: BlockId, into: BlockId) {
    let y1 = rw.ir().last_op(into).expect("terminated");
    let y2 = rw.ir().last_op(from).expect("terminated");
    let mut values: Vec<Value> = rw.ir().operands(y1).collect();
    values.extend(rw.ir().operands(y2));
    rw.merge_blocks(from, into, &[]);
    create_yield(rw, into, values, y2);
    rw.erase_op(y1);
    rw.erase_op(y2);
}

fn combine_ifs(next: OpId, rw: &mut PatternRewriter) -> RewriteResult {
    let ctx = rw.ctx();
    let ir = rw.ir();
    let prev = ir.prev_op(next).ok_or(NoMatch)?;
    if !IfOp::is(ctx, ir, prev) {
        return Err(NoMatch);
    }
    let (pc, nc) = (ir.operand(prev, 0), ir.operand(next, 0));
    let next_has_else = !ir.region_is_empty(ir.region(next, 1));
    let (mut next_then, mut next_else) = (None, None);
    if pc == nc {
        next_then = Some(0);
        next_else = next_has_else.then_some(1);
    }
    let negated = negation_of(ctx, ir, nc) == Some(pc) || negation_of(ctx, ir, pc) == Some(nc);
    if negated {
        next_else = Some(0);
        next_then = next_has_else.then_some(1);
    }
    if next_then.is_none() && next_else.is_none() {
        return Err(NoMatch);
    }
    let prev_then = block_of(ir, prev, 0).ok_or(NoMatch)?;
    let prev_then_yield = yield_operands(ir, prev_then);
    let prev_else_yield = block_of(ir, prev, 1)
        .map(|b| yield_operands(ir, b))
        .unwrap_or_default();
    // Uses of prev's results inside next's branches read the yields.
    let region_then = next_then.map(|r| ir.region(next, r));
    let region_else = next_else.map(|r| ir.region(next, r));
    let mut updates = Vec::new();
    for (i, r) in ir.results(prev).enumerate() {
        for u in ir.uses(r) {
            if region_then.is_some_and(|reg| in_region(ir, reg, u.op)) {
                updates.push((u.op, u.index as usize, prev_then_yield[i]));
            } else if let (Some(reg), Some(&v)) = (region_else, prev_else_yield.get(i)) {
                if in_region(ir, reg, u.op) {
                    updates.push((u.op, u.index as usize, v));
                }
            }
        }
    }
    for (user, index, v) in updates {
        rw.modify_op_in_place(user, |ir| ir.set_operand(user, index, v));
    }
    let ir = rw.ir();
    let mut types: Vec<Type> = ir.results(prev).map(|r| ir.value_type(r)).collect();
    types.extend(ir.results(next).map(|r| ir.value_type(r)));
    let combined = new_if(rw, pc, types, next);
    let (c0, c1) = (rw.ir().region(combined, 0), rw.ir().region(combined, 1));
    let (p0, p1) = (rw.ir().region(prev, 0), rw.ir().region(prev, 1));
    rw.ir_mut_unnotified().take_region_body(p0, c0);
    let combined_then = block_of(rw.ir(), combined, 0).expect("then block");
    if let Some(r) = next_then {
        let b = block_of(rw.ir(), next, r).expect("block");
        merge_yielding_blocks(rw, b, combined_then);
    }
    rw.ir_mut_unnotified().take_region_body(p1, c1);
    if let Some(r) = next_else {
        let from = rw.ir().region(next, r);
        match block_of(rw.ir(), combined, 1) {
            None => rw.ir_mut_unnotified().take_region_body(from, c1),
            Some(combined_else) => {
                let b = block_of(rw.ir(), next, r).expect("block");
                merge_yielding_blocks(rw, b, combined_else);
            }
        }
    }
    let n_prev = rw.ir().num_results(prev);
    let results: Vec<Value> = rw.ir().results(combined).collect();
    rw.replace_op(prev, &results[..n_prev]);
    rw.replace_op(next, &results[n_prev..]);
    Ok(())
}

fn combine_nested_ifs(op: OpId, rw: &mut PatternRewriter) -> RewriteResult {
    let ctx = rw.ctx();
    let ir = rw.ir();
    if ctx.dialect("arith").is_none() {
        return Err(NoMatch);
    }
    let then_block = block_of(ir, op, 0).ok_or(NoMatch)?;
    let nested = ir.first_op(then_block).ok_or(NoMatch)?;
    let then_term = ir.last_op(then_block).ok_or(NoMatch)?;
    if ir.next_op(nested) != Some(then_term) || !IfOp::is(ctx, ir, nested) {
        return Err(NoMatch);
    }
    let only_yield = |b: Option<BlockId>| b.is_none_or(|b| ir.first_op(b) == ir.last_op(b));
    let else_block = block_of(ir, op, 1);
    if !only_yield(else_block) || !only_yield(block_of(ir, nested, 1)) {
        return Err(NoMatch);
    }
    let mut then_yield: Vec<Value> = ir.operands(then_term).collect();
    let else_yield: Vec<Value> = else_block
        .map(|b| yield_operands(ir, b))
        .unwrap_or_default();
    let nested_then = block_of(ir, nested, 0).ok_or(NoMatch)?;
    let mut to_select = Vec::new();
    for (i, slot) in then_yield.iter_mut().enumerate() {
        let v = *slot;
        if ir.defining_op(v) == Some(nested) {
            let k = (0..ir.num_results(nested))
                .find(|&k| ir.result(nested, k) == v)
                .expect("a result");
            let nested_else = block_of(ir, nested, 1).ok_or(NoMatch)?;
            if yield_operands(ir, nested_else).get(k) != else_yield.get(i) {
                return Err(NoMatch);
            }
            *slot = yield_operands(ir, nested_then)[k];
            continue;
        }
        if ir.value_block(v).and_then(|b| ir.block_region(b)) == Some(ir.region(op, 0)) {
            return Err(NoMatch);
        }
        to_select.push(i);
    }
    let loc = ir.op_loc(op);
    let i1 = ctx.signless(1);
    let (outer_cond, inner_cond) = (ir.operand(op, 0), ir.operand(nested, 0));
    let types: Vec<Type> = ir.results(op).map(|r| ir.value_type(r)).collect();
    let mut state = OperationState::new(ctx, AndIOp::NAME, loc);
    state.operands = vec![outer_cond, inner_cond];
    state.result_types = vec![i1];
    let and = rw.create_op_at(state, InsertPoint::Before(op));
    let cond = rw.ir().result(and, 0);
    let new = new_if(rw, cond, types, op);
    let mut results: Vec<Value> = rw.ir().results(new).collect();
    for &i in &to_select {
        let ty = rw.ir().value_type(then_yield[i]);
        let state = select_state(ctx, outer_cond, then_yield[i], else_yield[i], ty, loc);
        let s = rw.create_op_at(state, InsertPoint::Before(new));
        results[i] = rw.ir().result(s, 0);
    }
    let r0 = rw.ir().region(new, 0);
    let block = rw.create_block(r0, &[]);
    let nested_yield = rw.ir().last_op(nested_then).expect("terminated");
    rw.merge_blocks(nested_then, block, &[]);
    create_yield(rw, block, then_yield, nested_yield);
    rw.erase_op(nested_yield);
    if !else_yield.is_empty() {
        let r1 = rw.ir().region(new, 1);
        let eb = rw.create_block(r1, &[]);
        create_yield(rw, eb, else_yield, op);
    }
    rw.replace_op(op, &results);
    Ok(())
}

fn index_switch_constant(op: OpId, rw: &mut PatternRewriter) -> RewriteResult {
    let ctx = rw.ctx();
    let ir = rw.ir();
    let value = constant_int(ctx, ir, ir.operand(op, 0)).ok_or(NoMatch)?;
    let cases = i64_array_prop(ctx, ir, op, "cases");
    let region = cases
        .iter()
        .position(|&c| c as i128 == value)
        .map_or(0, |i| i + 1);
    let block = block_of(ir, op, region).ok_or(NoMatch)?;
    ir.last_op(block).ok_or(NoMatch)?;
    rw.replace_op_with_block(op, block, &[]);
    Ok(())
}
