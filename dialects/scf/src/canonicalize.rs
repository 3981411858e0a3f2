//! Canonicalizations of `scf`, after MLIR's: loops that run zero or one
//! time disappear, loop-carried values that are only forwarded are
//! dropped, `scf.if` on a constant condition is inlined and loses unused
//! results and empty `else` blocks, its condition reads `true`/`false`
//! inside its branches, values both branches yield from outside become
//! `arith.select`s, and single-block `scf.execute_region`s are inlined.

use crate::{ExecuteRegionOp, ForOp, IfOp};
use smallvec::SmallVec;
use strata_dialect_arith::build::{constant_state, select_state};
use strata_dialect_arith::AddIOp;
use strata_ir::fold::constant_of_value;
use strata_ir::rewrite::{NoMatch, PatternRewriter, RewritePatternSet, RewriteResult};
use strata_ir::{BlockId, Context, InsertPoint, Ir, OpId, OperationState, Type, Value};

pub(crate) fn for_patterns(ctx: &Context, set: &mut RewritePatternSet) {
    let name = Some(ctx.op_name(ForOp::NAME));
    set.add_fn(name, 1, "SimplifyTrivialLoops", simplify_trivial_loops);
    set.add_fn(name, 1, "ForOpIterArgsFolder", for_iter_args_folder);
}

pub(crate) fn if_patterns(ctx: &Context, set: &mut RewritePatternSet) {
    let name = Some(ctx.op_name(IfOp::NAME));
    set.add_fn(name, 1, "RemoveStaticCondition", if_static_condition);
    set.add_fn(name, 1, "RemoveUnusedResults", if_unused_results);
    set.add_fn(name, 1, "RemoveEmptyElseBranch", if_empty_else);
    set.add_fn(name, 1, "ConvertTrivialIfToSelect", if_to_select);
    set.add_fn(name, 1, "ConditionPropagation", if_condition_propagation);
    crate::canonicalize_if::add_if_patterns(ctx, set);
}

pub(crate) fn execute_region_patterns(ctx: &Context, set: &mut RewritePatternSet) {
    let name = Some(ctx.op_name(ExecuteRegionOp::NAME));
    set.add_fn(name, 1, "SingleBlockExecuteInliner", inline_execute_region);
}

/// The integer value of `v` if a constant op defines it.
pub fn constant_int(ctx: &Context, ir: &Ir, v: Value) -> Option<i128> {
    constant_of_value(ctx, ir, v).and_then(|a| ctx.integer_value(a))
}

/// An `arith.constant` of `i1` before `at`, with `at`'s location.
pub(crate) fn i1_constant(rw: &mut PatternRewriter, value: bool, at: OpId) -> Value {
    let ctx = rw.ctx();
    let i1 = ctx.signless(1);
    let attr = ctx.integer_attr(i1, value as i128);
    let state = constant_state(ctx, attr, i1, rw.ir().op_loc(at));
    let c = rw.create_op_at(state, InsertPoint::Before(at));
    rw.ir().result(c, 0)
}

/// One loop bound as MLIR's `OpFoldResult`: a static `i64` attribute
/// (`scf.forall`'s static bounds) or an SSA value.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Bound {
    Static(i64),
    Dynamic(Value),
}

impl Bound {
    /// The constant this entry stands for, through constant ops too.
    pub fn constant(self, ctx: &Context, ir: &Ir) -> Option<i64> {
        match self {
            Bound::Static(v) => Some(v),
            Bound::Dynamic(v) => constant_int(ctx, ir, v).and_then(|c| i64::try_from(c).ok()),
        }
    }

    /// (bit width, is index) of the bound's type; static bounds are `i64`.
    fn kind(self, ctx: &Context, ir: &Ir) -> (u32, bool) {
        match self {
            Bound::Static(_) => (64, false),
            Bound::Dynamic(v) => {
                let ty = ir.value_type(v);
                if ctx.is_index(ty) {
                    (64, true)
                } else {
                    (ctx.integer_width(ty).unwrap_or(64), false)
                }
            }
        }
    }
}

/// `ub - lb` when `ub` is `lb` plus a constant (`arith.addi`), the case
/// MLIR's value-bounds `computeUbMinusLb` proves most often. Only when the
/// addition cannot wrap in the loop's comparison (`nsw` for a signed loop,
/// `nuw` for an unsigned one): `lb + 1` with `lb` the largest value wraps
/// below `lb`, and the loop does not run.
fn ub_minus_lb(ctx: &Context, ir: &Ir, lb: Value, ub: Value, unsigned: bool) -> Option<i128> {
    let add = AddIOp::defining(ctx, ir, ub)?;
    const NSW: u64 = 1;
    const NUW: u64 = 2;
    let flags = strata_dialect_arith::fold::overflow_flags(ctx, ir, add.op());
    if flags & (if unsigned { NUW } else { NSW }) == 0 {
        return None;
    }
    let (a, b) = (add.lhs(ctx, ir), add.rhs(ctx, ir));
    if a == lb {
        constant_int(ctx, ir, b)
    } else if b == lb {
        constant_int(ctx, ir, a)
    } else {
        None
    }
}

/// The number of iterations of a loop with these bounds, when known
/// (MLIR 22's `constantTripCount`): bounds of different types give none,
/// equal bounds, a zero or negative constant step and `ub <= lb` give 0.
pub fn trip_count(
    ctx: &Context,
    ir: &Ir,
    lb: Bound,
    ub: Bound,
    step: Bound,
    unsigned: bool,
) -> Option<u128> {
    let (width, _) = lb.kind(ctx, ir);
    if lb.kind(ctx, ir) != ub.kind(ctx, ir) {
        return None;
    }
    if lb == ub {
        return Some(0);
    }
    let value = |b: Bound| -> Option<i128> {
        let c = match b {
            Bound::Static(v) => v as i128,
            Bound::Dynamic(v) => constant_int(ctx, ir, v)?,
        };
        Some(if unsigned && width < 128 {
            c & ((1i128 << width) - 1)
        } else {
            c
        })
    };
    let s = match step {
        Bound::Static(v) => Some(v as i128),
        Bound::Dynamic(v) => constant_int(ctx, ir, v),
    };
    match s {
        Some(0) => return Some(0),
        Some(s) if s < 0 => return Some(0),
        _ => {}
    }
    let diff = match (value(lb), value(ub)) {
        (Some(l), Some(u)) => {
            if u <= l {
                return Some(0);
            }
            u - l
        }
        (Some(_), None) | (None, Some(_)) => return None,
        (None, None) => match (lb, ub) {
            (Bound::Dynamic(l), Bound::Dynamic(u)) => ub_minus_lb(ctx, ir, l, u, unsigned)?,
            _ => return None,
        },
    };
    if diff < 0 {
        return Some(0);
    }
    let s = s?;
    Some(((diff + s - 1) / s) as u128)
}

/// [`trip_count`] of an `scf.for` (all three bounds are values).
pub fn constant_trip_count(
    ctx: &Context,
    ir: &Ir,
    lb: Value,
    ub: Value,
    step: Value,
    unsigned: bool,
) -> Option<u128> {
    let d = Bound::Dynamic;
    trip_count(ctx, ir, d(lb), d(ub), d(step), unsigned)
}

fn entry(ir: &Ir, op: OpId, region: usize) -> Option<BlockId> {
    ir.entry_block(ir.region(op, region))
}

/// Replaces `op` by the single block of its region `region`, with `args`
/// for the block's arguments.
fn inline_single_block(rw: &mut PatternRewriter, op: OpId, region: usize, args: &[Value]) {
    let block = entry(rw.ir(), op, region).expect("non-empty region");
    rw.replace_op_with_block(op, block, args);
}

fn simplify_trivial_loops(op: OpId, rw: &mut PatternRewriter) -> RewriteResult {
    let ctx = rw.ctx();
    let ir = rw.ir();
    let operands: Vec<Value> = ir.operands(op).collect();
    let (lb, ub, step) = (operands[0], operands[1], operands[2]);
    let inits = operands[3..].to_vec();
    let unsigned = ir.attr(ctx, op, "unsignedCmp").is_some();
    match constant_trip_count(ctx, ir, lb, ub, step, unsigned) {
        Some(0) => {
            rw.replace_op(op, &inits);
            Ok(())
        }
        Some(1) => {
            let mut args = vec![lb];
            args.extend(&inits);
            inline_single_block(rw, op, 0, &args);
            Ok(())
        }
        _ => {
            // A body that only yields values defined outside the loop: the
            // loop's results are those values if it runs at least once.
            let block = entry(ir, op, 0).ok_or(NoMatch)?;
            let term = ir.last_op(block).ok_or(NoMatch)?;
            if ir.first_op(block) != Some(term) || inits.is_empty() {
                return Err(NoMatch);
            }
            let yielded: Vec<Value> = ir.operands(term).collect();
            let outside = yielded
                .iter()
                .all(|&v| ir.value_block(v).and_then(|b| ir.block_parent_op(b)) != Some(op));
            let runs =
                matches!(constant_trip_count(ctx, ir, lb, ub, step, unsigned), Some(n) if n > 0);
            if !outside || !runs {
                return Err(NoMatch);
            }
            rw.replace_op(op, &yielded);
            Ok(())
        }
    }
}

/// Creates a copy of `op` (same name, properties, attributes) with new
/// operands and result types, taking over its regions.
pub fn rebuild_op(
    rw: &mut PatternRewriter,
    op: OpId,
    operands: Vec<Value>,
    result_types: Vec<Type>,
) -> OpId {
    let ir = rw.ir();
    let mut state = OperationState::new(rw.ctx(), "", ir.op_loc(op));
    state.name = ir.op_name(op);
    state.operands = operands;
    state.result_types = result_types;
    state.properties = ir.properties(op);
    state.attributes = ir.attributes(op);
    state.num_regions = ir.regions(op).len();
    let new_op = rw.create_op_at(state, InsertPoint::Before(op));
    for i in 0..rw.ir().regions(op).len() {
        let (from, to) = (rw.ir().region(op, i), rw.ir().region(new_op, i));
        rw.ir_mut_unnotified().take_region_body(from, to);
    }
    new_op
}

fn for_iter_args_folder(op: OpId, rw: &mut PatternRewriter) -> RewriteResult {
    let ir = rw.ir();
    let block = entry(ir, op, 0).ok_or(NoMatch)?;
    let term = ir.last_op(block).ok_or(NoMatch)?;
    let operands: Vec<Value> = ir.operands(op).collect();
    let inits = &operands[3..];
    let iter_args: Vec<Value> = ir.block_args(block)[1..].to_vec();
    let yielded: Vec<Value> = ir.operands(term).collect();
    if yielded.len() != inits.len() {
        return Err(NoMatch);
    }
    let mut keep = Vec::new();
    for i in 0..inits.len() {
        let result = ir.result(op, i);
        let forwarded = iter_args[i] == yielded[i]
            || inits[i] == yielded[i]
            || (!ir.has_uses(iter_args[i]) && !ir.has_uses(result));
        keep.push(!forwarded);
    }
    if keep.iter().all(|&k| k) {
        return Err(NoMatch);
    }
    // Forwarded values read the init inside and after the loop.
    for i in 0..inits.len() {
        if !keep[i] {
            rw.replace_all_uses_with(iter_args[i], inits[i]);
        }
    }
    let mut new_operands = operands[..3].to_vec();
    let mut new_types = Vec::new();
    for i in 0..inits.len() {
        if keep[i] {
            new_operands.push(inits[i]);
            new_types.push(rw.ir().value_type(inits[i]));
        }
    }
    let new_yield: Vec<Value> = (0..inits.len())
        .filter(|&i| keep[i])
        .map(|i| yielded[i])
        .collect();
    rw.modify_op_in_place(term, |ir| ir.set_operands(term, &new_yield));
    for i in (0..inits.len()).rev() {
        if !keep[i] {
            rw.ir_mut_unnotified()
                .erase_block_arg(block, i + 1)
                .expect("forwarded iter_arg has no uses left");
        }
    }
    let new_op = rebuild_op(rw, op, new_operands, new_types);
    let mut replacements = Vec::new();
    let mut next = 0;
    for i in 0..inits.len() {
        if keep[i] {
            replacements.push(rw.ir().result(new_op, next));
            next += 1;
        } else {
            replacements.push(inits[i]);
        }
    }
    rw.replace_op(op, &replacements);
    Ok(())
}

fn if_static_condition(op: OpId, rw: &mut PatternRewriter) -> RewriteResult {
    let ctx = rw.ctx();
    let cond = constant_int(ctx, rw.ir(), rw.ir().operand(op, 0)).ok_or(NoMatch)?;
    let region = if cond != 0 { 0 } else { 1 };
    if rw.ir().region_is_empty(rw.ir().region(op, region)) {
        rw.erase_op(op);
        return Ok(());
    }
    inline_single_block(rw, op, region, &[]);
    Ok(())
}

fn if_unused_results(op: OpId, rw: &mut PatternRewriter) -> RewriteResult {
    let ir = rw.ir();
    let n = ir.num_results(op);
    let used: Vec<bool> = (0..n).map(|i| ir.has_uses(ir.result(op, i))).collect();
    if used.iter().all(|&u| u) {
        return Err(NoMatch);
    }
    let types: Vec<Type> = (0..n)
        .filter(|&i| used[i])
        .map(|i| ir.value_type(ir.result(op, i)))
        .collect();
    let cond = ir.operand(op, 0);
    for r in 0..2 {
        let Some(block) = entry(rw.ir(), op, r) else {
            continue;
        };
        let term = rw.ir().last_op(block).ok_or(NoMatch)?;
        let kept: Vec<Value> = rw
            .ir()
            .operands(term)
            .enumerate()
            .filter(|(i, _)| used[*i])
            .map(|(_, v)| v)
            .collect();
        rw.modify_op_in_place(term, |ir| ir.set_operands(term, &kept));
    }
    let new_op = rebuild_op(rw, op, vec![cond], types);
    let mut replacements = Vec::new();
    let mut next = 0;
    for (i, &is_used) in used.iter().enumerate().take(n) {
        if is_used {
            replacements.push(rw.ir().result(new_op, next));
            next += 1;
        } else {
            // Unused: any value of the right type would do; the new op has none,
            // so keep the old result's uses empty by pointing at itself.
            replacements.push(rw.ir().result(op, i));
        }
    }
    // Only used results need replacing; unused ones die with the op.
    for (i, &v) in replacements.iter().enumerate() {
        if used[i] {
            let from = rw.ir().result(op, i);
            rw.replace_all_uses_with(from, v);
        }
    }
    rw.erase_op(op);
    Ok(())
}

fn if_empty_else(op: OpId, rw: &mut PatternRewriter) -> RewriteResult {
    let ir = rw.ir();
    if ir.num_results(op) != 0 {
        return Err(NoMatch);
    }
    let block = entry(ir, op, 1).ok_or(NoMatch)?;
    let only_terminator = ir.first_op(block) == ir.last_op(block);
    if !only_terminator {
        return Err(NoMatch);
    }
    rw.erase_block(block);
    Ok(())
}

/// Results of an `scf.if` that both branches yield from outside the op
/// become `arith.select`s (or the common value), and the `scf.if` keeps
/// only the results its branches compute (MLIR's
/// `ConvertTrivialIfToSelect`), when arith is loaded.
fn if_to_select(op: OpId, rw: &mut PatternRewriter) -> RewriteResult {
    let ctx = rw.ctx();
    let ir = rw.ir();
    if ir.num_results(op) == 0 || ctx.dialect("arith").is_none() {
        return Err(NoMatch);
    }
    let (then_block, else_block) = (
        entry(ir, op, 0).ok_or(NoMatch)?,
        entry(ir, op, 1).ok_or(NoMatch)?,
    );
    let then_yield = ir.last_op(then_block).ok_or(NoMatch)?;
    let else_yield = ir.last_op(else_block).ok_or(NoMatch)?;
    let then_vals: Vec<Value> = ir.operands(then_yield).collect();
    let else_vals: Vec<Value> = ir.operands(else_yield).collect();
    if then_vals.len() != ir.num_results(op) || else_vals.len() != then_vals.len() {
        return Err(NoMatch);
    }
    // Defined directly in the branch's region (MLIR compares the value's
    // parent region with the branch's).
    let in_region = |v: Value, r: usize| {
        ir.value_block(v).and_then(|b| ir.block_region(b)) == Some(ir.region(op, r))
    };
    let computed: Vec<bool> = then_vals
        .iter()
        .zip(&else_vals)
        .map(|(&t, &e)| in_region(t, 0) || in_region(e, 1))
        .collect();
    if computed.iter().all(|&c| c) {
        return Err(NoMatch);
    }
    let cond = ir.operand(op, 0);
    let loc = ir.op_loc(op);
    let kept_types: Vec<Type> = then_vals
        .iter()
        .zip(&computed)
        .filter(|(_, &c)| c)
        .map(|(&v, _)| ir.value_type(v))
        .collect();
    let keep = |vals: &[Value]| -> Vec<Value> {
        vals.iter()
            .zip(&computed)
            .filter(|(_, &c)| c)
            .map(|(&v, _)| v)
            .collect()
    };
    let (then_kept, else_kept) = (keep(&then_vals), keep(&else_vals));
    rw.modify_op_in_place(then_yield, |ir| ir.set_operands(then_yield, &then_kept));
    rw.modify_op_in_place(else_yield, |ir| ir.set_operands(else_yield, &else_kept));
    let new_op = rebuild_op(rw, op, vec![cond], kept_types);
    let mut results: SmallVec<[Value; 4]> = SmallVec::new();
    let mut next = 0;
    for (i, (t, e)) in then_vals.into_iter().zip(else_vals).enumerate() {
        if computed[i] {
            results.push(rw.ir().result(new_op, next));
            next += 1;
        } else if t == e {
            results.push(t);
        } else {
            let state = select_state(ctx, cond, t, e, rw.ir().value_type(t), loc);
            let select = rw.create_op_at(state, InsertPoint::Before(new_op));
            results.push(rw.ir().result(select, 0));
        }
    }
    rw.replace_op(op, &results);
    Ok(())
}

fn inline_execute_region(op: OpId, rw: &mut PatternRewriter) -> RewriteResult {
    let ctx = rw.ctx();
    let ir = rw.ir();
    if ir.attr(ctx, op, "no_inline").is_some() || ir.region_blocks(ir.region(op, 0)).len() != 1 {
        return Err(NoMatch);
    }
    inline_single_block(rw, op, 0, &[]);
    Ok(())
}

/// Uses of an `scf.if`'s condition inside its `then` region read `true`,
/// inside its `else` region `false` (MLIR's `ConditionPropagation`; one
/// `arith.constant` of each kind, created before the op).
fn if_condition_propagation(op: OpId, rw: &mut PatternRewriter) -> RewriteResult {
    let ctx = rw.ctx();
    let ir = rw.ir();
    let cond = ir.operand(op, 0);
    if constant_of_value(ctx, ir, cond).is_some() || ctx.dialect("arith").is_none() {
        return Err(NoMatch);
    }
    // (user, operand index, region of `op` holding the user)
    let mut inside = Vec::new();
    for u in ir.uses(cond) {
        let mut cur = u.op;
        while let Some(parent) = ir.parent_op(cur) {
            if parent == op {
                let region = ir
                    .op_block(cur)
                    .and_then(|b| ir.block_region(b))
                    .map(|r| ir.region_index(r));
                if let Some(r) = region {
                    inside.push((u.op, u.index as usize, r));
                }
                break;
            }
            cur = parent;
        }
    }
    if inside.is_empty() {
        return Err(NoMatch);
    }
    let mut constants: [Option<Value>; 2] = [None, None];
    for (user, index, region) in inside {
        let value = match constants[region] {
            Some(v) => v,
            None => {
                let v = i1_constant(rw, region == 0, op);
                constants[region] = Some(v);
                v
            }
        };
        rw.modify_op_in_place(user, |ir| ir.set_operand(user, index, value));
    }
    Ok(())
}
